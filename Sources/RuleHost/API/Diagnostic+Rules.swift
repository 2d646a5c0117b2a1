import MetadataModel

/// What a rule, a rule file or validation reports while loading or running rules: a
/// ``Diagnostic`` whose code is a ``RuleError/Code`` and whose location names the rule and its
/// `file:line`.
extension Diagnostic {
    /// Creates a diagnostic about rules.
    ///
    /// - Parameters:
    ///   - code: What happened, in RuleHost's words.
    ///   - rule: The rule, when one is involved.
    ///   - file: The file, relative to the rules folder (or a data file's path), when known.
    ///   - line: The line in `file`, when known.
    ///   - field: The metadata field concerned, for validation diagnostics.
    public init(
        severity: Severity, code: RuleError.Code, message: String, rule: String? = nil, file: String? = nil,
        line: Int? = nil, field: MetadataField? = nil
    ) {
        self.init(
            severity: severity, code: Code(code), field: field, message: message,
            location: Location(file: file, line: line, rule: rule))
    }

    /// Creates a diagnostic from an error, keeping its code, message and location.
    public init(_ error: RuleError, severity: Severity = .error, rule: String? = nil) {
        self.init(severity: severity, code: error.code, message: error.message, rule: rule, file: error.file, line: error.line)
    }

    /// The code in RuleHost's words, or `nil` when another module reported the diagnostic.
    public var ruleCode: RuleError.Code? { RuleError.Code(rawValue: code.rawValue) }
}
