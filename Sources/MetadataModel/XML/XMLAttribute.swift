/// One attribute of a tag, its value decoded (references resolved, white space normalised as
/// XML 1.0 §3.3.3 says), with where it lies in the document.
package struct XMLAttribute: Sendable, Hashable {
    /// The name as written: `prefix:local` or `local`.
    package var name: String
    package var value: String
    /// From the first byte of the name through the closing quote.
    package var range: Range<Int>
    /// Between the quotes.
    package var valueRange: Range<Int>
    /// `'` or `"`.
    package var quote: UInt8
    /// The namespace URI of a prefixed attribute, resolved by ``XMLTree``; nil for an
    /// unprefixed attribute (Namespaces in XML 1.0 §6.2), an unbound prefix, a declaration, and
    /// in the tokenizer's events.
    package var namespace: String?

    package init(name: String, value: String, range: Range<Int>, valueRange: Range<Int>, quote: UInt8) {
        self.name = name
        self.value = value
        self.range = range
        self.valueRange = valueRange
        self.quote = quote
    }

    /// Before the first colon; empty when there is none.
    package var prefix: Substring { XMLNames.prefix(of: name) }
    /// After the first colon; the whole name when there is none.
    package var localName: Substring { XMLNames.localName(of: name) }

    /// `xmlns` or `xmlns:…` (Namespaces in XML 1.0 §3).
    package var isNamespaceDeclaration: Bool { name == "xmlns" || prefix == "xmlns" }
}

/// Qualified names split at their first colon (Namespaces in XML 1.0 §4).
package enum XMLNames {
    package static func prefix(of name: String) -> Substring {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return name[name.startIndex..<name.startIndex] }
        return name[..<colon]
    }

    package static func localName(of name: String) -> Substring {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return name[...] }
        return name[name.utf8.index(after: colon)...]
    }
}
