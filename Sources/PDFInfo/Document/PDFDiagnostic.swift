/// Damage the reader tolerated: reported, never thrown (STYLE: "damage that can be tolerated
/// is a diagnostic").
public struct PDFDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious the damage is.
    public enum Severity: String, Sendable, Hashable, Codable { case info, warning, error }

    public var severity: Severity
    /// A stable kebab-case code, e.g. `xref-reconstructed`.
    public var code: String
    /// One clear lowercase sentence.
    public var message: String
    /// Byte offset, when the damage has a location.
    public var offset: Int?

    public init(_ severity: Severity, _ code: String, _ message: String, offset: Int? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(severity.rawValue): \(message) at offset \($0)" } ?? "\(severity.rawValue): \(message)"
    }
}
