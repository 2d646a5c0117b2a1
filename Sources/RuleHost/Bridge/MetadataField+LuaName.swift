import MetadataModel

extension MetadataField {
    /// The field whose name is the Lua string at `index` (what `init(rawValue:)` finds), or nil.
    ///
    /// Read from Lua's bytes without making a String: every `score.title`, `#score.tags` and
    /// `score.genres:add(…)` names its field this way. The names are ASCII, so byte equality is
    /// String equality for them.
    static func named(at index: Int32, in lua: LuaState) -> MetadataField? {
        lua.withStringBytes(at: index) { bytes in
            namesInUTF8.first { $0.name.count == bytes.count && $0.name.elementsEqual(bytes) }?.field
        } ?? nil
    }

    private static let namesInUTF8 = allCases.map { (name: Array($0.rawValue.utf8), field: $0) }
}
