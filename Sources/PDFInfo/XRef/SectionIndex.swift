/// What one cross-reference section says about an object number, answered on demand: a file's
/// reader needs a handful of entries, not the thousands a section may hold (pdf-notes §2.4–2.6).
enum SectionIndex {
    /// Entries already parsed (tables not in the strict 20-byte form; reconstruction).
    case parsed([Int: XRefEntry])
    /// A classic table whose rows are exactly 20 bytes: an entry is found by arithmetic.
    case table(FixedRowTable)
    /// An xref stream's decoded rows.
    case stream(StreamRows)

    /// The section's entry for `number`, nil when the section does not mention it.
    /// - Throws: `.unreadableXref` when the row is malformed.
    func entry(_ number: Int) throws(PDFError) -> XRefEntry? {
        switch self {
        case .parsed(let entries): return entries[number]
        case .table(let table): return try table.entry(number)
        case .stream(let rows): return rows.entry(number)
        }
    }

    /// The highest object number the section mentions (0 when none).
    var highestNumber: Int {
        switch self {
        case .parsed(let entries): return entries.keys.max() ?? 0
        case .table(let table): return table.subsections.map { $0.first + $0.count - 1 }.max() ?? 0
        case .stream(let rows): return rows.ranges.map { $0.first + $0.count - 1 }.max() ?? 0
        }
    }
}

/// A classic xref table read lazily: subsection headers only; a row is read when asked for.
struct FixedRowTable {
    struct Subsection {
        var first: Int
        var count: Int
        /// Absolute offset of the first 20-byte row.
        var rowsOffset: Int
    }

    let source: ByteSource
    let headerOffset: Int
    let subsections: [Subsection]

    func entry(_ number: Int) throws(PDFError) -> XRefEntry? {
        // A later subsection wins over an earlier one that repeats the number.
        for subsection in subsections.reversed() where number >= subsection.first && number - subsection.first < subsection.count {
            let offset = subsection.rowsOffset + (number - subsection.first) * 20
            guard let row = FixedRow(try source.bytes(in: offset..<(offset + 20))) else {
                throw PDFError(.unreadableXref, "malformed xref entry for object \(number)", offset: offset)
            }
            guard row.inUse, row.offset > 0 else { return .free }  // an in-use entry at offset 0 means free
            let (absolute, overflow) = row.offset.addingReportingOverflow(headerOffset)
            return overflow ? .free : .inUse(offset: absolute, generation: row.generation)
        }
        return nil
    }
}

/// One `nnnnnnnnnn ggggg n` row (ISO 32000-1 §7.5.4), with its two-byte EOL.
struct FixedRow {
    var offset: Int
    var generation: Int
    var inUse: Bool

    /// Reads the row in `row`, a slice whose indices need not start at 0.
    init?(_ row: ArraySlice<UInt8>) {
        // Through a buffer: indexing the slice checks its bounds on each of the 20 bytes.
        guard row.count == 20, let parsed = row.withUnsafeBufferPointer(Self.parsed) else { return nil }
        self = parsed
    }

    private init(offset: Int, generation: Int, inUse: Bool) {
        self.offset = offset
        self.generation = generation
        self.inUse = inUse
    }

    /// The row in the 20 bytes of `row`, or nil when they are not one.
    private static func parsed(_ row: UnsafeBufferPointer<UInt8>) -> FixedRow? {
        guard row[10] == 0x20, row[16] == 0x20,
              row[17] == UInt8(ascii: "n") || row[17] == UInt8(ascii: "f"),
              CharacterClass.isWhitespace(row[18]), CharacterClass.isWhitespace(row[19]) else { return nil }
        var offset = 0
        for column in 0..<10 {
            guard CharacterClass.isDigit(row[column]) else { return nil }
            offset = offset * 10 + Int(row[column] - 0x30)
        }
        var generation = 0
        for column in 11..<16 {
            guard CharacterClass.isDigit(row[column]) else { return nil }
            generation = generation * 10 + Int(row[column] - 0x30)
        }
        return FixedRow(offset: offset, generation: generation, inUse: row[17] == UInt8(ascii: "n"))
    }
}

/// An xref stream's decoded data, decoded row by row on demand (§7.5.8.3).
struct StreamRows {
    let data: [UInt8]
    /// The widths of a row's three fields (/W).
    let widths: [Int]
    let headerOffset: Int
    /// /Index ranges with the row each starts at.
    let ranges: [(first: Int, count: Int, firstRow: Int)]

    func entry(_ number: Int) -> XRefEntry? {
        for range in ranges where number >= range.first && number - range.first < range.count {
            let rowLength = widths.reduce(0, +)
            let start = (range.firstRow + number - range.first) * rowLength
            guard start + rowLength <= data.count else { return nil }  // a short stream lists fewer objects
            // Three big-endian fields, read without building an array per lookup.
            var position = start
            func field(_ width: Int) -> Int {
                var value = 0
                for _ in 0..<width {
                    value = value << 8 | Int(data[position])
                    position += 1
                }
                return value
            }
            let type = field(widths[0])
            let second = field(widths[1])
            let third = field(widths[2])
            // Width 0 for the type field means type 1 (§7.5.8.2, Table 17).
            switch widths[0] == 0 ? 1 : type {
            case 0: return .free
            case 1:
                let (absolute, overflow) = second.addingReportingOverflow(headerOffset)
                return second > 0 && !overflow ? .inUse(offset: absolute, generation: third) : .free
            case 2: return .compressed(stream: second, index: third)
            default: return nil  // unknown types are null references (§7.5.8.3)
            }
        }
        return nil
    }
}
