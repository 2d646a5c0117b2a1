/// Parses a cross-reference stream (ISO 32000-1 §7.5.8; pdf-notes §2.6), with the checks qpdf
/// makes (`QPDF::processXRefStream`): a stream qpdf cannot read makes it rebuild the file's
/// cross-reference data, so it is damage here too.
enum XRefStreamParser {
    static let maxEntries = 10_000_000

    /// Parses the xref stream object at `offset`.
    /// - Parameter pointer: what gave the offset (`startxref`, `/Prev`, `/XRefStm`), for the error.
    /// - Throws: `.unreadableXref` naming what is wrong.
    static func parse(source: ByteSource, at offset: Int, headerOffset: Int, pointer: String) throws(PDFError) -> XRefSection {
        // The /Length of an xref stream must be direct (§7.5.8.2); an indirect one is not followed.
        let value: IndirectValue
        do {
            value = try IndirectObjectParser.parse(source: source, at: offset) { _ throws(PDFError) in nil }.value
        } catch {
            throw PDFError(.unreadableXref, "\(pointer) does not point to an xref section", offset: offset)
        }
        guard case .stream(let stream) = value, stream.dictionary["Type"]?.nameValue == "XRef" else {
            throw PDFError(.unreadableXref, "\(pointer) points to an object that is not an xref stream", offset: offset)
        }
        let dictionary = stream.dictionary
        guard let widths = RowWidths(dictionary["W"]) else {
            throw PDFError(.unreadableXref, "xref stream has no valid /W", offset: offset)
        }
        guard case .integer(let size)? = dictionary["Size"], size >= 0 else {
            throw PDFError(.unreadableXref, "xref stream has no valid /Size", offset: offset)
        }
        let ranges = try indexRanges(dictionary["Index"], size: size, offset: offset)
        let rows = ranges.reduce(0) { $0 + $1.count }
        let data = try StreamDecoder.decodedData(of: stream, source: source, maxOutput: 256 * 1024 * 1024)
        guard data.count >= rows * widths.row else {
            throw PDFError(.unreadableXref, "xref stream data is shorter than its /Index and /W say", offset: offset)
        }
        var entries: [Int: XRefEntry] = [:]
        entries.reserveCapacity(rows)
        var position = 0
        func field(_ width: Int) -> Int {
            var value = 0
            for _ in 0..<width {
                value = value << 8 | Int(data[position])
                position += 1
            }
            return value
        }
        for (rangeIndex, range) in ranges.enumerated() {
            // A range lists each of its numbers once: only an earlier one can hold it already.
            let isFirst = rangeIndex == 0
            for number in range.first..<(range.first + range.count) {
                // Width 0 for the type field means type 1 (§7.5.8.2, Table 17).
                let type = widths.type == 0 ? 1 : field(widths.type)
                let second = field(widths.second)
                let third = field(widths.third)
                let entry: XRefEntry
                switch type {
                case 0:
                    entry = .free
                case 1:
                    let (absolute, overflow) = second.addingReportingOverflow(headerOffset)
                    entry = second > 0 && !overflow ? .inUse(offset: absolute, generation: third) : .free
                case 2:
                    entry = .compressed(stream: second, index: third)
                default:
                    throw PDFError(.unreadableXref, "xref stream entry of unknown type \(type) for object \(number)", offset: offset)
                }
                if isFirst || entries[number] == nil { entries[number] = entry }
            }
        }
        return XRefSection(form: .stream, offset: offset, entries: entries, trailer: dictionary)
    }

    /// The object number ranges /Index lists (§7.5.8.2), or `0 size` without it.
    private static func indexRanges(_ index: PDFObject?, size: Int, offset: Int) throws(PDFError) -> [(first: Int, count: Int)] {
        var pairs: [(first: Int, count: Int)] = []
        switch index {
        case nil, .null?:
            pairs = [(0, size)]
        case .array(let items)?:
            guard items.count >= 2, items.count % 2 == 0 else {
                throw PDFError(.unreadableXref, "xref stream /Index has an invalid number of items", offset: offset)
            }
            for pair in stride(from: 0, to: items.count, by: 2) {
                guard case .integer(let first) = items[pair], case .integer(let count) = items[pair + 1], first >= 0, count >= 0 else {
                    throw PDFError(.unreadableXref, "xref stream /Index holds an item that is not an unsigned integer", offset: offset)
                }
                pairs.append((first, count))
            }
        default:
            throw PDFError(.unreadableXref, "xref stream /Index is not an array", offset: offset)
        }
        var total = 0
        for pair in pairs {
            guard pair.count <= maxEntries - total else {
                throw PDFError(.limitExceeded, "xref stream claims more than \(maxEntries) entries", offset: offset)
            }
            guard pair.count == 0 || pair.first + pair.count - 1 <= XRefSection.maxObjectNumber else {
                throw PDFError(.unreadableXref, "xref stream lists object numbers up to \(pair.first + pair.count - 1), past the largest readers accept", offset: offset)
            }
            total += pair.count
        }
        return pairs
    }
}

/// The widths in bytes of an xref stream row's three fields (/W, §7.5.8.2).
struct RowWidths {
    let type: Int
    let second: Int
    let third: Int
    /// The bytes of one row.
    var row: Int { type + second + third }

    /// The widths /W lists: an array whose first three items are integers 0…8, not all 0 (qpdf
    /// reads the first three and ignores the rest); nil otherwise.
    init?(_ object: PDFObject?) {
        guard case .array(let items)? = object, items.count >= 3,
              case .integer(let type) = items[0], case .integer(let second) = items[1], case .integer(let third) = items[2],
              [type, second, third].allSatisfy({ (0...8).contains($0) }), type + second + third > 0 else { return nil }
        (self.type, self.second, self.third) = (type, second, third)
    }
}
