/// Something in an interchange file that tagrules reads past but the user should hear about:
/// an unknown element or attribute in a 4SS file, text where none belongs.
///
/// Damage that cannot be tolerated is an ``InterchangeError`` instead.
public struct InterchangeDiagnostic: Sendable, Hashable, Codable {
    /// Stable kebab-case identifiers for tools and tests.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// An element forScore's format does not define; it and its content are skipped.
        case unknownElement = "unknown-element"
        /// An attribute the element does not define; it is ignored.
        case unknownAttribute = "unknown-attribute"
        /// Non-blank text between elements; it is ignored.
        case ignoredText = "ignored-text"
        /// The XML declaration names an encoding other than UTF-8, which the format requires.
        case encoding
    }

    /// How much the user should care.
    public var severity: MetadataDiagnostic.Severity
    /// What happened.
    public var code: Code
    /// The 1-based line where it happened.
    public var line: Int
    /// One lowercase line for people, quoting the offending text.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: MetadataDiagnostic.Severity, code: Code, line: Int, message: String) {
        self.severity = severity
        self.code = code
        self.line = line
        self.message = message
    }
}

extension InterchangeDiagnostic: CustomStringConvertible {
    /// `line 4: warning: unknown element 'note' is skipped [unknown-element]`.
    public var description: String {
        "line \(line): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}
