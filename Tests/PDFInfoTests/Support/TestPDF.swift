@testable import PDFInfo

/// Builds small PDFs byte by byte for unit tests, computing real offsets, so each test states
/// exactly the structure it exercises (classic table, xref stream, hybrid, chains, junk).
struct TestPDF {
    var bytes: [UInt8]
    var offsets: [Int: Int] = [:]
    /// Offsets in xref data are counted from here (junk before the header shifts it).
    let headerOffset: Int

    init(junk: String = "", version: String = "1.7") {
        bytes = Array(junk.utf8)
        headerOffset = bytes.count
        bytes += Array("%PDF-\(version)\n%\u{E2}\u{E3}\n".utf8)
    }

    var count: Int { bytes.count }

    mutating func append(_ text: String) { bytes += Array(text.utf8) }

    /// Appends `N 0 obj body endobj` and records its header-relative offset.
    mutating func object(_ number: Int, _ body: String, generation: Int = 0) {
        offsets[number] = bytes.count - headerOffset
        append("\(number) \(generation) obj\n\(body)\nendobj\n")
    }

    /// Appends an object whose stream data is `data` (raw bytes), with a direct /Length.
    mutating func stream(_ number: Int, _ dictionary: String, data: [UInt8]) {
        offsets[number] = bytes.count - headerOffset
        append("\(number) 0 obj\n<<\(dictionary) /Length \(data.count)>>\nstream\n")
        bytes += data
        append("\nendstream\nendobj\n")
    }

    /// Appends a classic xref table for `numbers` (one subsection each), the trailer, and
    /// `startxref`; returns the xref offset (header-relative).
    @discardableResult
    mutating func classicXRef(_ numbers: [Int], trailer: String, free: [Int] = []) -> Int {
        let xrefOffset = bytes.count - headerOffset
        append("xref\n")
        if numbers.contains(0) || free.isEmpty && offsets.isEmpty { append("0 1\n0000000000 65535 f\r\n") }
        for number in numbers.sorted() where number != 0 {
            append("\(number) 1\n")
            if free.contains(number) {
                append("0000000000 00001 f\r\n")
            } else {
                append(pad(offsets[number]!, 10) + " 00000 n\r\n")
            }
        }
        append("trailer\n\(trailer)\nstartxref\n\(xrefOffset)\n%%EOF\n")
        return xrefOffset
    }

    /// Appends an uncompressed xref stream (object `number`) with `/W [1 4 2]` rows for
    /// `entries` (type, field2, field3), the given extra dictionary text and `startxref`.
    @discardableResult
    mutating func streamXRef(_ number: Int, entries: [(number: Int, type: Int, field2: Int, field3: Int)], extra: String) -> Int {
        let xrefOffset = bytes.count - headerOffset
        var data: [UInt8] = []
        var index: [String] = []
        var allEntries = entries
        allEntries.append((number, 1, xrefOffset, 0))
        for entry in allEntries.sorted(by: { $0.number < $1.number }) {
            index.append("\(entry.number) 1")
            data.append(UInt8(entry.type))
            for shift in [24, 16, 8, 0] { data.append(UInt8(truncatingIfNeeded: entry.field2 >> shift)) }
            data += [UInt8(truncatingIfNeeded: entry.field3 >> 8), UInt8(truncatingIfNeeded: entry.field3)]
        }
        stream(number, "/Type /XRef /W [1 4 2] /Index [\(index.joined(separator: " "))] \(extra)", data: data)
        append("startxref\n\(xrefOffset)\n%%EOF\n")
        return xrefOffset
    }

    /// Appends objects 1–3: a catalog, a page tree root declaring `count` pages, and its one page.
    mutating func onePageTree(count: String = "1") {
        object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        object(2, "<< /Type /Pages /Kids [3 0 R] /Count \(count) >>")
        object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
    }

    var source: MemoryByteSource { MemoryByteSource(bytes) }

    func document() throws -> PDFDocument { try PDFDocument(source: source) }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// A one-page document with an Info dictionary, written with a classic table.
func minimalPDF(info: String = "<< /Title (Old) /Producer (Test) >>", junk: String = "") -> TestPDF {
    var pdf = TestPDF(junk: junk)
    pdf.onePageTree()
    pdf.object(4, info)
    pdf.classicXRef([0, 1, 2, 3, 4], trailer: "<< /Size 5 /Root 1 0 R /Info 4 0 R /ID [<0102030405060708090A0B0C0D0E0F10> <0102030405060708090A0B0C0D0E0F10>] >>")
    return pdf
}
