import MetadataModel

/// Something a rule, a rule file or validation reported while loading or running rules.
///
/// Names what happened (`code`), the rule and its `file:line` when known, and the score being
/// processed, so that a report can say "20-genre.lua:12: error: … (rule 'genre', score 'x.pdf')".
public struct RuleDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How much the user should care.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// A rule or file did not do its work (it failed, or was skipped).
        case error
        /// Something was changed or dropped on the way (validation, a disabled rule).
        case warning
        /// Worth knowing.
        case note
    }

    /// How much the user should care.
    public var severity: Severity
    /// What happened.
    public var code: RuleError.Code
    /// One lowercase line, without the location.
    public var message: String
    /// The rule, when one is involved.
    public var rule: String?
    /// The file, relative to the rules folder (or a data file's path), when known.
    public var file: String?
    /// The line in `file`, when known.
    public var line: Int?
    /// The path of the score being processed, when there is one.
    public var score: String?
    /// The metadata field concerned, for validation diagnostics.
    public var field: MetadataField?

    /// Creates a diagnostic.
    public init(
        severity: Severity, code: RuleError.Code, message: String, rule: String? = nil,
        file: String? = nil, line: Int? = nil, score: String? = nil, field: MetadataField? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.rule = rule
        self.file = file
        self.line = line
        self.score = score
        self.field = field
    }

    /// Creates a diagnostic from an error, keeping its code, message and location.
    public init(_ error: RuleError, severity: Severity = .error, rule: String? = nil, score: String? = nil) {
        self.init(
            severity: severity, code: error.code, message: error.message, rule: rule,
            file: error.file, line: error.line, score: score)
    }

    /// `file:line: severity: message (rule 'name', score 'path')`.
    public var description: String {
        var text = ""
        if let file { text += line.map { "\(file):\($0): " } ?? "\(file): " }
        text += "\(severity.rawValue): \(message)"
        let context = [rule.map { "rule '\($0)'" }, score.map { "score '\($0)'" }].compactMap { $0 }
        if !context.isEmpty { text += " (" + context.joined(separator: ", ") + ")" }
        return text
    }
}
