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
    mutating func appendTableSection(trailer: PDFDictionary) {
        let xrefOffset = nextOffset
        append("xref\n")
        for run in contiguousRuns() {
            ObjectSerializer.writeInteger(run[run.startIndex].ref.number, to: &bytes)
            bytes.append(0x20)
            ObjectSerializer.writeInteger(run.count, to: &bytes)
            bytes.append(0x0A)
            for entry in run {
                ObjectSerializer.writeInteger(entry.offset, width: 10, to: &bytes)
                bytes.append(0x20)
                ObjectSerializer.writeInteger(entry.ref.generation, width: 5, to: &bytes)
                append(" n\r\n")
            }
        }
        append("trailer\n")
        writeTrailer(trailer)
        appendStartXRef(xrefOffset)
    }

    /// A cross-reference stream holding the trailer keys, with /Index and an entry for
    /// itself, unfiltered, /W [1 n 2] (§7.5.8; pdf-notes §1.7).
    mutating func appendStreamSection(ref: ObjectRef, trailer: PDFDictionary) {
        let xrefOffset = nextOffset
        written.append((ref, xrefOffset))
        var offsetWidth = 4
        while offsetWidth < 8, xrefOffset >> (offsetWidth * 8) != 0 { offsetWidth += 1 }
        var data: [UInt8] = []
        var index: [PDFObject] = []
        for run in contiguousRuns() {
            index += [.integer(run[run.startIndex].ref.number), .integer(run.count)]
            for entry in run {
                data.append(1)
                for shift in stride(from: (offsetWidth - 1) * 8, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: entry.offset >> shift)) }
                data += [UInt8(truncatingIfNeeded: entry.ref.generation >> 8), UInt8(truncatingIfNeeded: entry.ref.generation)]
            }
        }
        var dictionary = PDFDictionary([("Type", .name("XRef"))])
        for entry in trailer.entries { dictionary[entry.key] = entry.value }
        dictionary["W"] = .array([.integer(1), .integer(offsetWidth), .integer(2)])
        dictionary["Index"] = .array(index)
        dictionary["Length"] = .integer(data.count)
        appendObjectHeader(ref)
        writeTrailer(dictionary)
        append("\nstream\n")
        bytes += data
        append("\nendstream\nendobj")
        appendStartXRef(xrefOffset)
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

    /// The written objects sorted by number, in runs of consecutive numbers (xref subsections).
    private func contiguousRuns() -> [ArraySlice<(ref: ObjectRef, offset: Int)>] {
        let sorted = written.sorted { $0.ref.number < $1.ref.number }
        var runs: [ArraySlice<(ref: ObjectRef, offset: Int)>] = []
        var start = 0
        for index in sorted.indices where index > 0 && sorted[index].ref.number != sorted[index - 1].ref.number + 1 {
            runs.append(sorted[start..<index])
            start = index
        }
        if !sorted.isEmpty { runs.append(sorted[start...]) }
        return runs
    }
}
