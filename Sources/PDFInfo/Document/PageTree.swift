extension PDFDocument {
    static let maxPageTreeDepth = 64
    static let maxPages = 10_000_000

    /// The number of pages: the page tree root's /Count, or a walk of /Kids when /Count is
    /// missing or invalid, or when the file was repaired and /Count cannot be trusted
    /// (ISO 32000-1 §7.7.3.2; pdf-notes §6.1; qpdf always walks).
    public func pageCount() throws(PDFError) -> Int? {
        guard let catalog else { return nil }
        let root = try resolve(catalog["Pages"])
        let declared = root.dictionaryValue?["Count"].flatMap { try? resolve($0).integerValue }
        if let declared, declared >= 0, declared <= Self.maxPages, !wasRepaired {
            return declared
        }
        let pages = try pageReferences()
        return pages.isEmpty ? declared.flatMap { $0 >= 0 ? $0 : nil } : pages.count
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
