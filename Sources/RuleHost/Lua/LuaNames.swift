import CLua

/// A few names a host function tells apart by the Lua string it is given (`score.title`,
/// `score.file` …), found by the string's address instead of its bytes.
///
/// Lua 5.4 interns every string of at most 40 bytes (`LUAI_MAXSHORTLEN`): two short strings
/// with the same bytes are one object. Each name is interned here once and kept in the
/// registry for the life of the table, so a Lua string is one of the names exactly when it is
/// that object; a longer string, or any other value, is none of them.
struct LuaNames<Value> {
    /// The longest name Lua interns.
    static var longestName: Int { 40 }

    /// The interned names' addresses with their values.
    private let entries: [(address: UnsafeRawPointer, value: Value)]

    /// Interns `names` in `lua` and keeps them alive there.
    ///
    /// - Precondition: every name is at most `longestName` bytes.
    init(_ names: [(name: String, value: Value)], in lua: LuaState) {
        entries = names.map { name, value in
            precondition(name.utf8.count <= Self.longestName, "LuaNames: '\(name)' is not interned by Lua")
            lua.push(name)
            let address = lua.address(at: -1)
            _ = lua.ref()  // never released: the address must stay this name's
            return (address!, value)
        }
    }

    /// The value of the name that is the Lua string at `index`, or nil when it is no name
    /// (or no string).
    func value(at index: Int32, in lua: LuaState) -> Value? {
        guard lua.type(at: index) == .string, let address = lua.address(at: index) else { return nil }
        return entries.first { $0.address == address }?.value
    }
}

extension LuaState {
    /// The address of the collectable object at `index` (`lua_topointer`), for identity only.
    fileprivate func address(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }
}
