/// A PDF name (ISO 32000-1 §7.3.5), kept so that unusual names are written back exactly as
/// they were read: non-UTF-8 custom Info keys, and names spelled with `#` (qpdf warns about a
/// trailer key such as `/##00##` when it comes back re-escaped as `/#23#00#23#23`).
///
/// The common case, a UTF-8 name spelled plainly, is stored as a `String` only: names are
/// compared on every dictionary lookup, and short strings compare without touching the heap.
public struct PDFName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as text: UTF-8 when valid, else each byte as a Latin-1 character.
    public let string: String
    /// What an unusual name keeps besides its text; nil for the common case (one reference,
    /// so that a name, and every object that holds one, stays small).
    private let unusual: Unusual?

    /// The bytes of a name that are not valid UTF-8, and the spelling of one the writer would
    /// spell otherwise.
    private final class Unusual: Sendable {
        let invalidUTF8: [UInt8]?
        let spelling: [UInt8]?

        init(invalidUTF8: [UInt8]?, spelling: [UInt8]?) {
            self.invalidUTF8 = invalidUTF8
            self.spelling = spelling
        }
    }

    /// Creates a name from decoded bytes (after `#xx` decoding, without the slash).
    public init(bytes: [UInt8]) {
        self.init(bytes: bytes, spelling: nil)
    }

    /// Creates a name from decoded bytes and the spelling they were read from.
    init(bytes: [UInt8], spelling: [UInt8]?) {
        let invalidUTF8: [UInt8]?
        if let text = String(validating: bytes, as: UTF8.self) {
            string = text
            invalidUTF8 = nil
        } else {
            string = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            invalidUTF8 = bytes
        }
        unusual = invalidUTF8 == nil && spelling == nil ? nil : Unusual(invalidUTF8: invalidUTF8, spelling: spelling)
    }

    /// Creates a name from text (UTF-8).
    public init(_ text: String) {
        string = text
        unusual = nil
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The name's bytes after `#xx` decoding, without the leading slash.
    public var bytes: [UInt8] { unusual?.invalidUTF8 ?? Array(string.utf8) }

    /// The bytes between the slash and the end of the name as the file spelled them, only when
    /// the writer would spell the name otherwise (a `#`, escaped or stray, or a byte outside
    /// printable ASCII). Not part of the name's identity: `/A#42` and `/AB` are equal.
    var spelling: [UInt8]? { unusual?.spelling }

    public var description: String { "/" + string }

    /// Equal names have the same text and bytes, however they were spelled. The lengths are
    /// compared first: names of different lengths differ, and checking spares most string
    /// comparisons in dictionary lookups, which compare the key sought with each key in turn.
    public static func == (lhs: PDFName, rhs: PDFName) -> Bool {
        lhs.string.utf8.count == rhs.string.utf8.count && lhs.string == rhs.string
            && lhs.unusual?.invalidUTF8 == rhs.unusual?.invalidUTF8
    }

    /// The text alone: equal names have equal text, and names that differ only in their
    /// invalid bytes (each read as a Latin-1 character) are rare enough to share a bucket.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }

    public static func < (lhs: PDFName, rhs: PDFName) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
