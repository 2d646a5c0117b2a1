import CLua

/// The type of a Lua value, as `lua_type` reports it.
enum LuaType: Int32 {
    case none = -1, `nil` = 0, boolean, lightUserdata, number, string, table, function, userdata, thread

    /// The name Lua's `type()` gives (`no value` for an absent argument).
    var name: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata, .userdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .thread: "thread"
        }
    }
}

/// A Swift function Lua can call. It reads its arguments at stack indices 1…n, pushes its
/// results and returns how many, or returns an error message; the C trampoline raises the Lua
/// error, so no `longjmp` ever crosses a Swift frame.
typealias LuaHostFunction = (LuaState) -> LuaHostResult

/// What a host function returns to the trampoline.
enum LuaHostResult {
    /// The number of results the function pushed.
    case values(Int32)
    /// A Lua error with this message.
    case error(String)
}

/// One Lua 5.4 state with the sandbox's limits: a counting allocator capped at `memoryLimit`
/// bytes and a count hook that enforces the instruction budget of each `call`.
///
/// Confinement: a state is not `Sendable`; it must be used by one thread at a time (one state
/// per worker). It closes in `deinit`. Every operation here is raw (`lua_rawget`, `lua_rawset`,
/// `lua_rawlen`) so that no metamethod, and hence no Lua error, can run while Swift is on the
/// stack; allocations made from Swift are never refused (see `clua_alloc`).
///
/// This file and its extensions are the only code in RuleHost that calls `lua_*`.
final class LuaState {
    /// The raw state; only `Lua/` sees it.
    let L: OpaquePointer
    /// The memory cap in bytes.
    let memoryLimit: Int
    /// Host functions by id (the trampoline's upvalue); registered once per state.
    private var hostFunctions: [HostFunction] = []
    /// The same functions, unretained, for `dispatch`: taking one from `hostFunctions` would
    /// retain it for the call and release it after, on every host call. `hostFunctions` keeps
    /// each alive for the life of the state.
    private var hostFunctionRefs: [Unmanaged<HostFunction>] = []

    /// The registry reference of the read-only views' shared metatable, once `makeReadOnly`
    /// has found it (see `LuaState+Tables.swift`).
    var readOnlyMetatable: LuaRef?

    /// A host function as stored: in a box, so that the array holds the closure as it was
    /// written (an array of bare closures would hold each behind a reabstraction thunk, and
    /// every host call would pass through it), and so that `dispatch` can borrow it.
    private final class HostFunction {
        let body: LuaHostFunction
        init(_ body: @escaping LuaHostFunction) { self.body = body }
    }

    /// Creates a state with Lua's base, string, table, math, utf8 and os libraries opened in its
    /// global table (the sandbox then builds rule environments from them and hides the rest).
    ///
    /// - Throws: `RuleError` with code `memoryExceeded` when even an empty state does not fit.
    init(memoryLimit: Int) throws(RuleError) {
        guard memoryLimit > 0, let L = clua_newstate(size_t(memoryLimit), luaDispatch) else {
            throw RuleError(.memoryExceeded, "cannot create a lua state within \(memoryLimit) bytes")
        }
        self.L = L
        self.memoryLimit = memoryLimit
        clua_set_owner(L, Unmanaged.passUnretained(self).toOpaque())
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
            ("math", luaopen_math), ("utf8", luaopen_utf8), ("os", luaopen_os),
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            pop()
        }
    }

    deinit { clua_close(L) }

    /// Bytes the state holds now.
    var memoryUsed: Int { Int(clua_memory_used(L)) }

    // MARK: Stack

    /// The index of the top element (the number of elements in a function's frame).
    var top: Int32 { lua_gettop(L) }

    /// Sets the top (`lua_settop`): drops or pads with nil.
    func setTop(_ index: Int32) { lua_settop(L, index) }

    /// Pops `count` elements.
    func pop(_ count: Int32 = 1) { clua_pop(L, count) }

    /// Pushes a copy of the element at `index`.
    func pushValue(at index: Int32) { lua_pushvalue(L, index) }

    /// Moves the top element into `index`, shifting the elements above it up.
    func insert(at index: Int32) { clua_insert(L, index) }

    /// Converts a relative index into an absolute one.
    func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// Makes room for `count` more elements; false when the stack cannot grow.
    func ensureStack(_ count: Int32) -> Bool { lua_checkstack(L, count) != 0 }

    // MARK: Reading values (never converts, so never allocates)

    /// The type of the value at `index`.
    func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }

    /// The string at `index`, or nil unless it is a string (numbers are not converted).
    func string(at index: Int32) -> String? {
        withStringBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` on the bytes of the string at `index`, in Lua's own buffer (no copy, no UTF-8
    /// check; valid only during `body`), or returns nil unless it is a string.
    func withStringBytes<Result>(at index: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard type(at: index) == .string else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The address of the full userdata at `index` (`lua_touserdata`), or nil unless it is one:
    /// what tells one userdata object from another, as a number, since it is never followed.
    func userdataAddress(at index: Int32) -> UInt? {
        guard type(at: index) == .userdata else { return nil }
        return lua_touserdata(L, index).map { UInt(bitPattern: $0) }
    }

    /// The byte length of the string at `index`, or nil unless it is a string.
    func stringLength(at index: Int32) -> Int? {
        guard type(at: index) == .string else { return nil }
        return Int(lua_rawlen(L, index))
    }

    /// The number at `index` as an integer, or nil unless it is a number with an exact integer value.
    func integer(at index: Int32) -> Int? {
        guard type(at: index) == .number else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    /// The number at `index`, or nil unless it is a number.
    func number(at index: Int32) -> Double? {
        guard type(at: index) == .number else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// Whether the number at `index` is stored as a Lua integer (not a float).
    func isIntegerSubtype(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    /// The truth of the value at `index` (everything but nil and false is true).
    func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    // MARK: Pushing values

    /// Pushes nil.
    func pushNil() { lua_pushnil(L) }

    /// Pushes a string (as UTF-8 bytes; embedded NULs are kept).
    func push(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                _ = lua_pushlstring(L, chars.baseAddress, chars.count)
            }
        }
    }

    /// Pushes the bytes as a string.
    func push(bytes: UnsafeRawBufferPointer) {
        _ = lua_pushlstring(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
    }

    /// Pushes an integer.
    func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }

    /// Pushes a float.
    func push(_ value: Double) { lua_pushnumber(L, value) }

    /// Pushes a boolean.
    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }

    /// Pushes the string, or nil.
    func push(_ value: String?) { if let value { push(value) } else { pushNil() } }

    /// Pushes the integer, or nil.
    func push(_ value: Int?) { if let value { push(value) } else { pushNil() } }

    /// Pushes a new empty table with room for `arrayCount` items and `fieldCount` fields.
    func newTable(arrayCount: Int = 0, fieldCount: Int = 0) {
        lua_createtable(L, Int32(clamping: arrayCount), Int32(clamping: fieldCount))
    }

    /// Pushes a Swift function as a Lua function (a trampoline closure over its id). Each call
    /// registers a new host function for the life of the state: register once per state.
    func push(_ function: @escaping LuaHostFunction) {
        let box = HostFunction(function)
        hostFunctions.append(box)
        hostFunctionRefs.append(Unmanaged.passUnretained(box))
        clua_pushhostfunction(L, Int32(hostFunctions.count - 1))
    }

    /// Runs host function `id` for the trampoline.
    fileprivate func dispatch(_ id: Int32) -> Int32 {
        guard hostFunctionRefs.indices.contains(Int(id)) else {
            push("unknown host function")
            return -1
        }
        let result = hostFunctionRefs[Int(id)]._withUnsafeGuaranteedRef { $0.body(self) }
        switch result {
        case .values(let count):
            return count
        case .error(let message):
            push(message)
            return -1
        }
    }

    /// Charges `units` of work a host function is about to do to the current call's
    /// instruction budget. When it returns false the budget is spent: the function should
    /// return at once, and the trampoline raises the budget error.
    func charge(_ units: Int) -> Bool { clua_charge(L, Int64(clamping: units)) != 0 }
}

/// The dispatcher the C trampoline calls with the owning `LuaState`: runs host function `id`.
private func luaDispatch(_ owner: UnsafeMutableRawPointer?, _ id: Int32) -> Int32 {
    guard let owner else { return 0 }
    // The state is alive while Lua runs in it: borrowed, not retained, for the call.
    return Unmanaged<LuaState>.fromOpaque(owner)._withUnsafeGuaranteedRef { $0.dispatch(id) }
}
