import MetadataModel
import PDFInfo
import RuleHost

/// One diagnostic in a report, whatever produced it: the PDF reader, forScore's keyword codec,
/// a rule, or the write path. JSON: `{"severity", "code", "message"}`.
package struct ReportDiagnostic: Sendable, Hashable {
    /// How much the user should care; `--strict` treats warnings as errors.
    package enum Severity: String, Sendable, Hashable, Comparable {
        case info, warning, error

        private var rank: Int {
            switch self {
            case .info: 0
            case .warning: 1
            case .error: 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How much the user should care.
    package var severity: Severity
    /// A stable kebab-case code from the module that reported it (`xref-reconstructed`,
    /// `clamped`, `runtime`, `not-writable`, …).
    var code: String
    /// One lowercase line, naming the field, rule or byte offset concerned.
    var message: String
    /// The field a finding about a value concerns (named in `message` too; not in the JSON),
    /// so that a finding repeated from another source can be recognised.
    var field: MetadataField?

    init(severity: Severity, code: String, message: String, field: MetadataField? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.field = field
    }

    /// A tolerated PDF problem, e.g. reconstructed cross-reference data.
    init(_ diagnostic: PDFDiagnostic) {
        let severity: Severity =
            switch diagnostic.severity {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        let location = diagnostic.offset.map { " at offset \($0)" } ?? ""
        self.init(severity: severity, code: diagnostic.code, message: diagnostic.message + location)
    }

    /// What forScore would make of a value (pdf-metadata.txt), prefixed with the field.
    init(_ diagnostic: MetadataDiagnostic) {
        let severity: Severity =
            switch diagnostic.severity {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        self.init(
            severity: severity, code: diagnostic.code.rawValue, message: Self.message(diagnostic.message, field: diagnostic.field),
            field: diagnostic.field)
    }

    /// A message about `field` as reports show it: `tags: 'a; b' contains ';' …`.
    static func message(_ message: String, field: MetadataField?) -> String {
        (field.map { "\($0.rawValue): " } ?? "") + message
    }

    /// A rule's failure or finding, with the rule's name, `file:line` and the field.
    package init(_ diagnostic: RuleDiagnostic) {
        let severity: Severity =
            switch diagnostic.severity {
            case .note: .info
            case .warning: .warning
            case .error: .error
            }
        var context: [String] = []
        if let rule = diagnostic.rule { context.append("rule '\(rule)'") }
        if let file = diagnostic.file { context.append(diagnostic.line.map { "\(file):\($0)" } ?? file) }
        let prefix = context.isEmpty ? "" : context.joined(separator: ", ") + ": "
        self.init(
            severity: severity, code: diagnostic.code.rawValue,
            message: prefix + Self.message(diagnostic.message, field: diagnostic.field), field: diagnostic.field)
    }

    /// A file that cannot be read or written.
    init(_ error: PDFError, severity: Severity = .error) {
        let location = error.offset.map { " at offset \($0)" } ?? ""
        self.init(severity: severity, code: error.code.rawValue, message: error.message + location)
    }
}
