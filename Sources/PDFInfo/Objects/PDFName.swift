/// A PDF name (ISO 32000-1 §7.3.5), kept as its decoded bytes so that unusual names
/// (non-ASCII custom Info keys) are written back exactly as they were read.
public struct PDFName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name's bytes after `#xx` decoding, without the leading slash.
    public let bytes: [UInt8]

    /// Creates a name from decoded bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Creates a name from text (UTF-8).
    public init(_ text: String) { self.bytes = Array(text.utf8) }

    public init(stringLiteral value: String) { self.init(value) }

    /// The name as text: UTF-8 when valid, else each byte as a Latin-1 character.
    public var string: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    public var description: String { "/" + string }

    public static func < (lhs: PDFName, rhs: PDFName) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
