import MetadataModel

/// A rule defined in a Lua file: the `Rule` implementation whose `apply` is a Lua function in
/// one `LuaRuntime`. It lives and dies with that runtime's state.
final class LuaRule: Rule {
    let name: String
    let summary: String?
    let file: String?
    let line: Int?
    let examples: [RuleExample]
    private let function: LuaRef
    private unowned let runtime: LuaRuntime

    init(
        name: String, summary: String?, file: String, line: Int?, examples: [RuleExample],
        function: LuaRef, runtime: LuaRuntime
    ) {
        self.name = name
        self.summary = summary
        self.file = file
        self.line = line
        self.examples = examples
        self.function = function
        self.runtime = runtime
    }

    func apply(to metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError) {
        _ = try apply(editing: &metadata, context: context)
    }

    /// `apply(to:context:)` that tells whether the call changed anything: it returns the
    /// metadata as the call found it when the call changed it, else nil (`metadata` is then
    /// unchanged, and no copy was made). When it throws, `metadata` is as the call found it.
    func apply(editing metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError) -> ScoreMetadata? {
        try runtime.call(function, on: &metadata, context: context)
    }

    /// `file:line` for messages.
    var location: String { "\(file ?? "?")" + (line.map { ":\($0)" } ?? "") }

    /// Frees the registry reference of a rule that is not kept.
    func release() { runtime.lua.release(function) }
}
