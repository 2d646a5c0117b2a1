import CLua

/// A value kept alive in the registry (`luaL_ref`), valid only in the state that made it.
struct LuaRef: Hashable {
    fileprivate let id: Int32
}

/// Built-in C functions of the shim the sandbox and bridge install (see `sandbox.h`).
enum LuaBuiltin {
    /// `pcall` that rethrows budget and memory errors.
    case pcall
    /// `xpcall` that rethrows budget and memory errors.
    case xpcall
    /// `readonly(t)`: a read-only userdata view of a table.
    case readonly
    /// `newobject(mt)`: an empty userdata with a metatable.
    case newObject
    /// `guard(kind, original [, name])`: wraps a library function in its C guard.
    case makeGuard
    /// `string.find` with a step-counted matcher.
    case find
    /// `string.match` with a step-counted matcher.
    case match
    /// `string.gmatch` with a step-counted matcher.
    case gmatch
    /// `string.gsub` with a step-counted matcher.
    case gsub

    fileprivate var function: lua_CFunction {
        switch self {
        case .pcall: clua_sandbox_pcall
        case .xpcall: clua_sandbox_xpcall
        case .readonly: clua_readonly
        case .newObject: clua_newobject
        case .makeGuard: clua_make_guard
        case .find: clua_pattern_find
        case .match: clua_pattern_match
        case .gmatch: clua_pattern_gmatch
        case .gsub: clua_pattern_gsub
        }
    }
}

extension LuaState {
    // MARK: Raw table access (no metamethods)

    /// Pushes `t[field]` for the table at `table`; returns its type.
    @discardableResult
    func rawGet(_ table: Int32, field: String) -> LuaType {
        let table = absolute(table)
        push(field)
        return LuaType(rawValue: lua_rawget(L, table)) ?? .none
    }

    /// Pops a key and pushes `t[key]` for the table at `table` (`lua_rawget`); returns its type.
    @discardableResult
    func rawGet(at table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, table)) ?? .none
    }

    /// Pushes `t[index]` for the table at `table`; returns its type.
    @discardableResult
    func rawGet(_ table: Int32, index: Int) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(index))) ?? .none
    }

    /// Pops a value and stores it as `t[field]` in the table at `table`.
    func rawSet(_ table: Int32, field: String) {
        let table = absolute(table)
        push(field)
        clua_insert(L, -2)
        lua_rawset(L, table)
    }

    /// Pops a value and stores it as `t[k]` in the table at `table`, where `k` is the value of
    /// `key` (a string interned once, see `ref()`).
    func rawSet(_ table: Int32, key: LuaRef) {
        let table = absolute(table)
        push(key)
        clua_insert(L, -2)
        lua_rawset(L, table)
    }

    /// Pops a key and a value (pushed in that order) and stores `t[key] = value` in the table
    /// at `table` (`lua_rawset`).
    func rawSet(at table: Int32) {
        lua_rawset(L, table)
    }

    /// Pops a value and stores it as `t[index]` in the table at `table`.
    func rawSet(_ table: Int32, index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    /// Replaces the table on top of the stack with a read-only view of it, as the `readonly`
    /// builtin makes (`clua_readonly`: a userdata whose user value is the table, with the
    /// shared metatable `CLUA_READONLY`). That metatable must exist: the bridge prelude calls
    /// `readonly` once when it starts. It is looked up by name once, then by reference.
    ///
    /// - Parameter name: How rules write the view (`score.file`), for the error of an
    ///   assignment to one of its fields: "score.file.stem is read-only". The view's second
    ///   user value.
    func makeReadOnly(named name: String? = nil) {
        if let metatable = readOnlyMetatable {
            push(metatable)
        } else {
            let found = lua_getfield(L, clua_registryindex(), CLUA_READONLY)
            precondition(found == LUA_TTABLE, "makeReadOnly: no readonly() has run in this state")
            lua_pushvalue(L, -1)
            readOnlyMetatable = ref()
        }
        _ = lua_newuserdatauv(L, 0, name == nil ? 1 : 2)  // table, metatable, view
        lua_rotate(L, -3, 1)  // view, table, metatable
        lua_setmetatable(L, -3)
        _ = lua_setiuservalue(L, -2, 1)
        if let name {
            push(name)
            _ = lua_setiuservalue(L, -2, 2)
        }
    }

    /// Replaces the read-only view (``makeReadOnly(named:)``) at `index` with the table it
    /// shows, so that the table can be read raw; returns false, changing nothing, when the
    /// value there is no such view.
    func unwrapReadOnlyView(at index: Int32) -> Bool {
        let index = absolute(index)
        guard luaL_testudata(L, index, CLUA_READONLY) != nil else { return false }
        lua_getiuservalue(L, index, 1)
        lua_copy(L, -1, index)
        pop()
        return true
    }

    /// The raw length (`#` without `__len`) of the table or string at `index`.
    func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Iterates the table at `table` with `lua_next`: for each entry, the key is at -2 and the
    /// value at -1 while `body` runs; `body` must leave the stack as it found it and returns
    /// false to stop.
    func forEachEntry(in table: Int32, _ body: () -> Bool) {
        let table = absolute(table)
        pushNil()
        while lua_next(L, table) != 0 {
            let goOn = body()
            pop()
            if !goOn {
                pop()
                return
            }
        }
    }

    // MARK: References and globals

    /// Pops the top value into the registry and returns its reference.
    func ref() -> LuaRef { LuaRef(id: luaL_ref(L, clua_registryindex())) }

    /// Pushes the value of a reference.
    func push(_ ref: LuaRef) { lua_rawgeti(L, clua_registryindex(), lua_Integer(ref.id)) }

    /// Frees a reference.
    func release(_ ref: LuaRef) { luaL_unref(L, clua_registryindex(), ref.id) }

    /// Pushes the global table of the state (the registry's `LUA_RIDX_GLOBALS`).
    func pushGlobals() { lua_rawgeti(L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }

    /// Pops a table and makes it the state's global table: the default environment of chunks
    /// loaded without one. The sandbox replaces the library-filled globals with an empty table.
    func replaceGlobals() { lua_rawseti(L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }

    /// Pushes a built-in C function of the shim, closing over the `upvalues` topmost values.
    func push(_ builtin: LuaBuiltin, upvalues: Int32 = 0) {
        lua_pushcclosure(L, builtin.function, upvalues)
    }

    /// The line where the Lua function at `index` was defined, or nil for a C function.
    func lineDefined(at index: Int32) -> Int? {
        guard type(at: index) == .function else { return nil }
        pushValue(at: index)
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, info.linedefined > 0 else { return nil }
        return Int(info.linedefined)
    }
}
