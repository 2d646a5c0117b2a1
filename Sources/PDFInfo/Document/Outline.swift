/// Where an outline item leads (ISO 32000-1 §12.3.3, §12.6.4).
public enum OutlineTarget: Sendable, Hashable {
    /// A page of this document, 0-based.
    case page(Int)
    /// A URI action: no local page.
    case uri(String)
    /// A GoToR action into another file: no local page.
    case remote(file: String)
    /// No destination, or one that cannot be resolved.
    case none
}

/// One item of the document outline, flattened in reading order with its nesting level.
public struct OutlineItem: Sendable, Hashable {
    /// The item's title (a text string, §7.9.2.2).
    public var title: String
    /// 0 for top-level items.
    public var level: Int
    /// Where the item leads.
    public var target: OutlineTarget
}

extension PDFDocument {
    static let maxOutlineItems = 100_000
    static let maxOutlineDepth = 64

    /// The outline (bookmarks) in reading order, cycles and excessive depth cut (pdf-notes §6.2–6.4).
    public func outline() throws(PDFError) -> [OutlineItem] {
        guard let catalog, let root = try resolve(catalog["Outlines"]).dictionaryValue else { return [] }
        var items: [OutlineItem] = []
        var visited = Set<Int>()
        var pageIndex: [ObjectRef: Int]?
        let resolver = DestinationResolver(document: self)
        func pageNumber(_ ref: ObjectRef) throws(PDFError) -> Int? {
            if pageIndex == nil {
                let pages = try pageReferences()
                pageIndex = Dictionary(pages.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
            return pageIndex?[ref] ?? pageIndex?.first { $0.key.number == ref.number }?.value
        }
        func visit(_ first: PDFObject?, level: Int) throws(PDFError) {
            var next = first
            while let ref = next?.referenceValue, visited.insert(ref.number).inserted, items.count < Self.maxOutlineItems {
                guard let node = try object(ref)?.dictionary else { break }
                let title = try resolve(node["Title"]).stringBytes.map(PDFTextString.decode) ?? ""
                let target = try resolver.target(of: node, pageNumber: pageNumber)
                items.append(OutlineItem(title: title, level: level, target: target))
                if level + 1 < Self.maxOutlineDepth { try visit(node["First"], level: level + 1) }
                next = node["Next"]
            }
        }
        try visit(root["First"], level: 0)
        return items
    }
}
