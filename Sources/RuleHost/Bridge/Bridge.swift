/// The bridge of one Lua state: installs the `score` object and exposes the `tagrules` helper
/// table to every rule environment (issue 4, "Rule files").
struct Bridge {
    /// The `score` userdata passed to every `apply`.
    let score: LuaRef
    /// The table behind `score`'s `__index`, which keeps the facts built for the current score.
    private let known: LuaRef
    /// The names of the facts ("file", "info", "toc", "source", "text"), interned once (by
    /// `ScoreFacts.Name.rawValue`).
    private let factNames: [LuaRef]

    /// Runs `BridgePrelude` in a sandbox environment with the host functions.
    ///
    /// - Throws: `RuleError` (`memoryExceeded`) when the state cannot hold the bridge.
    init(
        in lua: LuaState, sandbox: Sandbox, session: ScoreSession, folders: [RulesFolder], cache: DataCache
    ) throws(RuleError) {
        let budget = session.limits.instructionsPerCall
        if let failure = lua.load(BridgePrelude.source, chunkName: BridgePrelude.chunkName)
            ?? sandbox.pushEnvironment(in: lua, folder: 0, budget: budget)
        {
            throw RuleError(.memoryExceeded, "cannot build the score bridge: \(failure.message)")
        }
        lua.setEnvironment(ofChunkAt: -2)
        let lists = ScoreListObjects()
        let methods = MethodsBox()
        Self.pushHostTable(lua, session: session, folders: folders, cache: cache, lists: lists, methods: methods)
        if let failure = lua.call(arguments: 1, results: 5, budget: budget)
            ?? sandbox.bind(in: lua, budget: budget)
        {
            throw RuleError(.memoryExceeded, "cannot build the score bridge: \(failure.message)")
        }
        methods.table = lua.ref()
        lists.register(from: -1, in: lua)
        known = lua.ref()
        if let failure = sandbox.expose("tagrules", in: lua, budget: budget) {
            throw RuleError(.memoryExceeded, "cannot build the score bridge: \(failure.message)")
        }
        score = lua.ref()
        factNames = ScoreFacts.Name.allCases.map { name in
            lua.push(name.text)
            return lua.ref()
        }
    }

    /// Drops the facts (`score.file`, `score.info`, `score.toc`, `score.source`, `score.text`) built for the previous score
    /// (those `session.builtFacts` lists), so that the next use builds them for the current
    /// one. Call it whenever a call runs on another score than the last.
    func forgetFacts(of session: ScoreSession, in lua: LuaState) {
        if !session.documentFacts.isEmpty {
            for built in session.documentFacts.values { lua.release(built) }
            session.documentFacts.removeAll(keepingCapacity: true)
        }
        guard !session.builtFacts.isEmpty else { return }
        lua.push(known)
        for name in session.builtFacts {
            lua.pushNil()
            lua.rawSet(-2, key: factNames[name.rawValue])
        }
        lua.pop()
        session.builtFacts.removeAll(keepingCapacity: true)
    }

    /// The registry reference of the prelude's `methods` table, known only once the prelude ran.
    private final class MethodsBox {
        /// Set once, when the prelude has run and before any rule can index a list.
        var table: LuaRef?
    }

    private static func pushHostTable(
        _ lua: LuaState, session: ScoreSession, folders: [RulesFolder], cache: DataCache, lists: ScoreListObjects,
        methods: MethodsBox
    ) {
        let factKeys = ScoreFacts.Keys(in: lua)
        let names = LuaNames(ScoreFields.Name.all, in: lua)
        lua.newTable(fieldCount: 20)  // the 18 host functions, newobject and readonly
        // Each closure goes straight to `push`: gathered in an array first, it would be stored
        // behind reabstraction thunks that every call of it passes through.
        func register(_ name: String, _ function: @escaping LuaHostFunction) {
            lua.push(function)
            lua.rawSet(-2, field: name)
        }
        register("index") { ScoreFields.index($0, session, names, factKeys) }
        register("set") { ScoreFields.set($0, session, names) }
        register("list_len") { ScoreLists.length($0, session, lists) }
        register("list_index") { lua in
            guard let table = methods.table else { return .error("score lists are not ready") }
            return ScoreLists.index(lua, session, lists, methods: table)
        }
        register("list_add") { ScoreLists.add($0, session, lists) }
        register("list_remove") { ScoreLists.remove($0, session, lists) }
        register("list_has") { ScoreLists.has($0, session, lists) }
        register("list_clear") { ScoreLists.clear($0, session, lists) }
        register("list_assign") { ScoreLists.assign($0, session, lists, names) }
        register("key_parse", HelperFunctions.parseKey)
        register("key_name", HelperFunctions.keyName)
        register("normalize", HelperFunctions.normalize)
        register("match") { HelperFunctions.match($0, session) }
        register("split", HelperFunctions.split)
        register("log") { HelperFunctions.log($0, session) }
        let opened = OpenDataTables()
        register("data_open") { HelperFunctions.openData($0, folders: folders, session: session, cache: cache, opened: opened) }
        register("data_row") { HelperFunctions.dataRow($0, opened: opened) }
        register("data_all") { HelperFunctions.allData($0, opened: opened) }
        lua.push(.newObject)
        lua.rawSet(-2, field: "newobject")
        lua.push(.readonly)
        lua.rawSet(-2, field: "readonly")
    }
}
