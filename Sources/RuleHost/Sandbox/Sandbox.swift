/// The sandbox of one Lua state (issue 4, "Sandbox"): built once per state by `SandboxPrelude`,
/// after which the state's global table is replaced by an empty one, so nothing but the
/// sandbox's closures can reach the full libraries.
struct Sandbox {
    /// `newenv()`: a fresh environment for one rule file.
    let newEnvironment: LuaRef
    /// `expose(name, table)`: adds a library to every later environment.
    let expose: LuaRef
    /// `bind(f)`: `f(env, folder)` adds to every later environment what depends on its folder.
    let bind: LuaRef

    /// Builds the sandbox in `state`.
    ///
    /// - Parameters:
    ///   - folders: where `require` finds modules: a file of `folders[i]` (environment folder
    ///     `i + 1`) finds them in that folder.
    ///   - log: the host function behind `print` (argument 1: the line).
    /// - Throws: `RuleError` when the state runs out of memory while building it.
    init(in state: LuaState, folders: [RulesFolder], limits: SandboxLimits, log: @escaping LuaHostFunction)
        throws(RuleError)
    {
        if let failure = state.load(SandboxPrelude.source, chunkName: SandboxPrelude.chunkName) {
            throw RuleError(.memoryExceeded, "cannot build the sandbox: \(failure.message)")
        }
        state.newTable(fieldCount: 10)
        state.push(.makeGuard)
        state.rawSet(-2, field: "guard")
        state.push(.readonly)
        state.rawSet(-2, field: "readonly")
        state.push(.pcall)
        state.rawSet(-2, field: "pcall")
        state.push(.xpcall)
        state.rawSet(-2, field: "xpcall")
        for (name, builtin) in [("find", LuaBuiltin.find), ("match", .match), ("gmatch", .gmatch), ("gsub", .gsub)] {
            state.push(builtin)
            state.rawSet(-2, field: name)
        }
        state.push(log)
        state.rawSet(-2, field: "log")
        state.push { state in Self.readModule(state, folders: folders) }
        state.rawSet(-2, field: "read_module")
        if let failure = state.call(arguments: 1, results: 1, budget: limits.instructionsPerCall) {
            throw RuleError(.memoryExceeded, "cannot build the sandbox: \(failure.message)")
        }
        state.rawGet(-1, field: "newenv")
        newEnvironment = state.ref()
        state.rawGet(-1, field: "expose")
        expose = state.ref()
        state.rawGet(-1, field: "bind")
        bind = state.ref()
        state.pop()
        state.newTable()
        state.replaceGlobals()
    }

    /// `read_module(folder, name)` → name, text: the source of a module of rules folder
    /// `folder` (1-based), named as messages name it (`RulesFolder.displayName`).
    private static func readModule(_ state: LuaState, folders: [RulesFolder]) -> LuaHostResult {
        guard let folder = RulesFolder.argument(state, at: 1, of: folders) else {
            return .error("require: no such rules folder")
        }
        guard let name = state.string(at: 2) else { return .error("require: the module name must be a string") }
        do {
            let path = try folder.modulePath(name)
            let text = try folder.readText(path)
            state.push(folder.displayName(path))
            state.push(text)
            return .values(2)
        } catch {
            return .error(error.message)
        }
    }

    /// Pushes a new environment for a file of rules folder `folder` (an index of the
    /// folders the sandbox was built with) or a bridge chunk (folder 0).
    ///
    /// - Returns: nil on success, or the failure (memory).
    func pushEnvironment(in state: LuaState, folder: Int, budget: Int) -> LuaFailure? {
        state.push(newEnvironment)
        state.push(folder + 1)
        return state.call(arguments: 1, results: 1, budget: budget)
    }

    /// Pops a function `f(env, folder)` that every later environment is given to.
    func bind(in state: LuaState, budget: Int) -> LuaFailure? {
        state.push(bind)
        state.insert(at: -2)
        return state.call(arguments: 1, results: 0, budget: budget)
    }

    /// Pops a table and exposes it as global `name` in every later environment.
    func expose(_ name: String, in state: LuaState, budget: Int) -> LuaFailure? {
        state.push(expose)
        state.insert(at: -2)
        state.push(name)
        state.insert(at: -2)
        return state.call(arguments: 2, results: 0, budget: budget)
    }
}
