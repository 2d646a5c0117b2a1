/// The merged cross-reference data of a document: every object's newest entry, and the
/// facts about the newest section that an incremental update must carry on (pdf-notes §1.5, §1.8).
struct CrossReference {
    /// The sections, newest first (a hybrid file's /XRefStm stream before its table): the
    /// first that mentions an object decides, so a free entry in a newer section deletes it.
    var sections: [SectionIndex] = []
    /// The newest section's trailer; for an xref stream, its stream dictionary.
    var trailer = PDFDictionary()
    /// Form of the newest section.
    var newestForm: XRefForm = .table
    /// The newest `startxref` value, as written (relative to the header).
    var startxref = 0
    /// Absolute offsets of the sections read, newest first.
    var sectionOffsets: [Int] = []
    /// After a reconstruction: objects that look like a catalog, last in the file first.
    var catalogCandidates: [ObjectRef] = []

    /// The newest entry for `number`, nil when no section mentions it.
    func entry(_ number: Int) throws(PDFError) -> XRefEntry? {
        for section in sections {
            if let entry = try section.entry(number) { return entry }
        }
        return nil
    }

    /// The highest object number any section mentions.
    var highestNumber: Int { sections.map(\.highestNumber).max() ?? 0 }
}

/// Follows startxref → /XRefStm → /Prev through every revision (pdf-notes §2.3–2.4).
enum XRefChainReader {
    static let maxSections = 10_000

    /// Reads the chain starting at the section `startxref` (header-relative) points to.
    static func read(source: ByteSource, headerOffset: Int, startxref: Int) throws(PDFError) -> CrossReference {
        var xref = CrossReference()
        xref.startxref = startxref
        var visited = VisitedOffsets()
        var next: Int? = startxref
        var isNewest = true
        while let relative = next {
            let (absolute, tableStart) = try locateSection(source: source, relative: relative, headerOffset: headerOffset, isNewest: isNewest)
            guard visited.insert(absolute) else { break }  // a /Prev loop ends the chain
            guard visited.count <= maxSections else {
                throw PDFError(.limitExceeded, "more than \(maxSections) xref sections", offset: absolute)
            }
            let section = try parseSection(source: source, absolute: absolute, tableStart: tableStart, headerOffset: headerOffset)
            if section.form == .table, let stmOffset = section.trailer["XRefStm"]?.integerValue {
                // Hybrid file: the stream's entries come before this table's and before /Prev (§7.5.8.4).
                let stmAbsolute = stmOffset + headerOffset
                if visited.insert(stmAbsolute),
                   let hidden = try? XRefStreamParser.parse(source: source, at: stmAbsolute, headerOffset: headerOffset) {
                    xref.sections.append(hidden.index)
                }
            }
            xref.sections.append(section.index)
            xref.sectionOffsets.append(absolute)
            if isNewest {
                xref.trailer = section.trailer
                xref.newestForm = section.form
                isNewest = false
            }
            next = previousSection(in: section.trailer)
        }
        return xref
    }

    /// The one section at header-relative `relative`, read whole but not merged with others.
    /// - Parameter isNewest: whether `relative` came from `startxref` (else from /Prev), for the error.
    static func section(source: ByteSource, relative: Int, headerOffset: Int, isNewest: Bool) throws(PDFError) -> XRefSection {
        let (absolute, tableStart) = try locateSection(source: source, relative: relative, headerOffset: headerOffset, isNewest: isNewest)
        return try parseSection(source: source, absolute: absolute, tableStart: tableStart, headerOffset: headerOffset)
    }

    /// The header-relative offset of the section before the one with `trailer`: its /Prev, nil when none.
    static func previousSection(in trailer: PDFDictionary) -> Int? {
        switch trailer["Prev"] {
        case .integer(let prev)?: return prev
        case .reference(let ref)?: return ref.number  // seen in the wild: `/Prev 1234 0 R`
        case .real(let value)?: return Int(exactly: value)
        default: return nil
        }
    }

    /// Parses the section `locateSection` found: a table when it found the `xref` keyword, else a stream.
    private static func parseSection(source: ByteSource, absolute: Int, tableStart: Int?, headerOffset: Int) throws(PDFError) -> XRefSection {
        if let tableStart { return try XRefTableParser.parse(source: source, at: tableStart, headerOffset: headerOffset) }
        return try XRefStreamParser.parse(source: source, at: absolute, headerOffset: headerOffset)
    }

    /// The absolute offset of the section at header-relative `relative`: relative to the header
    /// first (§7.5.2 of 32000-2), then, for files with junk before the header, from byte 0.
    /// For a table, also where its `xref` keyword starts (after any whitespace).
    private static func locateSection(source: ByteSource, relative: Int, headerOffset: Int, isNewest: Bool) throws(PDFError) -> (absolute: Int, tableStart: Int?) {
        // The candidates by number, not in an array, which would be allocated for each section.
        for attempt in 0..<(headerOffset > 0 ? 2 : 1) {
            let candidate = attempt == 0 ? relative + headerOffset : relative
            guard candidate >= 0 && candidate < source.count else { continue }
            let probe = try source.bytes(in: candidate..<(candidate + 32))
            let start = probe.drop(while: CharacterClass.isWhitespace)
            if start.starts(with: xrefKeyword) { return (candidate, candidate + (probe.count - start.count)) }
            // An xref stream: `N G obj`.
            if let first = start.first, CharacterClass.isDigit(first), ByteSearch.firstIndex(of: objKeyword, in: start) != nil {
                return (candidate, nil)
            }
        }
        throw PDFError(.unreadableXref, isNewest ? "startxref does not point to an xref section" : "/Prev does not point to an xref section", offset: relative)
    }

    private static let xrefKeyword = Array("xref".utf8)
    private static let objKeyword = Array("obj".utf8)
}
