import Foundation
import MetadataModel

/// A Lua expression over `score`, compiled once in the rules sandbox and evaluated per score —
/// `tagrules setlist --where 'score.rating >= 4 and score.genres:has("Romantic")'`.
///
/// The expression sees what a rule's `apply` sees (issue 4, "Sandbox"): `score` with its
/// fields, lists, `file`, `info` and `toc`, the `tagrules` helpers, and the sandbox's safe
/// libraries, under the same instruction budget and memory cap; `score.source` and
/// `score.text` are nil (it is given no `ScoreDocument`). Changes it makes to `score`
/// are discarded.
///
/// Compilation cannot be escaped: the text is compiled on its own as the text chunk
/// `return (EXPRESSION)` (binary chunks are refused). Lua requires `return` to be the last
/// statement of its block, so anything that is not a single expression list — `x end`,
/// `1; os.exit()` — fails to compile instead of running. The expression is put in parentheses,
/// so a call that gives several values counts by its first; an expression list (`a, b`) does not
/// compile, and one that reopens the parentheses (`a), (b`) is refused when evaluated.
///
/// Not `Sendable`: the Lua state belongs to one thread at a time.
public final class ScoreExpression {
    /// The expression as given.
    public let source: String
    private let runtime: LuaRuntime
    private let function: LuaRef
    private let limits: SandboxLimits

    /// The chunk name in messages: `expression:1: attempt to compare nil with number`.
    static let chunkName = "=expression"

    /// Compiles `source`.
    ///
    /// - Parameters:
    ///   - source: A Lua expression.
    ///   - folder: The rules folder `require` and `tagrules.data` read from; with `nil` they
    ///     find nothing.
    ///   - limits: The sandbox limits of every evaluation.
    /// - Throws: `RuleError` (`syntax`) when `source` is not one Lua expression; (`io`) when
    ///   `folder` is not a folder; (`memoryExceeded`) when the sandbox cannot be built.
    public init(_ source: String, folder: URL? = nil, limits: SandboxLimits = SandboxLimits()) throws(RuleError) {
        let rulesFolder = try folder.map { url throws(RuleError) in try RulesFolder(url: url, fileBytes: limits.fileBytes) }
        runtime = try LuaRuntime(
            folders: [rulesFolder ?? .none(fileBytes: limits.fileBytes)], limits: limits, cache: DataCache())
        let lua = runtime.lua
        // One line, so that Lua's line numbers are the expression's.
        // In parentheses, so that a call giving several values (`s:find("x")`) gives its first,
        // as in `if`; the line break ends a trailing comment.
        if let failure = lua.load("local score = ... return (" + source + "\n)", chunkName: Self.chunkName)
            ?? runtime.pushEnvironment(folder: 0)
        {
            throw RuleError(failure)
        }
        lua.setEnvironment(ofChunkAt: -2)
        function = lua.ref()
        self.source = source
        self.limits = limits
    }

    deinit { runtime.lua.release(function) }

    /// Evaluates the expression for one score: Lua truthiness, so `nil` and `false` are false
    /// and every other value is true.
    ///
    /// - Throws: `RuleError` when evaluation fails (`runtime` — e.g. comparing an unset
    ///   `score.rating` with a number —, `budgetExceeded`, `memoryExceeded`), or when the
    ///   text is a list of expressions rather than one (`syntax`).
    public func isTrue(for input: ScoreInput) throws(RuleError) -> Bool {
        let lua = runtime.lua
        let base = lua.top
        defer { lua.setTop(base) }
        let context = RuleContext(input: input, maximumLogs: limits.logLines)
        var metadata = input.metadata  // what the expression changes is dropped
        runtime.begin(&metadata, context: context)
        defer { runtime.session.end(&metadata) }
        lua.push(function)
        lua.push(runtime.bridgeScore)
        // -1 is LUA_MULTRET: keep every result, to refuse `a, b`.
        if let error = runtime.call(arguments: 1, results: -1) { throw error }
        guard lua.top == base + 1 else {
            throw RuleError(.syntax, "the expression must give one value, not \(lua.top - base)", file: "expression")
        }
        return lua.boolean(at: -1)
    }
}

extension RulesFolder {
    /// A rules folder that holds nothing: `/dev/null` is a device, never a folder, so no path
    /// below it is a file and `require` and `tagrules.data` report "no file … in the rules folder".
    static func none(fileBytes: Int) -> RulesFolder {
        RulesFolder(unchecked: URL(fileURLWithPath: "/dev/null"), fileBytes: fileBytes)
    }

    private init(unchecked url: URL, fileBytes: Int) {
        self.url = url
        self.fileBytes = fileBytes
        self.prefix = ""
    }
}
