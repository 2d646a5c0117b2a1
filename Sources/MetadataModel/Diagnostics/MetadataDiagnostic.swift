/// Something lossy or surprising that forScore would do with a value: reading, validating or
/// writing metadata reports these instead of failing, because forScore itself never rejects
/// metadata — it reinterprets it.
///
/// `code` is a stable identifier for tools and tests; `message` is one lowercase line for
/// people that quotes the offending text.
public struct MetadataDiagnostic: Sendable, Hashable, Codable {
    /// How much the user should care.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Worth knowing; nothing is lost.
        case info
        /// forScore will show something other than what was written or intended.
        case warning
        /// The value cannot be used as given.
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

    /// Stable kebab-case identifiers of what happened.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// A number was outside its field's range and forScore moves it to the nearest bound.
        case clamped
        /// A special keyword's value has no digits; forScore reads 0.
        case nonNumeric = "non-numeric"
        /// A special keyword's value has digits followed by other text (`3.7`); forScore reads
        /// only the leading digits.
        case trailingText = "trailing-text"
        /// A special keyword has more than one `:`; forScore reads only the text after the last.
        case extraColon = "extra-colon"
        /// The same field appears twice in Keywords; the last one wins.
        case duplicateKeyword = "duplicate-keyword"
        /// A retired `forScore-rating:` / `forScore-difficulty:` keyword.
        case legacyKeyword = "legacy-keyword"
        /// `keysf:` without `keymi:`: forScore knows the signature but not the mode.
        case keysfWithoutKeymi = "keysf-without-keymi"
        /// `keymi:` without `keysf:`: forScore knows the mode but not the signature.
        case keymiWithoutKeysf = "keymi-without-keysf"
        /// A value contains `;`; forScore splits only on `,`, so it stays one value.
        case semicolonSeparated = "semicolon-separated"
        /// An empty piece between commas (`a,,b`, a trailing comma); forScore drops it.
        case emptyPiece = "empty-piece"
        /// A list value contains `,`; forScore will read it as several values.
        case commaInValue = "comma-in-value"
        /// A tag starts like a special keyword; forScore would read it as that keyword.
        case tagLooksLikeKeyword = "tag-looks-like-keyword"
        /// The title contains a line break. forScore uses the Title as-is, so nothing is lost,
        /// but its library lists, setlists and CSV rows show titles as one line, so a break
        /// (usually a pasted subtitle) displays cut or joined. Reported, never changed.
        case newlineInTitle = "newline-in-title"
        /// An Open In annotation value has the wrong type (a number where a string belongs).
        case wrongType = "wrong-type"
    }

    /// How much the user should care.
    public var severity: Severity
    /// What happened.
    public var code: Code
    /// The field concerned, or `nil` when the diagnostic is about the input as a whole.
    public var field: MetadataField?
    /// One lowercase line for people, quoting the offending text.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, code: Code, field: MetadataField?, message: String) {
        self.severity = severity
        self.code = code
        self.field = field
        self.message = message
    }
}

extension MetadataDiagnostic: CustomStringConvertible {
    /// `warning: rating: 'rating:9' is out of range …` — the form CLI reports print.
    public var description: String {
        let location = field.map { "\($0.rawValue): " } ?? ""
        return "\(severity.rawValue): \(location)\(message) [\(code.rawValue)]"
    }
}
