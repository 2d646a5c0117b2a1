import MetadataModel

/// Runs a rule set on scores, one at a time, with its own Lua state (issue 4: "one `lua_State`
/// per worker thread … rules loaded once per state").
///
/// A runner is not `Sendable`: use it from one thread at a time (`RuleEngine` gives each worker
/// its own). Each score costs no state creation and no rule loading; the `score` object is
/// reused and only the Swift metadata behind it changes.
///
/// Failures are contained per rule call: an error, an exhausted instruction budget or memory
/// cap becomes a diagnostic naming the rule, `file:line` and the score; the rule's changes to
/// that score are discarded and the other rules run. After a memory failure the Lua state is
/// rebuilt. A rule that exhausts its limits on `strikesBeforeDisabling` scores is skipped for
/// the rest of the runner's life (a `skipped` warning per score), so a hostile rule cannot
/// make a large run crawl.
public final class RuleRunner {
    /// Limit failures after which a rule is no longer run.
    public static let strikesBeforeDisabling = 3

    /// The rules this runner runs.
    public let ruleSet: RuleSet
    private var runtime: LuaRuntime?
    /// The rule for each of `ruleSet.rules`, in order: nil when it is not loaded. Resolved
    /// by name once per Lua state, not for every score.
    private var loadedRules: [LoadedRule?] = []
    private var strikes: [String: Int] = [:]
    private var disabled: [String: String] = [:]

    /// Creates the runner's Lua state and loads the set's rules into it.
    ///
    /// - Throws: `RuleError` (`memoryExceeded`) when the state cannot be built.
    public init(ruleSet: RuleSet) throws(RuleError) {
        self.ruleSet = ruleSet
        try rebuild()
    }

    /// Runs every rule of the set on `input`, then validates the result. `score.source` and
    /// `score.text` are nil.
    public func run(_ input: ScoreInput) -> ScoreResult { run(input, document: nil, only: nil) }

    /// Runs every rule of the set on `input`, then validates the result.
    ///
    /// - Parameter document: What `score.source` and `score.text` read, each on first use
    ///   (nil: both are nil).
    public func run(_ input: ScoreInput, document: (any ScoreDocument)?) -> ScoreResult {
        run(input, document: document, only: nil)
    }

    /// Runs the rules of the set (or only the rule named `only`) on `input`.
    func run(_ input: ScoreInput, document: (any ScoreDocument)?, only: String?) -> ScoreResult {
        let context = RuleContext(input: input, document: document, maximumLogs: ruleSet.limits.logLines)
        var metadata = input.metadata
        var touched = TouchedFields()
        var diagnostics: [Diagnostic] = []
        // By index, not by summary: copying a summary per call costs more than the call's
        // bookkeeping; only a failure or a skip needs its file and line.
        for index in ruleSet.rules.indices {
            let name = ruleSet.rules[index].name
            if let only, name != only { continue }
            // Read at each step: a memory failure rebuilds the state and its rules mid-score.
            let reason = disabled.isEmpty ? nil : disabled[name]
            guard let loaded = loadedRules[index], reason == nil else {
                let summary = ruleSet.rules[index]
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, code: .skipped, message: "rule skipped: \(reason ?? "it is not loaded")",
                        rule: name, file: summary.file, line: summary.line))
                continue
            }
            context.rule = name
            do {
                if let luaRule = loaded.luaRule {
                    // A Lua rule edits `metadata` itself: it keeps a copy only when it changes
                    // something (most calls change nothing), and puts it back when it fails.
                    if let before = try luaRule.apply(editing: &metadata, context: context), before != metadata {
                        touched.record(name, from: context.reads, changing: before, to: metadata)
                    }
                } else {
                    // A native rule changes a copy, so that `metadata` is unchanged when it fails.
                    var working = metadata
                    try loaded.rule.apply(to: &working, context: context)
                    if working != metadata {
                        touched.record(name, from: context.reads, changing: metadata, to: working)
                        swap(&metadata, &working)
                    }
                }
            } catch {
                var diagnostic = Diagnostic(error, rule: name)
                if diagnostic.location.file == nil {
                    (diagnostic.location.file, diagnostic.location.line) = (ruleSet.rules[index].file, ruleSet.rules[index].line)
                }
                diagnostics.append(diagnostic)
                recordFailure(error, rule: name, score: input.file.path)
                continue
            }
        }
        runtime?.session.reset()
        return Self.result(input, metadata, touched: touched, diagnostics: diagnostics, logs: context.logs, ruleSet)
    }

    /// Validates the rules' result and attributes each change to the rules that set the field.
    private static func result(
        _ input: ScoreInput, _ metadata: ScoreMetadata, touched: TouchedFields,
        diagnostics: [Diagnostic], logs: [RuleLog], _ ruleSet: RuleSet
    ) -> ScoreResult {
        let (validated, findings) = ForScoreCodec.validate(metadata)
        let changes = input.metadata.changes(to: validated).map {
            AttributedChange(change: $0, rules: touched[$0.field], from: touched.places($0.field))
        }
        let validation = findings.map { finding in
            let rule = finding.field.flatMap { touched[$0].last }
            let summary = rule.flatMap { name in ruleSet.rules.first { $0.name == name } }
            return Diagnostic(
                severity: finding.severity, code: .validation, message: finding.message, rule: rule, file: summary?.file,
                line: summary?.line, field: finding.field)
        }
        // Most scores have no findings: their diagnostics are taken as they are, not copied.
        return ScoreResult(
            input: input, after: validated, changes: changes,
            diagnostics: validation.isEmpty ? diagnostics : diagnostics + validation, logs: logs)
    }

    /// Counts a limit failure against the rule; rebuilds the state after a memory failure.
    private func recordFailure(_ error: RuleError, rule: String, score: String) {
        guard error.code == .budgetExceeded || error.code == .memoryExceeded else { return }
        strikes[rule, default: 0] += 1
        if strikes[rule, default: 0] >= Self.strikesBeforeDisabling {
            disabled[rule] = "it exceeded its limits on \(Self.strikesBeforeDisabling) scores (the last: '\(score)')"
        }
        if error.code == .memoryExceeded {
            do {
                try rebuild()
            } catch {
                for summary in ruleSet.rules where summary.file != nil {
                    disabled[summary.name] = "its Lua state could not be rebuilt: \(error.message)"
                }
            }
        }
    }

    /// Creates a fresh Lua state with the set's rules (none without a rules folder).
    private func rebuild() throws(RuleError) {
        loadedRules = ruleSet.rules.map { ruleSet.nativeRules[$0.name].map(LoadedRule.init) }
        runtime = nil
        guard !ruleSet.rulesFolders.isEmpty else { return }
        let runtime = try LuaRuntime(folders: ruleSet.rulesFolders, limits: ruleSet.limits, cache: ruleSet.dataCache)
        _ = runtime.load(ruleSet.sources)
        self.runtime = runtime
        let luaRules = Dictionary(runtime.rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        loadedRules = ruleSet.rules.map { summary in
            let rule: (any Rule)? = luaRules[summary.name] ?? ruleSet.nativeRules[summary.name]
            return rule.map(LoadedRule.init)
        }
        for summary in ruleSet.rules where summary.file != nil && luaRules[summary.name] == nil {
            disabled[summary.name] = "it did not load in this worker's Lua state"
        }
    }
}

/// A rule as a runner holds it (see `RuleRunner.loadedRules`).
private struct LoadedRule {
    let rule: any Rule
    /// The rule as a `LuaRule`, found once here rather than cast for every call.
    let luaRule: LuaRule?

    init(_ rule: any Rule) {
        self.rule = rule
        luaRule = rule as? LuaRule
    }
}

