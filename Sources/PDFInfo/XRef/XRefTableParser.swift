/// Parses a classic cross-reference table and its trailer (ISO 32000-1 §7.5.4, §7.5.5),
/// tolerating the quirks of pdf-notes §2.5.
enum XRefTableParser {
    static let maxEntries = 10_000_000

    /// Parses the table whose `xref` keyword is at `offset`.
    /// - Parameter headerOffset: added to every entry's offset (offsets count from `%PDF-`).
    static func parse(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        let parser = ObjectParser(source: source, at: offset)
        guard try parser.nextToken().isKeyword("xref") else {
            throw PDFError(.unreadableXref, "expected 'xref'", offset: offset)
        }
        var entries: [(number: Int, entry: XRefEntry)] = []
        while true {
            let start = try parser.nextTokenStart()
            let token = try parser.nextToken()
            if token.isKeyword("trailer") { break }
            guard case .integer(var first) = token, case .integer(let count) = try parser.nextToken(),
                  first >= 0, count >= 0, count <= maxEntries - entries.count else {
                throw PDFError(.unreadableXref, "malformed xref subsection header", offset: start)
            }
            for index in 0..<count {
                let entryStart = try parser.nextTokenStart()
                guard case .integer(let field1) = try parser.nextToken(),
                      case .integer(let generation) = try parser.nextToken(),
                      case .keyword(let kind) = try parser.nextToken(), kind.count == 1 else {
                    throw PDFError(.unreadableXref, "malformed xref entry", offset: entryStart)
                }
                // A subsection `1 n` whose first entry is the free head of the list really starts at 0.
                if index == 0, first == 1, kind[0] == UInt8(ascii: "f"), generation == 65535 { first = 0 }
                let number = first + index
                switch kind[0] {
                case UInt8(ascii: "n") where field1 > 0:
                    let (absolute, overflow) = field1.addingReportingOverflow(headerOffset)
                    entries.append((number, overflow ? .free : .inUse(offset: absolute, generation: generation)))
                case UInt8(ascii: "n"), UInt8(ascii: "f"):
                    // An in-use entry with offset 0 means free.
                    entries.append((number, .free))
                default:
                    throw PDFError(.unreadableXref, "xref entry type is neither 'n' nor 'f'", offset: entryStart)
                }
            }
        }
        guard case .dictionary(let trailer) = try parser.parseObject() else {
            throw PDFError(.unreadableXref, "trailer is not a dictionary", offset: offset)
        }
        return XRefSection(form: .table, offset: offset, entries: entries, trailer: trailer)
    }
}
