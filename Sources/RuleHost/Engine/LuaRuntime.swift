import MetadataModel

/// One Lua state ready to run rules: the sandbox, the bridge, and the rules of a rule set,
/// loaded once. Owned by one `RuleRunner`, so used by one thread at a time.
final class LuaRuntime {
    let lua: LuaState
    let session: ScoreSession
    private let sandbox: Sandbox
    private let bridge: Bridge
    /// The `score` object every call receives.
    var bridgeScore: LuaRef { bridge.score }
    /// The Lua rules loaded into this state, in run order.
    private(set) var rules: [LuaRule] = []

    /// Creates the state and installs the sandbox and bridge.
    ///
    /// - Throws: `RuleError` (`memoryExceeded`) when `limits.memoryPerState` cannot hold them.
    /// - Parameter folders: The rules folders, in order; each rule file and module reads from
    ///   its own (`RuleSource.folder`).
    init(folders: [RulesFolder], limits: SandboxLimits, cache: DataCache) throws(RuleError) {
        let session = ScoreSession(limits: limits)
        let lua = try LuaState(memoryLimit: limits.memoryPerState)
        let sandbox = try Sandbox(in: lua, folders: folders, limits: limits) { HelperFunctions.log($0, session) }
        self.bridge = try Bridge(in: lua, sandbox: sandbox, session: session, folders: folders, cache: cache)
        self.lua = lua
        self.session = session
        self.sandbox = sandbox
    }

    /// Loads rule files in order (issue 4: "files run in filename order, rules in file order").
    /// A rule whose name an earlier rule already took is skipped with a `duplicateName` error.
    ///
    /// - Returns: the diagnostics of loading; the rules are in `rules`.
    func load(_ sources: [RuleSource]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var taken: [String: LuaRule] = [:]
        for source in sources {
            let loaded = RuleFileReader(runtime: self, source: source).read()
            diagnostics += loaded.diagnostics
            for rule in loaded.rules {
                if let first = taken[rule.name] {
                    diagnostics.append(
                        Diagnostic(
                            severity: .error, code: .duplicateName,
                            message: "rule name '\(rule.name)' is already used at \(first.location); rename one of them",
                            rule: rule.name, file: rule.file, line: rule.line))
                    rule.release()
                    continue
                }
                taken[rule.name] = rule
                rules.append(rule)
            }
        }
        return diagnostics
    }

    /// Pushes a fresh sandbox environment for a file of rules folder `folder` (an index of
    /// the folders the runtime was made with).
    func pushEnvironment(folder: Int) -> LuaFailure? {
        sandbox.pushEnvironment(in: lua, folder: folder, budget: session.limits.instructionsPerCall)
    }

    /// Calls the function below the `arguments` topmost values as `LuaState.call` does; a
    /// failure comes back as the error it is (`error(for:)`).
    func call(arguments: Int32, results: Int32) -> RuleError? {
        session.hostError = nil
        return lua.call(arguments: arguments, results: results, budget: session.limits.instructionsPerCall)
            .map(error(for:))
    }

    /// The error for a failure of this state: a failure a host function raised with a code of
    /// its own (`ScoreSession.hostError`: a data file that cannot be used) keeps that code,
    /// placed where Lua placed the failure (the rule's line); any other keeps its kind.
    func error(for failure: LuaFailure) -> RuleError {
        if failure.kind == .runtime, let raised = session.hostError, raised.message == failure.message {
            return RuleError(raised.code, raised.message, file: failure.source, line: failure.line)
        }
        return RuleError(failure)
    }

    /// Starts a call on `metadata` in `context` (see `ScoreSession.begin`), dropping the facts
    /// Lua built for the previous score when the score changes. End it with `session.end`.
    func begin(_ metadata: inout ScoreMetadata, context: RuleContext) {
        if session.begin(&metadata, context: context) { bridge.forgetFacts(of: session, in: lua) }
    }

    /// Calls a rule's `apply` with `score` standing for `metadata`, under the call budget.
    /// The metadata is moved into the session for the call and back out; it is copied only
    /// when the call changes it (`ScoreSession.edit`), to keep it as the call found it.
    ///
    /// - Returns: the metadata as the call found it when the call changed it, else nil (then
    ///   `metadata` is unchanged).
    /// - Throws: `RuleError` with the failure's kind and location; `metadata` is then as the
    ///   call found it (see `Rule.apply`).
    func call(_ apply: LuaRef, on metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError)
        -> ScoreMetadata?
    {
        begin(&metadata, context: context)
        lua.push(apply)
        lua.push(bridge.score)
        let failure = call(arguments: 1, results: 0)
        let original = session.end(&metadata)
        guard let failure else { return original }
        if let original { metadata = original }
        throw failure
    }
}

/// A rule file's name and text, read once per rule set, and the rules folder it reads from.
struct RuleSource: Sendable, Hashable {
    /// The name in messages (`RulesFolder.displayName`): relative to the rules folder, after
    /// the folder as given when the set layers several.
    let name: String
    let text: String
    /// The index of its folder among the set's folders.
    let folder: Int
    /// Where the parts of the returned rules are written in `text`: scanned once per rule set,
    /// not once per Lua state that loads the file.
    let layout: RuleFileLayout

    init(name: String, text: String, folder: Int) {
        self.name = name
        self.text = text
        self.folder = folder
        layout = RuleFileLayout(source: text)
    }
}

extension RuleError {
    /// The error for a Lua failure, keeping its kind and location.
    init(_ failure: LuaFailure) {
        let code: Code
        switch failure.kind {
        case .syntax: code = .syntax
        case .runtime: code = .runtime
        case .budget: code = .budgetExceeded
        case .memory: code = .memoryExceeded
        }
        self.init(code, failure.message, file: failure.source, line: failure.line)
    }
}
