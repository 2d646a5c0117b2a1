/// A file's xref sections read one at a time, from its last `startxref` back along /Prev,
/// neither merged nor rebuilt (pdf-notes §2.2–2.4): for checks on the structure of the file
/// itself, which hold even when the document's merged cross-reference data had to be rebuilt
/// by a scan (`PDFDocument.wasRepaired`).
struct SectionChain {
    let source: ByteSource
    /// Offsets in xref data count from the header (pdf-notes §2.1).
    let headerOffset: Int

    /// The section the file's last `startxref` points to; nil when there is none or it cannot
    /// be read.
    /// - Throws: when the end of the file cannot be read.
    func newest() throws(PDFError) -> XRefSection? {
        guard let startxref = try FileFrame.locate(in: source).startxref else { return nil }
        return section(at: startxref, isNewest: true)
    }

    /// The section `section`'s /Prev points to; nil when it has none or it cannot be read.
    func previous(of section: XRefSection) -> XRefSection? {
        guard case .integer(let prev)? = section.trailer["Prev"], prev > 0 else { return nil }
        return self.section(at: prev, isNewest: false)
    }

    /// Whether a section older than `section` has a trailer that holds `key`. The search ends
    /// where the chain does: at a section without /Prev or unreadable, at a /Prev loop, or after
    /// `XRefChainReader.maxSections` sections.
    func olderTrailer(than section: XRefSection, holds key: PDFName) -> Bool {
        var visited: Set<Int> = [section.offset]
        var current = previous(of: section)
        while let older = current, visited.insert(older.offset).inserted, visited.count <= XRefChainReader.maxSections {
            if older.trailer[key] != nil { return true }
            current = previous(of: older)
        }
        return false
    }

    private func section(at relative: Int, isNewest: Bool) -> XRefSection? {
        try? XRefChainReader.section(source: source, relative: relative, headerOffset: headerOffset, isNewest: isNewest)
    }
}
