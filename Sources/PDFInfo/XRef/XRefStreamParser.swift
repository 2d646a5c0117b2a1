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
        var indexed: [(first: Int, count: Int, firstRow: Int)] = []
        var rows = 0
        for range in ranges {
            guard range.count <= maxEntries - rows, !range.first.addingReportingOverflow(range.count).overflow else {
                throw PDFError(.limitExceeded, "xref stream claims too many entries", offset: offset)
            }
            indexed.append((range.first, range.count, rows))
            rows += range.count
        }
        let index = SectionIndex.stream(StreamRows(data: data, widths: widths, headerOffset: headerOffset, ranges: indexed))
        return XRefSection(form: .stream, offset: offset, index: index, trailer: dictionary)
    }
}
