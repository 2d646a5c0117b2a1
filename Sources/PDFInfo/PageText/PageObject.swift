/// A page object with the attributes it inherits from its ancestors in the page tree
/// (ISO 32000-1 §7.7.3.3–7.7.3.4): what reading its content needs.
struct PageObject {
    /// The page dictionary.
    var dictionary: PDFDictionary
    /// /Resources, the page's own or inherited (unresolved).
    var resources: PDFObject?
    /// /MediaBox, own or inherited (unresolved).
    var mediaBox: PDFObject?
    /// /CropBox, own or inherited (unresolved).
    var cropBox: PDFObject?
    /// /Rotate, own or inherited.
    var rotate: PDFObject?
}

extension PDFDocument {
    /// The page at `index` (0-based) in document order, found by walking the page tree from
    /// the catalog, left to right, only as far as that page; nil when the document has no
    /// such page. The walk is guarded against loops and deep trees as `pageReferences()` is.
    func page(at index: Int) throws(PDFError) -> PageObject? {
        guard index >= 0, let catalog, let root = catalog["Pages"] else { return nil }
        var remaining = index
        var visited = Set<Int>()
        let empty = PageObject(dictionary: PDFDictionary())
        return try findPage(root, inherited: empty, depth: 0, remaining: &remaining, visited: &visited)
    }

    private func findPage(_ node: PDFObject, inherited: PageObject, depth: Int, remaining: inout Int, visited: inout Set<Int>) throws(PDFError) -> PageObject? {
        guard depth < Self.maxPageTreeDepth else { return nil }
        if let ref = node.referenceValue, !visited.insert(ref.number).inserted { return nil }
        guard let dictionary = try resolve(node).dictionaryValue else { return nil }
        var page = inherited
        page.dictionary = dictionary
        if let resources = dictionary["Resources"] { page.resources = resources }
        if let mediaBox = dictionary["MediaBox"] { page.mediaBox = mediaBox }
        if let cropBox = dictionary["CropBox"] { page.cropBox = cropBox }
        if let rotate = dictionary["Rotate"] { page.rotate = rotate }
        let kids = try resolve(dictionary["Kids"]).arrayValue
        if dictionary["Type"]?.nameValue == "Page" || kids == nil {
            if remaining == 0 { return page }
            remaining -= 1
            return nil
        }
        for kid in kids ?? [] {
            if let found = try findPage(kid, inherited: page, depth: depth + 1, remaining: &remaining, visited: &visited) {
                return found
            }
        }
        return nil
    }
}
