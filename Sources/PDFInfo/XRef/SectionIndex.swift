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

    /// Every entry the section lists, in no particular order; nil when it lists more than
    /// `limit` objects. For checking a small section whole (a reader asks for the entries it needs).
    /// - Throws: `.unreadableXref` when a row is malformed.
    func allEntries(limit: Int) throws(PDFError) -> [XRefEntry]? {
        let numbers: [Range<Int>]
        switch self {
        case .parsed(let entries): return entries.count <= limit ? Array(entries.values) : nil
        case .table(let table): numbers = table.subsections.map { $0.first..<($0.first + $0.count) }
        case .stream(let rows): numbers = rows.ranges.map { $0.first..<($0.first + $0.count) }
        }
        guard numbers.reduce(0, { $0 + $1.count }) <= limit else { return nil }
        var entries: [XRefEntry] = []
        for number in numbers.joined() {
            if let entry = try entry(number) { entries.append(entry) }
        }
        return entries
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
              CharacterClass.isWhitespace(row[18]), CharacterClass.isWhitespace(row[19]),
              let raw = UnsafeRawPointer(row.baseAddress),
              CharacterClass.isDigit(row[0]), CharacterClass.isDigit(row[1]),
              let low = eightDigits(raw.loadUnaligned(fromByteOffset: 2, as: UInt64.self)) else { return nil }
        var generation = 0
        for column in 11..<16 {
            guard CharacterClass.isDigit(row[column]) else { return nil }
            generation = generation * 10 + Int(row[column] - 0x30)
        }
        let offset = Int(row[0] - 0x30) * 1_000_000_000 + Int(row[1] - 0x30) * 100_000_000 + low
        return FixedRow(offset: offset, generation: generation, inUse: row[17] == UInt8(ascii: "n"))
    }

    /// The value of eight ASCII digits loaded as one integer (the first digit in the lowest
    /// byte, as memory holds them), or nil when a byte is not a digit: a few multiplications
    /// that combine the digits two, four, then eight at a time (Lemire's SWAR parse), instead
    /// of a multiplication and a check per digit.
    static func eightDigits(_ loaded: UInt64) -> Int? {
        let chunk = UInt64(littleEndian: loaded)
        // Each byte 0x30…0x39: high nibble 3, and still 3 after adding 6 (0x3A…0x3F become 0x4_).
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard chunk & highNibbles == 0x3030_3030_3030_3030,
              (chunk &+ 0x0606_0606_0606_0606) & highNibbles == 0x3030_3030_3030_3030 else { return nil }
        // (`>>` binds tighter than `&*` in Swift: the products are shifted, so they are bracketed.)
        var value = ((chunk & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return Int(value & 0xFFFF_FFFF)
    }
}

/// An xref stream's decoded data, decoded row by row on demand (§7.5.8.3).
struct StreamRows {
    let data: [UInt8]
    /// The widths of a row's three fields (/W).
    let widths: RowWidths
    let headerOffset: Int
    /// /Index ranges with the row each starts at.
    let ranges: [(first: Int, count: Int, firstRow: Int)]

    func entry(_ number: Int) -> XRefEntry? {
        for range in ranges where number >= range.first && number - range.first < range.count {
            let start = (range.firstRow + number - range.first) * widths.row
            guard start + widths.row <= data.count else { return nil }  // a short stream lists fewer objects
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
            let type = field(widths.type)
            let second = field(widths.second)
            let third = field(widths.third)
            // Width 0 for the type field means type 1 (§7.5.8.2, Table 17).
            switch widths.type == 0 ? 1 : type {
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

/// The widths in bytes of an xref stream row's three fields (/W, §7.5.8.2), kept as three
/// numbers rather than an array, which would be allocated for each xref stream.
struct RowWidths {
    let type: Int
    let second: Int
    let third: Int
    /// The bytes of one row.
    let row: Int

    /// The widths /W lists: its integers (other items skipped), which must be exactly three,
    /// each 0…8, not all 0; nil otherwise.
    init?(_ items: [PDFObject]) {
        var widths = (0, 0, 0)
        var count = 0
        for item in items {
            guard let width = item.integerValue else { continue }
            switch count {
            case 0: widths.0 = width
            case 1: widths.1 = width
            case 2: widths.2 = width
            default: return nil
            }
            count += 1
        }
        guard count == 3, (0...8).contains(widths.0), (0...8).contains(widths.1), (0...8).contains(widths.2),
              widths.0 + widths.1 + widths.2 > 0 else { return nil }
        (type, second, third) = widths
        row = widths.0 + widths.1 + widths.2
    }
}
