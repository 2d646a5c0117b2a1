/// Parses a classic cross-reference table and its trailer (ISO 32000-1 §7.5.4, §7.5.5), as
/// tolerantly as qpdf (`QPDF::read_xrefTable`) and no more: what qpdf cannot read makes it
/// rebuild the file's cross-reference data, so it is damage here too (pdf-notes §2.5).
///
/// A subsection header is two unsigned integers; an entry is an offset, a generation and `n`
/// or `f`, separated by any whitespace, the rest of its line ignored. After each subsection
/// comes another, or `trailer` and the trailer dictionary.
enum XRefTableParser {
    static let maxEntries = 10_000_000
    private static let xref: Keyword = "xref"
    private static let trailer: Keyword = "trailer"

    /// Parses the table whose `xref` keyword is at `offset`.
    /// - Parameter headerOffset: added to every entry's offset (offsets count from `%PDF-`).
    /// - Throws: `.unreadableXref` naming what is wrong, at its offset.
    static func parse(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        var lexer = Lexer(source: source, at: offset)
        guard try lexer.nextToken().isKeyword(Self.xref) else {
            throw PDFError(.unreadableXref, "expected 'xref'", offset: offset)
        }
        var entries: [Int: XRefEntry] = [:]
        var listed = 0
        while true {
            try skipWhitespace(&lexer.cursor)
            let start = lexer.cursor.position
            guard let byte = try lexer.cursor.peek(), CharacterClass.isDigit(byte) else {
                guard try lexer.nextToken().isKeyword(Self.trailer) else {
                    throw PDFError(.unreadableXref, "malformed xref subsection header", offset: start)
                }
                break
            }
            guard let first = try readInteger(&lexer.cursor), try skipWhitespace(&lexer.cursor),
                  let count = try readInteger(&lexer.cursor), count <= maxEntries - listed else {
                throw PDFError(.unreadableXref, "malformed xref subsection header", offset: start)
            }
            guard count == 0 || first + count - 1 <= XRefSection.maxObjectNumber else {
                throw PDFError(.unreadableXref, "xref subsection lists object numbers up to \(first + count - 1), past the largest readers accept", offset: start)
            }
            // A subsection lists each of its numbers once: only an earlier one can hold it already.
            let isFirst = listed == 0
            listed += count
            entries.reserveCapacity(listed)
            for number in first..<(first + count) {
                let entry = try readEntry(&lexer.cursor, headerOffset: headerOffset)
                if isFirst || entries[number] == nil { entries[number] = entry }
            }
        }
        var parser = ObjectParser(lexer: lexer)
        guard case .dictionary(let trailer) = try parser.parseObject() else {
            throw PDFError(.unreadableXref, "trailer is not a dictionary", offset: offset)
        }
        return XRefSection(form: .table, offset: offset, entries: entries, trailer: trailer)
    }

    /// One entry: after whitespace, `offset generation n|f`, then the rest of its line. The
    /// entry is scanned in the cursor's window; one that runs past the window's end is scanned
    /// again in bytes read from its start, twice as many each time, until it ends or the file
    /// does. The rest of the line, which may be long, is skipped by the cursor.
    private static func readEntry(_ cursor: inout ByteCursor, headerOffset: Int) throws(PDFError) -> XRefEntry {
        var (bytes, index) = try cursor.windowBytes()
        var length = 64
        while true {
            let atEnd = cursor.position + (bytes.count - index) >= cursor.source.count
            switch scanEntry(bytes, from: index, atEnd: atEnd, headerOffset: headerOffset) {
            case .entry(let entry, let end):
                cursor.position += end - index
                while let byte = try cursor.peek(), byte != 0x0A, byte != 0x0D { cursor.position += 1 }
                return entry
            case .malformed(let at):
                throw PDFError(.unreadableXref, "malformed xref entry", offset: cursor.position + at - index)
            case .truncated:
                (bytes, index) = (try cursor.source.read(cursor.position..<(cursor.position + length)), 0)
                length *= 2
            }
        }
    }

    /// What scanning an entry found: the entry and the index past its `n` or `f`, the index where a
    /// malformed one starts, or the end of `bytes` before the entry's `n` or `f`.
    private enum EntryScan {
        case entry(XRefEntry, end: Int)
        case malformed(at: Int)
        case truncated
    }

    /// Scans the entry at `index` of `bytes`; `atEnd` says whether the file ends where `bytes` do.
    private static func scanEntry(_ bytes: [UInt8], from index: Int, atEnd: Bool, headerOffset: Int) -> EntryScan {
        var i = index
        func skipWhitespace() -> Bool {
            let start = i
            while i < bytes.count, CharacterClass.isWhitespace(bytes[i]) { i += 1 }
            return i > start
        }
        // At most 18 digits, so that the value cannot overflow; nil when there is none.
        func integer() -> Int? {
            var value = 0
            let start = i
            while i < bytes.count, CharacterClass.isDigit(bytes[i]) {
                guard i - start < 18 else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            return i > start ? value : nil
        }
        _ = skipWhitespace()
        let start = i
        let field1 = integer(), gap1 = skipWhitespace()
        let generation = integer(), gap2 = skipWhitespace()
        guard i < bytes.count || atEnd else { return .truncated }
        guard let field1, gap1, let generation, gap2, i < bytes.count,
              bytes[i] == UInt8(ascii: "n") || bytes[i] == UInt8(ascii: "f") else { return .malformed(at: start) }
        let kind = bytes[i]
        i += 1
        // An in-use entry with offset 0 means free (pdf.js; qpdf reads such an object as null).
        guard kind == UInt8(ascii: "n"), field1 > 0 else { return .entry(.free, end: i) }
        let (absolute, overflow) = field1.addingReportingOverflow(headerOffset)
        return .entry(overflow ? .free : .inUse(offset: absolute, generation: generation), end: i)
    }

    /// A run of decimal digits (at most 18, so it cannot overflow), or nil when there is none.
    private static func readInteger(_ cursor: inout ByteCursor) throws(PDFError) -> Int? {
        var value = 0
        var digits = 0
        while let byte = try cursor.peek(), CharacterClass.isDigit(byte) {
            guard digits < 18 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            cursor.position += 1
        }
        return digits > 0 ? value : nil
    }

    /// Skips whitespace, line ends included; true when any was skipped.
    @discardableResult
    private static func skipWhitespace(_ cursor: inout ByteCursor) throws(PDFError) -> Bool {
        let start = cursor.position
        while let byte = try cursor.peek(), CharacterClass.isWhitespace(byte) { cursor.position += 1 }
        return cursor.position > start
    }
}
