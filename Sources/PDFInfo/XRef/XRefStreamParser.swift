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
        guard let widths = dictionary["W"]?.arrayValue.flatMap(RowWidths.init) else {
            throw PDFError(.unreadableXref, "xref stream has no valid /W", offset: offset)
        }
        guard let size = dictionary["Size"]?.integerValue, size >= 0 else {
            throw PDFError(.unreadableXref, "xref stream has no valid /Size", offset: offset)
        }
        // The /Index ranges with the row each starts at; too many entries is reported after
        // the data is decoded, so that a stream that cannot be decoded says so first.
        var indexed: [(first: Int, count: Int, firstRow: Int)] = []
        var rows = 0
        var tooMany = false
        func add(first: Int, count: Int) {
            guard !tooMany else { return }
            guard count <= maxEntries - rows, !first.addingReportingOverflow(count).overflow else {
                tooMany = true
                return
            }
            indexed.append((first, count, rows))
            rows += count
        }
        if let index = dictionary["Index"]?.arrayValue.map(integers) {
            guard index.count % 2 == 0 else {
                throw PDFError(.unreadableXref, "xref stream /Index has an odd number of items", offset: offset)
            }
            indexed.reserveCapacity(index.count / 2)
            for pair in stride(from: 0, to: index.count, by: 2) where index[pair] >= 0 && index[pair + 1] >= 0 {
                add(first: index[pair], count: index[pair + 1])
            }
        } else {
            add(first: 0, count: size)
        }
        let data = try StreamDecoder.decodedData(of: stream, source: source, maxOutput: 256 * 1024 * 1024)
        guard !tooMany else {
            throw PDFError(.limitExceeded, "xref stream claims too many entries", offset: offset)
        }
        let index = SectionIndex.stream(StreamRows(data: data, widths: widths, headerOffset: headerOffset, ranges: indexed))
        return XRefSection(form: .stream, offset: offset, index: index, trailer: dictionary)
    }

    /// The integers among `items`, in order (as `compactMap(\.integerValue)`, in one allocation).
    private static func integers(_ items: [PDFObject]) -> [Int] {
        var numbers: [Int] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            if let number = item.integerValue { numbers.append(number) }
        }
        return numbers
    }
}
