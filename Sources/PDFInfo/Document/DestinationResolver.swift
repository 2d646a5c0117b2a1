/// Resolves outline destinations: explicit arrays, names (Root /Dests), strings (the /Dests
/// name tree), dictionaries with /D, and GoTo / GoToR / URI actions (ISO 32000-1 §12.3.2, §12.6.4).
struct DestinationResolver {
    let document: PDFDocument
    static let maxNameTreeDepth = 32

    func target(of item: PDFDictionary, pageNumber: (ObjectRef) throws(PDFError) -> Int?) throws(PDFError) -> OutlineTarget {
        if let destination = item["Dest"] {
            return try page(of: destination, pageNumber: pageNumber)
        }
        guard let action = try document.resolve(item["A"]).dictionaryValue else { return .none }
        switch action["S"]?.nameValue {
        case "GoTo"?:
            return try page(of: action["D"], pageNumber: pageNumber)
        case "URI"?:
            let uri = try document.resolve(action["URI"]).stringBytes.map { String(decoding: $0, as: UTF8.self) }
            return .uri(uri ?? "")
        case "GoToR"?:
            return .remote(file: try fileName(action["F"]))
        default:
            return .none
        }
    }

    private func page(of destination: PDFObject?, pageNumber: (ObjectRef) throws(PDFError) -> Int?) throws(PDFError) -> OutlineTarget {
        var value = try document.resolve(destination)
        switch value {
        case .name(let name):
            value = try document.resolve(try document.resolve(document.catalog?["Dests"]).dictionaryValue?[name])
        case .string(let bytes):
            let tree = try document.resolve(document.resolve(document.catalog?["Names"]).dictionaryValue?["Dests"])
            value = try lookUp(bytes, in: tree, depth: 0) ?? .null
        default:
            break
        }
        if let dictionary = value.dictionaryValue { value = try document.resolve(dictionary["D"]) }
        guard let first = value.arrayValue?.first else { return .none }
        if let ref = first.referenceValue, let index = try pageNumber(ref) { return .page(index) }
        if let index = first.integerValue, index >= 0 { return .page(index) }
        return .none
    }

    /// Looks `key` up in a name tree (§7.9.6), comparing raw bytes.
    private func lookUp(_ key: [UInt8], in node: PDFObject, depth: Int) throws(PDFError) -> PDFObject? {
        guard depth < Self.maxNameTreeDepth, let dictionary = node.dictionaryValue else { return nil }
        if let names = try document.resolve(dictionary["Names"]).arrayValue {
            for pair in stride(from: 0, to: names.count - 1, by: 2) {
                if try document.resolve(names[pair]).stringBytes == key { return try document.resolve(names[pair + 1]) }
            }
        }
        for kid in try document.resolve(dictionary["Kids"]).arrayValue ?? [] {
            let kidNode = try document.resolve(kid)
            if let limits = kidNode.dictionaryValue?["Limits"]?.arrayValue, limits.count == 2,
               let low = limits[0].stringBytes, let high = limits[1].stringBytes,
               key.lexicographicallyPrecedes(low) || high.lexicographicallyPrecedes(key) {
                continue
            }
            if let found = try lookUp(key, in: kidNode, depth: depth + 1) { return found }
        }
        return nil
    }

    /// A file specification's file name (§7.11.2): a string, or a dictionary's /UF or /F.
    private func fileName(_ specification: PDFObject?) throws(PDFError) -> String {
        let value = try document.resolve(specification)
        if let bytes = value.stringBytes { return PDFTextString.decode(bytes) }
        if let dictionary = value.dictionaryValue {
            for key: PDFName in ["UF", "F"] {
                if let bytes = try document.resolve(dictionary[key]).stringBytes { return PDFTextString.decode(bytes) }
            }
        }
        return ""
    }
}
