/// Something a module read past or changed on the way that the user should hear about: damage
/// the PDF reader tolerated, what forScore would make of a value, a rule's failure or finding,
/// an unknown element in an interchange file. Every module reports this one type; damage that
/// cannot be tolerated is the module's own error type instead (`PDFError`, `RuleError`,
/// ``InterchangeError``).
///
/// `code` is a stable identifier for tools and tests; `message` is one lowercase line for people,
/// without the location, which `location` and `field` carry.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How much the user should care; `--strict` treats warnings as errors.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Worth knowing; nothing is lost.
        case info
        /// Something was changed, dropped or read past on the way.
        case warning
        /// Something could not be used or did not do its work.
        case error

        private var rank: Int {
            switch self {
            case .info: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable kebab-case identifier of what happened (`clamped`, `xref-reconstructed`,
    /// `runtime`). Each module names its own codes as static members, or reports the code of its
    /// error type (``init(_:)``).
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The identifier, e.g. `clamped`.
        public var rawValue: String

        /// Creates a code from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a code from a literal identifier.
        public init(stringLiteral value: String) { self.init(rawValue: value) }

        /// The code of an error type's code enum (`PDFError.Code`, `RuleError.Code`).
        public init<ErrorCode: RawRepresentable>(_ code: ErrorCode) where ErrorCode.RawValue == String {
            self.init(rawValue: code.rawValue)
        }

        /// The identifier.
        public var description: String { rawValue }
    }

    /// Where a diagnostic points. Each part is set by the module that knows it; none is required.
    public struct Location: Sendable, Hashable, Codable {
        /// The text file concerned: a rule file (relative to its rules folder), a data file, an
        /// interchange file.
        public var file: String?
        /// The 1-based line, in `file` or in the text that was read.
        public var line: Int?
        /// The byte offset in the PDF file (ISO 32000 §7.5).
        public var offset: Int?
        /// The rule concerned, by name.
        public var rule: String?

        /// Creates a location; parts left out are unknown.
        public init(file: String? = nil, line: Int? = nil, offset: Int? = nil, rule: String? = nil) {
            self.file = file
            self.line = line
            self.offset = offset
            self.rule = rule
        }
    }

    /// How much the user should care.
    public var severity: Severity
    /// What happened.
    public var code: Code
    /// The metadata field concerned, or `nil` when the diagnostic is not about one value.
    public var field: MetadataField?
    /// One lowercase line for people, quoting the offending text, without the location.
    public var message: String
    /// Where it happened.
    public var location: Location

    /// Creates a diagnostic.
    public init(
        severity: Severity, code: Code, field: MetadataField? = nil, message: String, location: Location = Location()
    ) {
        self.severity = severity
        self.code = code
        self.field = field
        self.message = message
        self.location = location
    }
}
