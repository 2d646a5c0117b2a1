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
    static let tailSearchLength = 1054
    static let extendedTailSearchLength = 64 * 1024
    private static let headerMarker = Array("%PDF-".utf8)
    private static let startxrefKeyword = Array("startxref".utf8)

    /// Finds the header and the last usable `startxref`, ignoring the dummy `startxref 0`
    /// of a linearized file's first-page trailer.
    static func locate(in source: ByteSource) throws(PDFError) -> FileFrame {
        // A slice of the first block: its indices are file offsets, as the block starts at 0.
        let head = try source.bytes(in: 0..<headerSearchLength)
        var frame = FileFrame(headerOffset: 0, hasHeader: false, version: nil, startxref: nil)
        if let header = ByteSearch.firstIndex(of: headerMarker, in: head) {
            frame.headerOffset = header
            frame.hasHeader = true
            let versionBytes = head[(header + 5)...].prefix { CharacterClass.isDigit($0) || $0 == UInt8(ascii: ".") }
            frame.version = versionBytes.isEmpty ? nil : String(decoding: versionBytes, as: UTF8.self)
        }
        frame.startxref = try lastStartxref(in: source, searching: tailSearchLength)
        if frame.startxref == nil {
            frame.startxref = try lastStartxref(in: source, searching: extendedTailSearchLength)
        }
        return frame
    }

    private static func lastStartxref(in source: ByteSource, searching length: Int) throws(PDFError) -> Int? {
        let floor = max(0, source.count - length)
        var end = source.count
        while let keyword = try ByteSearch.lastOccurrence(of: startxrefKeyword, in: source, before: end, floor: floor) {
            if let value = integer(in: source, at: keyword + 9), value > 0 { return value }
            end = keyword + 8
        }
        return nil
    }

    /// The integer token at `offset` (after whitespace and comments), or nil when the token
    /// there is something else or cannot be read.
    static func integer(in source: ByteSource, at offset: Int) -> Int? {
        // Usually whitespace and digits ended well inside the next few bytes: read them there.
        let plain = (try? source.bytes(in: offset..<(offset + 32)))?.withUnsafeBufferPointer { bytes -> Int? in
            var start = 0
            while start < bytes.count, CharacterClass.isWhitespace(bytes[start]) { start += 1 }
            return start < bytes.count ? Lexer.plainInteger(UnsafeBufferPointer(rebasing: bytes[start...]))?.value : nil
        }
        if let plain { return plain }
        return parsedInteger(in: source, at: offset)
    }

    /// `integer(in:at:)` by the lexer's token.
    static func parsedInteger(in source: ByteSource, at offset: Int) -> Int? {
        var parser = ObjectParser(source: source, at: offset)
        guard case .integer(let value) = try? parser.nextToken() else { return nil }
        return value
    }
}
