import CLua

/// Why a chunk did not load or a call did not finish, and where.
struct LuaFailure: Error, Hashable {
    /// The kind of failure.
    enum Kind: Hashable {
        /// The chunk does not compile (or is not text).
        case syntax
        /// The code raised an error.
        case runtime
        /// The instruction budget of the call ran out.
        case budget
        /// The state's memory cap was reached.
        case memory
    }

    /// The kind of failure.
    var kind: Kind
    /// The message, without the `source:line:` prefix Lua adds.
    var message: String
    /// The chunk (`short_src`, e.g. `20-genre.lua`) where it happened, when known.
    var source: String?
    /// The line in `source`, when known.
    var line: Int?
}

extension LuaState {
    /// Compiles `text` as a text chunk (`luaL_loadbufferx`, mode "t": binary chunks are refused)
    /// and pushes it as a function.
    ///
    /// - Parameter chunkName: the name in messages; `@name` shows as `name`.
    /// - Returns: nil on success, or the syntax error (nothing pushed).
    func load(_ text: String, chunkName: String) -> LuaFailure? {
        var text = text
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                luaL_loadbufferx(L, chars.baseAddress, chars.count, chunkName, "t")
            }
        }
        return loadFailure(status)
    }

    /// Nil when a load returned `LUA_OK`, else its failure (the message is popped).
    private func loadFailure(_ status: Int32) -> LuaFailure? {
        guard status != LUA_OK else { return nil }
        let message = string(at: -1) ?? "cannot load the chunk"
        pop()
        var failure = LuaFailure(kind: status == LUA_ERRMEM ? .memory : .syntax, message: message)
        failure.takeLocation(fromMessage: message)
        return failure
    }

    /// Pops a table and makes it the `_ENV` (first upvalue) of the chunk function at `index`.
    func setEnvironment(ofChunkAt index: Int32) {
        _ = lua_setupvalue(L, index, 1)
    }

    /// Calls the function below the `arguments` topmost values in protected mode with an
    /// instruction budget, leaving `results` values (or `LUA_MULTRET` for all) on success.
    /// Only from outside Lua, never from a host function (the message handler every call uses
    /// sits in the state's bottom stack slot).
    ///
    /// - Returns: nil on success, or the failure with its location (the message is popped).
    func call(arguments: Int32, results: Int32, budget: Int) -> LuaFailure? {
        let status = clua_call(L, arguments, results, Int64(clamping: budget))
        precondition(status != Int32(CLUA_NOT_OUTERMOST), "LuaState.call from inside a host function")
        guard status != LUA_OK else { return nil }
        let message = string(at: -1) ?? "error object is not a string"
        pop()
        let kind: LuaFailure.Kind
        switch clua_abort(L) {
        case Int32(CLUA_ABORT_BUDGET): kind = .budget
        case Int32(CLUA_ABORT_MEMORY): kind = .memory
        default: kind = .runtime
        }
        var failure = LuaFailure(kind: kind, message: message)
        switch kind {
        case .budget: failure.message = "instruction budget exceeded"
        case .memory: failure.message = "memory limit exceeded"
        case .runtime, .syntax: break
        }
        if let source = String(validatingCString: clua_error_source(L)), !source.isEmpty {
            failure.source = source
            failure.line = Int(clua_error_line(L))
        } else if let source = String(validatingCString: clua_seen_source(L)), !source.isEmpty {
            failure.source = source  // a memory error: where the allocation was refused
            failure.line = Int(clua_seen_line(L))
        }
        if kind == .runtime { failure.takeLocation(fromMessage: message) }
        return failure
    }
}

extension LuaState {
    /// The innermost rule-file frame (chunk name `@…`) of the running Lua code, for a host
    /// function that wants to say where it was called from.
    func callerLocation() -> (source: String, line: Int)? {
        var info = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &info) != 0 {
            level += 1
            guard lua_getinfo(L, "Sl", &info) != 0, info.currentline > 0, let source = info.source,
                source.pointee == UInt8(ascii: "@")
            else { continue }
            let shortSource = withUnsafeBytes(of: &info.short_src) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return (shortSource, Int(info.currentline))
        }
        return nil
    }
}

extension LuaFailure {
    /// Moves a leading `source:line: ` (added by `error`, `luaL_error` and the compiler) from the
    /// message into `source` and `line`; it names the position the error was raised for, which
    /// `error(msg, 2)` sets to the caller.
    mutating func takeLocation(fromMessage text: String) {
        let bytes = Array(text.utf8.prefix(1024))
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var colon = 1
        while colon < bytes.count, bytes[colon] != UInt8(ascii: "\n") {
            defer { colon += 1 }
            guard bytes[colon] == UInt8(ascii: ":") else { continue }
            var end = colon + 1
            var number = 0
            while end < bytes.count, end - colon <= 9, digits.contains(bytes[end]) {
                number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            guard end > colon + 1, end + 1 < bytes.count, bytes[end] == UInt8(ascii: ":"),
                bytes[end + 1] == UInt8(ascii: " ")
            else { continue }
            let chunk = String(decoding: bytes[..<colon], as: UTF8.self)
            guard !chunk.contains(": "), !chunk.contains("'"), !chunk.contains("\"") else { return }  // quoted text
            source = chunk
            line = number
            message = String(decoding: text.utf8.dropFirst(end + 2), as: UTF8.self)
            return
        }
    }
}
