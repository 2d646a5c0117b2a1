/// Where a PDF's header and last `startxref` are (pdf-notes §2.1–2.2).
struct FileFrame {
    /// Offset of the `%` of `%PDF-`; 0 when no header was found in the first 1024 bytes.
    var headerOffset: Int
    /// Whether a `%PDF-` header was found.
    var hasHeader: Bool
    /// The version in the header, e.g. "1.7".
    var version: String?
    /// The value after the last `startxref`, or nil when none could be read.
    var startxref: Int?

    static let headerSearchLength = 1024
    /// How far from the end `startxref` is looked for: `%%EOF` must be in the last 1024 bytes
    /// (ISO 32000-1 §7.5.5), and qpdf allows 30 more for `startxref` and its value.
    static let tailSearchLength = 1054
    private static let headerMarker = Array("%PDF-".utf8)
    private static let startxrefKeyword = Array("startxref".utf8)

    /// Finds the header, and the value of the last `startxref` in the last
    /// ``tailSearchLength`` bytes that an integer follows, as qpdf does (`QPDF::parse`); a
    /// value that is not positive is no `startxref` (a linearized file's first-page trailer
    /// has `startxref 0`).
    static func locate(in source: ByteSource) throws(PDFError) -> FileFrame {
        let head = try source.read(0..<headerSearchLength)
        var frame = FileFrame(headerOffset: 0, hasHeader: false, version: nil, startxref: nil)
        if let header = ByteSearch.firstIndex(of: headerMarker, in: head) {
            frame.headerOffset = header
            frame.hasHeader = true
            let versionBytes = head[(header + 5)...].prefix { CharacterClass.isDigit($0) || $0 == UInt8(ascii: ".") }
            frame.version = versionBytes.isEmpty ? nil : String(decoding: versionBytes, as: UTF8.self)
        }
        let floor = max(0, source.count - tailSearchLength)
        var end = source.count
        while let keyword = try ByteSearch.lastOccurrence(of: startxrefKeyword, in: source, before: end, floor: floor) {
            if let value = integer(in: source, at: keyword + startxrefKeyword.count) {
                frame.startxref = value > 0 ? value : nil
                break
            }
            end = keyword + startxrefKeyword.count - 1
        }
        return frame
    }

    /// The integer token at `offset` (after whitespace and comments), or nil when the token
    /// there is something else or cannot be read.
    static func integer(in source: ByteSource, at offset: Int) -> Int? {
        var parser = ObjectParser(source: source, at: offset)
        guard case .integer(let value) = try? parser.nextToken() else { return nil }
        return value
    }
}
