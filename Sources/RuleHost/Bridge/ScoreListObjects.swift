import MetadataModel

/// The four list objects of one state's `score` (`score.composers` … `score.labels`), known by
/// the address of their userdata, so that a host function handed a list — the `self` of
/// `#list`, `list[i]` and `list:add(v)` — knows its field without a Lua lookup.
final class ScoreListObjects {
    /// Filled once by `register`, before any host function runs, and only read after.
    private var objects: [(address: UInt, field: MetadataField)] = []

    /// Remembers the list objects of the table at `known` (the prelude's table behind `score`,
    /// which holds each list under its field name).
    func register(from known: Int32, in lua: LuaState) {
        for field in MetadataField.allCases where field.kind == .list {
            lua.rawGet(known, field: field.rawValue)
            defer { lua.pop() }
            guard let address = lua.userdataAddress(at: -1) else {
                preconditionFailure("ScoreListObjects: score.\(field.rawValue) is not a list object")
            }
            objects.append((address, field))
        }
    }

    /// The field of the list object at `index`, or nil when the value there is no list object.
    func field(at index: Int32, in lua: LuaState) -> MetadataField? {
        guard let address = lua.userdataAddress(at: index) else { return nil }
        return objects.first { $0.address == address }?.field
    }
}
