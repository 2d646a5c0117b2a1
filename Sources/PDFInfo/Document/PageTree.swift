extension PDFDocument {
    static let maxPageTreeDepth = 64
    static let maxPages = 10_000_000

    /// The number of pages: the page tree root's /Count when it is plausible, else the pages
    /// found by walking /Kids (ISO 32000-1 §7.7.3.2; pdf-notes §6.1; qpdf and pikepdf always
    /// walk). /Count is plausible when the cross-reference data is not rebuilt and it is at
    /// least the number of the root's kids, at least 1, and at most the number of objects the
    /// file lists (each page is one): a 340-byte file cannot hold 213,804,087 pages, and a
    /// root with a kid does not have 0.
    public func pageCount() throws(PDFError) -> Int? {
        guard let catalog else { return nil }
        let root = try resolve(catalog["Pages"]).dictionaryValue
        let declared = root?["Count"].flatMap { try? resolve($0).integerValue }
        let kids = (try? resolve(root?["Kids"]))?.arrayValue?.count ?? 0
        let bound = min(Self.maxPages, xref.entries.count)
        if let declared, !wasRepaired, declared >= max(kids, 1), declared <= bound {
            return declared
        }
        let pages = try pageReferences()
        return pages.isEmpty ? declared.flatMap { (0...bound).contains($0) ? $0 : nil } : pages.count
    }

    /// Every page object's reference in document order, by walking the page tree with
    /// loop and depth guards. Used to turn a destination's page reference into an index.
    public func pageReferences() throws(PDFError) -> [ObjectRef] {
        guard let rootRef = catalog?["Pages"]?.referenceValue else { return [] }
        var pages: [ObjectRef] = []
        var visited = Set<Int>()
        try walk(rootRef, depth: 0, visited: &visited, pages: &pages)
        return pages
    }

    private func walk(_ ref: ObjectRef, depth: Int, visited: inout Set<Int>, pages: inout [ObjectRef]) throws(PDFError) {
        guard depth < Self.maxPageTreeDepth, pages.count < Self.maxPages, visited.insert(ref.number).inserted,
              let node = try object(ref)?.dictionary else { return }
        let type = node["Type"]?.nameValue
        if let kids = try resolve(node["Kids"]).arrayValue, type != "Page" {
            for kid in kids {
                if let kidRef = kid.referenceValue { try walk(kidRef, depth: depth + 1, visited: &visited, pages: &pages) }
            }
        } else if type == "Page" || node["Kids"] == nil {
            pages.append(ref)
        }
    }
}
