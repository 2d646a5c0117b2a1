extension PDFObject {
    /// The object with every string (in arrays and dictionaries too) replaced by `transform(bytes)`:
    /// how strings are decrypted on reading and encrypted on writing (ISO 32000-1 §7.6.2).
    func mappingStrings(_ transform: ([UInt8]) throws(PDFError) -> [UInt8]) throws(PDFError) -> PDFObject {
        switch self {
        case .string(let bytes):
            return .string(try transform(bytes))
        case .array(let items):
            var mapped: [PDFObject] = []
            mapped.reserveCapacity(items.count)
            for item in items { mapped.append(try item.mappingStrings(transform)) }
            return .array(mapped)
        case .dictionary(let dictionary):
            return .dictionary(try dictionary.mappingStrings(transform))
        default:
            return self
        }
    }
}

extension PDFDictionary {
    /// The dictionary with every string value replaced by `transform(bytes)`, keys and order kept.
    func mappingStrings(_ transform: ([UInt8]) throws(PDFError) -> [UInt8]) throws(PDFError) -> PDFDictionary {
        var entries: [Entry] = []
        entries.reserveCapacity(self.entries.count)
        for entry in self.entries { entries.append(Entry(key: entry.key, value: try entry.value.mappingStrings(transform))) }
        return PDFDictionary(uniqueEntries: entries)
    }
}
