/// One entry of the document information dictionary (ISO 32000-1 §14.3.3).
public struct InfoEntry: Sendable, Hashable {
    /// The key, e.g. `Title` or a custom key.
    public var key: PDFName
    /// The value with references resolved.
    public var value: PDFObject

    /// The value as text: strings decoded as text strings (§7.9.2.2), names, numbers and
    /// booleans as written; nil for arrays, dictionaries and null.
    public var text: String? { Self.text(of: value) }

    /// `value` as text, as ``text`` reads an entry's value.
    static func text(of value: PDFObject) -> String? {
        switch value {
        case .string(let bytes): return PDFTextString.decode(bytes)
        case .name(let name): return name.string
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}

/// The document information dictionary, every key in file order, custom ones too.
public struct DocumentInfo: Sendable, Hashable {
    /// The Info object's identity; nil when Info is missing or direct in the trailer.
    public var ref: ObjectRef?
    /// The entries in file order, references resolved.
    public var entries: [InfoEntry]

    /// The text of `key` (see `InfoEntry.text`).
    public subscript(key: String) -> String? {
        entries.first { $0.key == PDFName(key) }?.text
    }

    /// The date under `key` (`CreationDate`, `ModDate`), parsed leniently (§7.9.4).
    public func date(_ key: String) -> PDFDate? {
        self[key].flatMap(PDFDate.init(pdfString:))
    }

    /// Every key with a text value, as a plain dictionary.
    public var textValues: [String: String] {
        // Sized at creation: `reserveCapacity` on an empty dictionary resizes it as well.
        var values = [String: String](minimumCapacity: entries.count)
        for entry in entries {
            if let text = entry.text { values[entry.key.string] = text }
        }
        return values
    }
}

extension PDFDocument {
    /// The document information dictionary (trailer /Info), decrypted; empty when there is none.
    /// - Throws: `securityError` for an encrypted file that could not be opened (a password is
    ///   needed, or the security handler is not supported).
    public func info() throws(PDFError) -> DocumentInfo {
        let ref = trailer["Info"]?.referenceValue
        guard let dictionary = try infoDictionary() else { return DocumentInfo(ref: ref, entries: []) }
        var entries: [InfoEntry] = []
        entries.reserveCapacity(dictionary.entries.count)
        // By index: each value is copied once, not three times.
        for index in dictionary.entries.indices {
            let value = try resolvedInfoValue(dictionary.entries[index].value)
            entries.append(InfoEntry(key: dictionary.entries[index].key, value: value))
        }
        return DocumentInfo(ref: ref, entries: entries)
    }

    /// `info().textValues` made straight from the Info dictionary, without the entries in
    /// between: each value resolved as `info()` resolves it (every reference, text or not, so
    /// that the same errors are thrown), then read as text.
    /// - Throws: as `info()`.
    public func infoTextValues() throws(PDFError) -> [String: String] {
        guard let dictionary = try infoDictionary() else { return [:] }
        var values = [String: String](minimumCapacity: dictionary.entries.count)
        for index in dictionary.entries.indices {
            if let text = try InfoEntry.text(of: resolvedInfoValue(dictionary.entries[index].value)) {
                values[dictionary.entries[index].key.string] = text
            }
        }
        return values
    }

    /// The trailer's /Info dictionary, resolved; nil when there is none.
    /// - Throws: `securityError` for an encrypted file that could not be opened.
    private func infoDictionary() throws(PDFError) -> PDFDictionary? {
        if let securityError { throw securityError }
        guard case .dictionary(let dictionary) = try resolve(trailer["Info"]) else { return nil }
        return dictionary
    }

    /// An Info value as the Info dictionary's readers take it: resolved when it is a reference
    /// (every reference, text or not, so that both readers throw the same errors).
    private func resolvedInfoValue(_ value: PDFObject) throws(PDFError) -> PDFObject {
        value.referenceValue == nil ? value : try resolve(value)
    }
}
