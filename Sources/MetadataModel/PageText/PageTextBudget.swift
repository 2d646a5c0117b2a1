/// The limits that bound the work of reading one page's text.
public enum PageTextBudget: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Tokens (operators and operands) interpreted, counting each use of a form XObject.
    case operations
    /// Bytes of content streams and fonts decoded.
    case decodedBytes = "decoded-bytes"
    /// Form XObjects nested in one another.
    case formDepth = "form-depth"
    /// Glyphs shown.
    case glyphs

    public var description: String {
        switch self {
        case .operations: "operations"
        case .decodedBytes: "decoded bytes"
        case .formDepth: "nested forms"
        case .glyphs: "glyphs"
        }
    }
}
