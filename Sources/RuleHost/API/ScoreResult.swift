import MetadataModel

/// What running the rules on one score produced (issue 4: "validates and clamps through
/// MetadataModel and records, for every changed field, which rule(s) changed it").
public struct ScoreResult: Sendable, Hashable, Codable {
    /// The score as given.
    public var input: ScoreInput
    /// The metadata after the rules ran, validated and clamped by `ForScoreCodec.validate`.
    public var after: ScoreMetadata
    /// The fields that differ from `before` to `after`, in `MetadataField` order.
    public var changes: [AttributedChange]
    /// Rule failures, skipped rules and validation findings, in the order they happened.
    public var diagnostics: [Diagnostic]
    /// What rules logged (`tagrules.log`, `print`).
    public var logs: [RuleLog]

    /// The metadata before the rules ran (`input.metadata`).
    public var before: ScoreMetadata { input.metadata }

    /// Creates a result.
    public init(
        input: ScoreInput, after: ScoreMetadata, changes: [AttributedChange],
        diagnostics: [Diagnostic], logs: [RuleLog]
    ) {
        self.input = input
        self.after = after
        self.changes = changes
        self.diagnostics = diagnostics
        self.logs = logs
    }
}

/// A changed field and the rules that changed it, in the order they ran. `rules` is empty when
/// only validation changed the field (a stored value forScore would clamp or split).
public struct AttributedChange: Sendable, Hashable, Codable {
    /// The field, its value before and after.
    public var change: MetadataChange
    /// The names of the rules that set the field.
    public var rules: [String]
    /// Where those rules read while they ran: the notation file's name (`Nocturne.mscz`) when
    /// they read `score.source`, `page 1` when they read `score.text`; empty when neither.
    public var from: [String]

    /// Creates an attributed change.
    public init(change: MetadataChange, rules: [String], from: [String] = []) {
        self.change = change
        self.rules = rules
        self.from = from
    }
}

/// A line a rule logged with `tagrules.log(msg)` or `print(...)`: a note in the report.
public struct RuleLog: Sendable, Hashable, Codable {
    /// The rule that logged it; nil while a rule file's top level runs.
    public var rule: String?
    /// The text.
    public var message: String
    /// The rule file (relative to the rules folder) and line of the call, when known.
    public var file: String?
    /// The line in `file`.
    public var line: Int?

    /// Creates a log line.
    public init(rule: String?, message: String, file: String? = nil, line: Int? = nil) {
        self.rule = rule
        self.message = message
        self.file = file
        self.line = line
    }
}
