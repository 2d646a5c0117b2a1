/// The bytes of an incremental update as they are assembled: objects, then one xref section
/// of the same form as the newest one, the trailer and `%%EOF` (pdf-notes §1.3–1.7, §1.12).
struct UpdateBody {
    /// The file length the update is appended to.
    let baseLength: Int
    /// Offsets in xref data count from the header (pdf-notes §1.4).
    let headerOffset: Int
    var bytes: [UInt8] = []
    private(set) var written: [(ref: ObjectRef, offset: Int)] = []

    init(baseLength: Int, headerOffset: Int) {
        self.baseLength = baseLength
        self.headerOffset = headerOffset
    }

    /// Header-relative offset of the next byte appended.
    private var nextOffset: Int { baseLength + bytes.count - headerOffset }

    mutating func append(object ref: ObjectRef, dictionary: PDFDictionary, hexStrings: Bool = false) {
        written.append((ref, nextOffset))
        appendObjectHeader(ref)
        ObjectSerializer.write(dictionary, to: &bytes, hexStrings: hexStrings)
        append("\nendobj\n")
    }

    /// An unfiltered stream with an exact direct /Length (pdf-notes §1.11–1.12).
    mutating func append(stream ref: ObjectRef, dictionary: PDFDictionary, data: [UInt8]) {
        var dictionary = dictionary
        dictionary["Length"] = .integer(data.count)
        written.append((ref, nextOffset))
        appendObjectHeader(ref)
        ObjectSerializer.write(dictionary, to: &bytes)
        append("\nstream\n")
        bytes += data
        append("\nendstream\nendobj\n")
    }

    /// A classic xref section: 20-byte entries ending in CR LF (§7.5.4), then the trailer.
    /// - Parameter carried: entries (offsets from the header) listed besides the objects
    ///   written, with the free head of the list, object 0, when there are any.
    mutating func appendTableSection(trailer: PDFDictionary, carrying carried: [Int: XRefEntry] = [:]) {
        let xrefOffset = nextOffset
        append("xref\n")
        for run in contiguousRuns(carrying: carried) {
            ObjectSerializer.writeInteger(run[run.startIndex].number, to: &bytes)
            bytes.append(0x20)
            ObjectSerializer.writeInteger(run.count, to: &bytes)
            bytes.append(0x0A)
            for row in run {
                switch row.entry {
                case .inUse(let offset, let generation):
                    ObjectSerializer.writeInteger(offset, width: 10, to: &bytes)
                    bytes.append(0x20)
                    ObjectSerializer.writeInteger(generation, width: 5, to: &bytes)
                    append(" n\r\n")
                case .free, .compressed:
                    // Only object 0: a table is written only when no object is compressed.
                    append("0000000000 65535 f\r\n")
                }
            }
        }
        append("trailer\n")
        writeTrailer(trailer)
        appendStartXRef(xrefOffset)
    }

    /// A cross-reference stream holding the trailer keys, with /Index and an entry for
    /// itself, unfiltered, /W [1 n m] (§7.5.8; pdf-notes §1.7).
    /// - Parameter carried: as for `appendTableSection(trailer:carrying:)`.
    mutating func appendStreamSection(ref: ObjectRef, trailer: PDFDictionary, carrying carried: [Int: XRefEntry] = [:]) {
        let xrefOffset = nextOffset
        written.append((ref, xrefOffset))
        let runs = contiguousRuns(carrying: carried)
        var largestSecond = xrefOffset
        var largestThird = 0
        for row in runs.joined() {
            switch row.entry {
            case .inUse(let offset, let generation): (largestSecond, largestThird) = (max(largestSecond, offset), max(largestThird, generation))
            case .compressed(let stream, let index): (largestSecond, largestThird) = (max(largestSecond, stream), max(largestThird, index))
            case .free: largestThird = max(largestThird, 65535)
            }
        }
        let secondWidth = max(4, Self.byteWidth(largestSecond))
        let thirdWidth = max(2, Self.byteWidth(largestThird))
        func field(_ value: Int, width: Int) {
            for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        var data: [UInt8] = []
        var index: [PDFObject] = []
        for run in runs {
            index += [.integer(run[run.startIndex].number), .integer(run.count)]
            for row in run {
                switch row.entry {
                case .inUse(let offset, let generation): data.append(1); field(offset, width: secondWidth); field(generation, width: thirdWidth)
                case .compressed(let stream, let position): data.append(2); field(stream, width: secondWidth); field(position, width: thirdWidth)
                case .free: data.append(0); field(0, width: secondWidth); field(65535, width: thirdWidth)
                }
            }
        }
        var dictionary = PDFDictionary([("Type", .name("XRef"))])
        for entry in trailer.entries { dictionary[entry.key] = entry.value }
        dictionary["W"] = .array([.integer(1), .integer(secondWidth), .integer(thirdWidth)])
        dictionary["Index"] = .array(index)
        dictionary["Length"] = .integer(data.count)
        appendObjectHeader(ref)
        writeTrailer(dictionary)
        append("\nstream\n")
        bytes += data
        append("\nendstream\nendobj")
        appendStartXRef(xrefOffset)
    }

    /// How many bytes `value` (not negative) takes, big-endian, at least 1.
    private static func byteWidth(_ value: Int) -> Int {
        var width = 1
        while width < 8, value >> (width * 8) != 0 { width += 1 }
        return width
    }

    /// Writes a trailer dictionary; /ID strings always as hex (pdf-notes §1.9).
    private mutating func writeTrailer(_ trailer: PDFDictionary) {
        append("<<")
        for entry in trailer.entries {
            let (key, value) = (entry.key, entry.value)
            ObjectSerializer.writeName(key, to: &bytes)
            bytes.append(0x20)
            if key.string == "ID", let items = value.arrayValue {
                bytes.append(UInt8(ascii: "["))
                for item in items {
                    if let string = item.stringBytes { ObjectSerializer.writeHex(string, to: &bytes) } else { ObjectSerializer.write(item, to: &bytes) }
                }
                bytes.append(UInt8(ascii: "]"))
            } else {
                ObjectSerializer.write(value, to: &bytes)
            }
        }
        append(">>")
    }

    /// Appends the bytes of `literal` (through its buffer: a String's UTF-8 view is copied
    /// through the generic path, several times slower).
    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `<number> <generation> obj` and a line end.
    private mutating func appendObjectHeader(_ ref: ObjectRef) {
        ObjectSerializer.writeInteger(ref.number, to: &bytes)
        bytes.append(0x20)
        ObjectSerializer.writeInteger(ref.generation, to: &bytes)
        append(" obj\n")
    }

    /// The end of the update: `startxref`, the section's offset and `%%EOF`, each on its line.
    private mutating func appendStartXRef(_ xrefOffset: Int) {
        append("\nstartxref\n")
        ObjectSerializer.writeInteger(xrefOffset, to: &bytes)
        append("\n%%EOF\n")
    }

    /// The rows of the section, sorted by number, in runs of consecutive numbers (xref
    /// subsections): the objects written, over the `carried` entries and, when there are any,
    /// the free head of the list.
    private func contiguousRuns(carrying carried: [Int: XRefEntry]) -> [ArraySlice<(number: Int, entry: XRefEntry)>] {
        var rows = carried
        if !carried.isEmpty { rows[0] = .free }
        for object in written { rows[object.ref.number] = .inUse(offset: object.offset, generation: object.ref.generation) }
        let sorted = rows.map { (number: $0.key, entry: $0.value) }.sorted { $0.number < $1.number }
        var runs: [ArraySlice<(number: Int, entry: XRefEntry)>] = []
        var start = 0
        for index in sorted.indices where index > 0 && sorted[index].number != sorted[index - 1].number + 1 {
            runs.append(sorted[start..<index])
            start = index
        }
        if !sorted.isEmpty { runs.append(sorted[start...]) }
        return runs
    }
}
