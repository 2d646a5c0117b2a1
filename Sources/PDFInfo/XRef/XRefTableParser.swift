/// Parses a classic cross-reference table and its trailer (ISO 32000-1 §7.5.4, §7.5.5),
/// tolerating the quirks of pdf-notes §2.5.
///
/// A table in the standard form (20-byte rows) is indexed lazily: only subsection headers are
/// read, and a row when an object is asked for. Any other table is parsed row by row.
enum XRefTableParser {
    static let maxEntries = 10_000_000

    /// Parses the table whose `xref` keyword is at `offset`.
    /// - Parameter headerOffset: added to every entry's offset (offsets count from `%PDF-`).
    static func parse(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        if let section = try? parseFixedRows(source: source, at: offset, headerOffset: headerOffset) { return section }
        return try parseRowByRow(source: source, at: offset, headerOffset: headerOffset)
    }

    /// The lazy path: subsection headers are read and each subsection's first and last rows
    /// checked; the rows in between are read only when asked for.
    private static func parseFixedRows(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        var lexer = Lexer(source: source, at: offset)
        guard try lexer.nextToken().isKeyword("xref") else {
            throw PDFError(.unreadableXref, "expected 'xref'", offset: offset)
        }
        var subsections: [FixedRowTable.Subsection] = []
        var total = 0
        while true {
            try lexer.skipWhitespaceAndComments()
            guard let next = try lexer.cursor.peek(), CharacterClass.isDigit(next) else {
                guard try lexer.nextToken().isKeyword("trailer") else {
                    throw PDFError(.unreadableXref, "expected 'trailer'", offset: lexer.cursor.position)
                }
                break
            }
            guard var first = try readInteger(&lexer.cursor), try skipSpaces(&lexer.cursor), let count = try readInteger(&lexer.cursor),
                  count <= maxEntries - total else {
                throw PDFError(.unreadableXref, "malformed xref subsection header", offset: lexer.cursor.position)
            }
            try lexer.skipWhitespaceAndComments()
            let rowsOffset = lexer.cursor.position
            if count > 0 {
                guard let firstRow = FixedRow(try source.bytes(in: rowsOffset..<(rowsOffset + 20))),
                      FixedRow(try source.bytes(in: (rowsOffset + 20 * (count - 1))..<(rowsOffset + 20 * count))) != nil else {
                    throw PDFError(.unreadableXref, "xref rows are not 20 bytes", offset: rowsOffset)
                }
                // A subsection `1 n` whose first entry is the free head of the list really starts at 0.
                if first == 1, !firstRow.inUse, firstRow.generation == 65535 { first = 0 }
            }
            subsections.append(.init(first: first, count: count, rowsOffset: rowsOffset))
            total += count
            lexer.cursor.position = rowsOffset + 20 * count
        }
        var parser = ObjectParser(lexer: lexer)
        guard case .dictionary(let trailer) = try parser.parseObject() else {
            throw PDFError(.unreadableXref, "trailer is not a dictionary", offset: offset)
        }
        let table = FixedRowTable(source: source, headerOffset: headerOffset, subsections: subsections)
        return XRefSection(form: .table, offset: offset, index: .table(table), trailer: trailer)
    }

    /// The tolerant path for tables whose rows are not exactly 20 bytes.
    private static func parseRowByRow(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        var lexer = Lexer(source: source, at: offset)
        guard try lexer.nextToken().isKeyword("xref") else {
            throw PDFError(.unreadableXref, "expected 'xref'", offset: offset)
        }
        var entries: [Int: XRefEntry] = [:]
        while true {
            try lexer.skipWhitespaceAndComments()
            let start = lexer.cursor.position
            guard let first = try lexer.cursor.peek(), CharacterClass.isDigit(first) else {
                guard try lexer.nextToken().isKeyword("trailer") else {
                    throw PDFError(.unreadableXref, "malformed xref subsection header", offset: start)
                }
                break
            }
            guard var firstNumber = try readInteger(&lexer.cursor), try skipSpaces(&lexer.cursor),
                  let count = try readInteger(&lexer.cursor), count <= maxEntries - entries.count else {
                throw PDFError(.unreadableXref, "malformed xref subsection header", offset: start)
            }
            for index in 0..<count {
                try lexer.skipWhitespaceAndComments()
                let entryStart = lexer.cursor.position
                guard let field1 = try readInteger(&lexer.cursor), try skipSpaces(&lexer.cursor),
                      let generation = try readInteger(&lexer.cursor), try skipSpaces(&lexer.cursor),
                      let kind = try lexer.cursor.next() else {
                    throw PDFError(.unreadableXref, "malformed xref entry", offset: entryStart)
                }
                // A subsection `1 n` whose first entry is the free head of the list really starts at 0.
                if index == 0, firstNumber == 1, kind == UInt8(ascii: "f"), generation == 65535 { firstNumber = 0 }
                let number = firstNumber + index
                switch kind {
                case UInt8(ascii: "n") where field1 > 0:
                    let (absolute, overflow) = field1.addingReportingOverflow(headerOffset)
                    entries[number] = overflow ? .free : .inUse(offset: absolute, generation: generation)
                case UInt8(ascii: "n"), UInt8(ascii: "f"):
                    // An in-use entry with offset 0 means free.
                    entries[number] = .free
                default:
                    throw PDFError(.unreadableXref, "xref entry type is neither 'n' nor 'f'", offset: entryStart)
                }
            }
        }
        var parser = ObjectParser(lexer: lexer)
        guard case .dictionary(let trailer) = try parser.parseObject() else {
            throw PDFError(.unreadableXref, "trailer is not a dictionary", offset: offset)
        }
        return XRefSection(form: .table, offset: offset, index: .parsed(entries), trailer: trailer)
    }

    /// A run of decimal digits (at most 18), or nil when there is none.
    private static func readInteger(_ cursor: inout ByteCursor) throws(PDFError) -> Int? {
        var value = 0
        var digits = 0
        while let byte = try cursor.peek(), CharacterClass.isDigit(byte), digits < 18 {
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            cursor.position += 1
        }
        return digits > 0 ? value : nil
    }

    /// Skips spaces and tabs (not line ends) between the fields of a line; true when any were skipped.
    private static func skipSpaces(_ cursor: inout ByteCursor) throws(PDFError) -> Bool {
        let start = cursor.position
        while let byte = try cursor.peek(), byte == 0x20 || byte == 0x09 { cursor.position += 1 }
        return cursor.position > start
    }
}
