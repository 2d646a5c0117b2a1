/// The merged cross-reference data of a document: every object's newest entry, and the
/// sections it was merged from, newest first (pdf-notes §1.5, §1.8, §2.4).
struct CrossReference {
    /// Every object number any section lists, with its newest entry: a free entry in a newer
    /// section deletes the object.
    var entries: [Int: XRefEntry] = [:]
    /// The sections read, newest first (a hybrid file's /XRefStm stream after its table); empty
    /// after a reconstruction.
    var sections: [XRefSection] = []
    /// The newest section's trailer; for an xref stream, its stream dictionary.
    var trailer = PDFDictionary()
    /// Form of the newest section.
    var newestForm: XRefForm = .table
    /// The newest `startxref` value, as written (relative to the header); 0 after a reconstruction.
    var startxref = 0
    /// After a reconstruction: objects that look like a catalog, last in the file first.
    var catalogCandidates: [ObjectRef] = []
    /// The objects whose entry does not point at `N G obj` for them, in number order: damage
    /// when another reader meets them (`PDFDocument.checkReachableObjects`).
    var misplacedObjects: [Int] = []

    /// The newest entry for `number`, nil when no section lists it.
    func entry(_ number: Int) -> XRefEntry? { entries[number] }

    /// The highest object number any section lists, free entries included (0 when none).
    var highestNumber: Int { entries.keys.max() ?? 0 }

    /// The absolute offsets of the sections read, newest first.
    var sectionOffsets: [Int] { sections.map(\.offset) }
}

/// Follows startxref → /XRefStm → /Prev through every revision and checks the whole chain
/// the way qpdf reads it (`QPDF::read_xref`; pdf-notes §2.3–2.4): whatever would make qpdf
/// rebuild the cross-reference data by scanning the file is thrown here, so that the document
/// is rebuilt too and is not written unless forced. Another reader must see what an update
/// of ours is appended to.
enum XRefChainReader {
    static let maxSections = 10_000

    /// Reads and checks the chain starting at the section `startxref` (header-relative) points to.
    /// - Throws: `.unreadableXref` naming the first damage found: a section that is missing or
    ///   unreadable, a /Prev or /XRefStm that is not an integer or leads nowhere, a /Prev loop,
    ///   a newest trailer without an integer /Size, or an object number past what readers
    ///   accept. Entries whose offset does not hold the object they name are listed in
    ///   `misplacedObjects`: they are damage only if a reader meets them.
    static func read(source: ByteSource, headerOffset: Int, startxref: Int) throws(PDFError) -> CrossReference {
        var xref = CrossReference()
        xref.startxref = startxref
        var visited = Set<Int>()
        var next = startxref
        var isNewest = true
        while next != 0 {
            visited.insert(next)
            guard visited.count <= maxSections else {
                throw PDFError(.limitExceeded, "more than \(maxSections) xref sections", offset: next)
            }
            let section = try self.section(source: source, relative: next, headerOffset: headerOffset, isNewest: isNewest)
            var hidden: XRefSection?
            if section.form == .table {
                if isNewest {
                    guard case .integer? = section.trailer["Size"] else {
                        throw PDFError(.unreadableXref, "the trailer has no integer /Size", offset: section.offset)
                    }
                }
                if let stm = section.trailer["XRefStm"] {
                    guard case .integer(let stmOffset) = stm, stmOffset > 0, stmOffset + headerOffset < source.count else {
                        throw PDFError(.unreadableXref, "the trailer's /XRefStm is not the offset of an xref stream", offset: section.offset)
                    }
                    hidden = try XRefStreamParser.parse(source: source, at: stmOffset + headerOffset, headerOffset: headerOffset, pointer: "/XRefStm")
                }
            }
            merge(section, hidden: hidden, into: &xref)
            if isNewest {
                xref.trailer = section.trailer
                xref.newestForm = section.form
                isNewest = false
            }
            switch section.trailer["Prev"] {
            case nil: next = 0
            case .integer(let prev)?: next = prev
            default: throw PDFError(.unreadableXref, "/Prev is not an integer", offset: section.offset)
            }
            guard !visited.contains(next) else {
                throw PDFError(.unreadableXref, "/Prev leads back to a section already read (a loop)", offset: section.offset)
            }
        }
        xref.misplacedObjects = misplacedObjects(of: xref, in: source)
        return xref
    }

    /// Adds a section's entries under those of the newer sections already merged. A hybrid
    /// file's table and /XRefStm stream go in qpdf's order: the table's objects, then the
    /// stream's, then the table's free entries (which hide no object the stream lists).
    private static func merge(_ section: XRefSection, hidden: XRefSection?, into xref: inout CrossReference) {
        var entries = section.entries
        if let hidden {
            for (number, entry) in hidden.entries where entries[number] == nil || entries[number] == .free {
                entries[number] = entry
            }
        }
        if xref.entries.isEmpty {
            xref.entries = entries
        } else {
            for (number, entry) in entries where xref.entries[number] == nil { xref.entries[number] = entry }
        }
        xref.sections.append(section)
        if let hidden { xref.sections.append(hidden) }
    }

    /// The one section at header-relative `relative`, read whole but not merged with others:
    /// a table when `xref` and whitespace follow whitespace there, else an xref stream object.
    /// - Parameter isNewest: whether `relative` came from `startxref` (else from /Prev), for the error.
    static func section(source: ByteSource, relative: Int, headerOffset: Int, isNewest: Bool) throws(PDFError) -> XRefSection {
        let absolute = relative + headerOffset
        guard relative > 0, absolute < source.count else {
            throw PDFError(.unreadableXref, isNewest ? "startxref points outside the file" : "/Prev points outside the file", offset: relative)
        }
        let probe = try source.read(absolute..<(absolute + 64))
        let start = probe.drop(while: CharacterClass.isWhitespace)
        if start.starts(with: Array("xref".utf8)), start.count > 4, CharacterClass.isWhitespace(start[start.startIndex + 4]) {
            return try XRefTableParser.parse(source: source, at: absolute + (probe.count - start.count), headerOffset: headerOffset)
        }
        return try XRefStreamParser.parse(source: source, at: absolute, headerOffset: headerOffset, pointer: isNewest ? "startxref" : "/Prev")
    }

    /// The objects whose entry does not point at `N G obj` for that object and generation, in
    /// number order (qpdf checks each object it reads so, and rebuilds the cross-reference data
    /// on a mismatch).
    static func misplacedObjects(of xref: CrossReference, in source: ByteSource) -> [Int] {
        var misplaced: [Int] = []
        // One lexer moved from object to object: it keeps its window of the file.
        var lexer = Lexer(source: source, at: 0)
        for (number, entry) in xref.entries {
            guard case .inUse(let offset, let generation) = entry else { continue }
            lexer.cursor.position = offset
            // Unreadable counts as misplaced; the first token that differs settles it.
            guard (try? lexer.nextToken()) == .integer(number), (try? lexer.nextToken()) == .integer(generation),
                  (try? lexer.skipKeyword("obj")) == true else {
                misplaced.append(number)
                continue
            }
        }
        return misplaced.sorted()
    }
}
