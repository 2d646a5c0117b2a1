/// Parses a cross-reference stream (ISO 32000-1 §7.5.8; pdf-notes §2.6).
enum XRefStreamParser {
    static let maxEntries = 10_000_000

    /// Parses the xref stream object at `offset`.
    static func parse(source: ByteSource, at offset: Int, headerOffset: Int) throws(PDFError) -> XRefSection {
        // The /Length of an xref stream must be direct (§7.5.8.2); an indirect one is not followed.
        let (_, value) = try IndirectObjectParser.parse(source: source, at: offset) { _ throws(PDFError) in nil }
        guard case .stream(let stream) = value, stream.dictionary["Type"]?.nameValue == "XRef" else {
            throw PDFError(.unreadableXref, "object at startxref is not an xref stream", offset: offset)
        }
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.arrayValue?.compactMap(\.integerValue), widths.count == 3,
              widths.allSatisfy({ $0 >= 0 && $0 <= 8 }), widths.reduce(0, +) > 0 else {
            throw PDFError(.unreadableXref, "xref stream has no valid /W", offset: offset)
        }
        guard let size = dictionary["Size"]?.integerValue, size >= 0 else {
            throw PDFError(.unreadableXref, "xref stream has no valid /Size", offset: offset)
        }
        var ranges: [(first: Int, count: Int)] = []
        if let index = dictionary["Index"]?.arrayValue?.compactMap(\.integerValue) {
            guard index.count % 2 == 0 else {
                throw PDFError(.unreadableXref, "xref stream /Index has an odd number of items", offset: offset)
            }
            for pair in stride(from: 0, to: index.count, by: 2) where index[pair] >= 0 && index[pair + 1] >= 0 {
                ranges.append((index[pair], index[pair + 1]))
            }
        } else {
            ranges = [(0, size)]
        }
        let data = try StreamDecoder.decodedData(of: stream, source: source, maxOutput: 256 * 1024 * 1024)
        let rowLength = widths.reduce(0, +)
        var entries: [(number: Int, entry: XRefEntry)] = []
        var row = 0
        for range in ranges {
            guard range.count <= maxEntries - entries.count else {
                throw PDFError(.limitExceeded, "xref stream claims too many entries", offset: offset)
            }
            let (end, overflow) = range.first.addingReportingOverflow(range.count)
            guard !overflow else { throw PDFError(.unreadableXref, "xref stream /Index out of range", offset: offset) }
            for number in range.first..<end {
                let start = row * rowLength
                guard start + rowLength <= data.count else { break }
                var fields = [0, 0, 0]
                var position = start
                for (field, width) in widths.enumerated() {
                    var value = 0
                    for _ in 0..<width {
                        value = (value << 8) | Int(data[position])
                        position += 1
                    }
                    fields[field] = value
                }
                // Width 0 for the type field means type 1 (§7.5.8.2, Table 17).
                let type = widths[0] == 0 ? 1 : fields[0]
                switch type {
                case 0: entries.append((number, .free))
                case 1:
                    let (absolute, overflow) = fields[1].addingReportingOverflow(headerOffset)
                    entries.append((number, fields[1] > 0 && !overflow ? .inUse(offset: absolute, generation: fields[2]) : .free))
                case 2: entries.append((number, .compressed(stream: fields[1], index: fields[2])))
                default: break  // Unknown types are ignored (§7.5.8.3: "null reference").
                }
                row += 1
            }
        }
        return XRefSection(form: .stream, offset: offset, entries: entries, trailer: dictionary)
    }
}
