/// Rebuilds cross-reference data by scanning the whole file when the xref chain is unusable
/// (pdf-notes §2.10; qpdf `reconstruct_xref`, pdf.js `XRef.indexObjects`).
///
/// The file is read window by window; memory grows with the number of objects, not the file size.
enum XRefReconstructor {
    static let maxObjects = 5_000_000
    private static let windowSize = 256 * 1024
    private static let overlap = 64

    /// Scans `source` for `N G obj`, `trailer` and object streams.
    /// - Parameter objectStreamMembers: given an object stream's number and the offset where the
    ///   scan found it, the object numbers it holds in order (nil if it is not an object stream).
    static func reconstruct(
        source: ByteSource,
        headerOffset: Int,
        objectStreamMembers: (_ number: Int, _ offset: Int) -> [Int]?
    ) throws(PDFError) -> CrossReference {
        var objects: [Int: (offset: Int, generation: Int)] = [:]
        var objectOrder: [(number: Int, offset: Int)] = []
        var trailerOffsets: [Int] = []
        var objectStreamMarkers: [Int] = []
        var catalogMarkers: [Int] = []

        var windowStart = 0
        while windowStart < source.count {
            let window = try source.read(windowStart..<(windowStart + windowSize))
            let limit = windowStart + window.count >= source.count ? window.count : window.count - overlap
            var index = 0
            while index < limit {
                index = nextMarkerByte(in: window, from: index, limit: limit)
                guard index < limit else { break }
                let byte = window[index]
                if byte == UInt8(ascii: "o"), matches("obj", window, index), let found = objectStart(window, index),
                   found.number <= XRefSection.maxObjectNumber {
                    let offset = windowStart + found.start
                    if objects[found.number] == nil || objects[found.number]!.offset < offset {
                        objects[found.number] = (offset, found.generation)
                        objectOrder.append((found.number, offset))
                        guard objects.count <= maxObjects else {
                            throw PDFError(.limitExceeded, "more than \(maxObjects) objects while reconstructing", offset: offset)
                        }
                    }
                } else if byte == UInt8(ascii: "t"), matches("trailer", window, index) {
                    trailerOffsets.append(windowStart + index + 7)
                } else if byte == UInt8(ascii: "/"), matches("/ObjStm", window, index) {
                    objectStreamMarkers.append(windowStart + index)
                } else if byte == UInt8(ascii: "/"), matches("/Catalog", window, index) {
                    catalogMarkers.append(windowStart + index)
                }
                index += 1
            }
            if windowStart + window.count >= source.count { break }
            windowStart += limit
        }

        var xref = CrossReference()
        xref.newestForm = .table
        var entries: [Int: XRefEntry] = [:]
        for (number, entry) in objects {
            entries[number] = .inUse(offset: entry.offset, generation: entry.generation)
        }
        objectOrder.sort { $0.offset < $1.offset }
        let enclosing = { (marker: Int) -> Int? in
            var low = 0, high = objectOrder.count
            while low < high {
                let middle = (low + high) / 2
                if objectOrder[middle].offset < marker { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? objectOrder[low - 1].number : nil
        }
        for marker in objectStreamMarkers {
            guard let stream = enclosing(marker), let offset = objects[stream]?.offset,
                  let members = objectStreamMembers(stream, offset) else { continue }
            for (index, number) in members.enumerated() where entries[number] == nil {
                entries[number] = .compressed(stream: stream, index: index)
            }
        }
        xref.entries = entries
        xref.catalogCandidates = catalogMarkers.compactMap(enclosing).reversed().map { ObjectRef($0, objects[$0]?.generation ?? 0) }
        xref.trailer = try bestTrailer(source: source, trailerOffsets: trailerOffsets, objects: objects, found: entries)
            ?? xref.catalogCandidates.first.map { PDFDictionary([("Root", .reference($0))]) }
            ?? PDFDictionary()
        return xref
    }

    /// The last trailer (classic, or an xref stream's dictionary) whose /Root names an object
    /// found (`found`: in the file, or in an object stream found in it).
    ///
    /// Candidates are tried from the end of the file and the first that qualifies wins; each
    /// classic trailer is parsed from at most ``maximumTrailerBytes`` after its keyword, and at
    /// most ``maximumTrailerCandidates`` of them, so a damaged file with many `trailer` words in
    /// binary data is not lexed to its end once per word (fuzzed files hold hundreds of them).
    private static func bestTrailer(
        source: ByteSource,
        trailerOffsets: [Int],
        objects: [Int: (offset: Int, generation: Int)],
        found: [Int: XRefEntry]
    ) throws(PDFError) -> PDFDictionary? {
        var candidates: [(offset: Int, xrefStream: PDFDictionary?)] = trailerOffsets.map { ($0, nil) }
        for (_, entry) in objects {
            let probe = try source.read(entry.offset..<(entry.offset + 512))
            guard ByteSearch.firstIndex(of: Array("/XRef".utf8), in: probe) != nil,
                  let parsed = try? IndirectObjectParser.parse(source: source, at: entry.offset, resolveLength: { _ throws(PDFError) in nil }),
                  let dictionary = parsed.value.dictionary, dictionary["Type"]?.nameValue == "XRef" else { continue }
            candidates.append((entry.offset, dictionary))
        }
        candidates.sort { $0.offset > $1.offset }
        var classicTried = 0
        for candidate in candidates {
            let dictionary: PDFDictionary
            if let xrefStream = candidate.xrefStream {
                dictionary = xrefStream
            } else {
                classicTried += 1
                guard classicTried <= maximumTrailerCandidates,
                      let trailer = try trailerDictionary(source: source, at: candidate.offset) else { continue }
                dictionary = trailer
            }
            switch dictionary["Root"] {
            case .reference(let root)? where found[root.number] != nil: return dictionary
            case .dictionary(let root)? where root["Pages"] != nil: return dictionary  // a direct catalog, seen in damaged files
            default: continue
            }
        }
        return nil
    }

    /// The longest classic trailer dictionary read during reconstruction.
    static let maximumTrailerBytes = 16 << 10
    /// How many classic trailers, from the end, reconstruction tries at most: a real file has
    /// one per revision; a damaged one may hold the word `trailer` thousands of times.
    static let maximumTrailerCandidates = 64

    /// The dictionary after a `trailer` keyword, read from a bounded window; nil when there is none.
    private static func trailerDictionary(source: ByteSource, at offset: Int) throws(PDFError) -> PDFDictionary? {
        let window = MemoryByteSource(try source.read(offset..<(offset + maximumTrailerBytes)))
        var parser = ObjectParser(source: window, at: 0)
        guard case .dictionary(let dictionary)? = try? parser.parseObject() else { return nil }
        return dictionary
    }

    /// The first index in `start..<limit` whose byte can start a marker (`o` of `obj`, `t` of
    /// `trailer`, `/` of `/ObjStm` and `/Catalog`), or `limit`.
    private static func nextMarkerByte(in window: [UInt8], from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            switch window[index] {
            case UInt8(ascii: "o"), UInt8(ascii: "t"), UInt8(ascii: "/"): return index
            default: index += 1
            }
        }
        return limit
    }

    private static func matches(_ word: StaticString, _ window: [UInt8], _ index: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= window.count else { return false }
        let equal = word.withUTF8Buffer { window[index..<(index + count)].elementsEqual($0) }
        guard equal else { return false }
        if index + count < window.count, CharacterClass.isRegular(window[index + count]), word.utf8Start.pointee != UInt8(ascii: "/") {
            return false
        }
        return index == 0 || !CharacterClass.isRegular(window[index - 1]) || word.utf8Start.pointee == UInt8(ascii: "/")
    }

    /// For `obj` at `index`, the `N G` before it: digits, whitespace, digits, whitespace.
    private static func objectStart(_ window: [UInt8], _ index: Int) -> (start: Int, number: Int, generation: Int)? {
        var position = index - 1
        func skipSpace() -> Bool {
            let start = position
            while position >= 0, CharacterClass.isWhitespace(window[position]) { position -= 1 }
            return position < start
        }
        func digits() -> Int? {
            var value = 0, scale = 1, count = 0
            while position >= 0, CharacterClass.isDigit(window[position]), count < 10 {
                value += Int(window[position] - 0x30) * scale
                scale *= 10
                count += 1
                position -= 1
            }
            return count > 0 ? value : nil
        }
        guard skipSpace(), let generation = digits(), skipSpace(), let number = digits(), number > 0 else { return nil }
        if position >= 0, CharacterClass.isRegular(window[position]) { return nil }
        return (position + 1, number, generation)
    }
}
