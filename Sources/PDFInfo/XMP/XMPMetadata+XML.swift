/// A small XML reader for XMP packets that keeps the byte range of every tag, attribute and
/// text run, so that the updater can edit a packet in place and leave every other byte alone.
///
/// It reads elements, attributes (`'` or `"`), text, CDATA, comments, processing instructions,
/// the five predefined entities and character references, and resolves namespaces (Namespaces
/// in XML 1.0). It refuses DTDs. Leniencies, as XMP readers need them: an `&` that starts no
/// known reference is kept as text; an unbound prefix leaves its name without a namespace;
/// anything after the root element (padding, `<?xpacket end?>`, junk) is ignored.
extension XMPMetadata {
    /// One attribute of a start tag.
    struct XMLAttribute {
        let name: XMLName
        /// Resolved namespace; nil for unprefixed attributes, unbound prefixes and namespaces
        /// not listed in ``XMLNamespace``.
        var namespace: XMLNamespace?
        /// From the first byte of the name through the closing quote.
        let range: Range<Int>
        /// Between the quotes (see ``XMLDocument/value(of:)`` for the value).
        let valueRange: Range<Int>
        /// `'` or `"`.
        let quote: UInt8
        /// `xmlns` or `xmlns:…`.
        let isNamespaceDeclaration: Bool
    }

    /// An element with its child elements and its place in the packet.
    ///
    /// A class: the reader completes it (children, end tag) while it is on the stack, and the
    /// updater walks the finished tree many times; sharing beats copying every subtree.
    final class XMLElement {
        let name: XMLName
        /// Resolved namespace; nil when the name has none or one not listed in ``XMLNamespace``.
        let namespace: XMLNamespace?
        let attributes: [XMLAttribute]
        /// Set by the reader, as it meets them. Text is not kept: see ``XMLDocument/text(of:)``.
        /// Unchecked exclusivity: only the reader writes it, before anyone reads the tree (the
        /// run-time check cost more than the append it guarded).
        @exclusivity(unchecked) var elements: [XMLElement] = []
        /// `<` through `>` of the start tag (of the whole element when self-closing).
        let startTag: Range<Int>
        /// `</` through `>`; nil when the element is self-closing. Set by the reader.
        @exclusivity(unchecked) var endTag: Range<Int>?
        /// The namespace declarations in scope inside this element.
        let scope: XMLNamespaceScope

        init(
            name: XMLName, namespace: XMLNamespace?, attributes: [XMLAttribute], startTag: Range<Int>,
            scope: XMLNamespaceScope
        ) {
            self.name = name
            self.namespace = namespace
            self.attributes = attributes
            self.startTag = startTag
            self.scope = scope
        }

        var range: Range<Int> { startTag.lowerBound..<(endTag ?? startTag).upperBound }

        /// Whether the element is `localName` in `namespace`.
        func `is`(_ namespace: XMLNamespace, _ localName: StaticString, in bytes: [UInt8]) -> Bool {
            self.namespace == namespace && name.hasLocalName(localName, in: bytes)
        }

        func attribute(_ namespace: XMLNamespace, _ localName: StaticString, in bytes: [UInt8]) -> XMLAttribute? {
            attributes.first { $0.namespace == namespace && $0.name.hasLocalName(localName, in: bytes) }
        }
    }

    /// A parsed packet: its UTF-8 bytes and the root element.
    struct XMLDocument {
        static let maxDepth = 256
        static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

        let bytes: [UInt8]
        let root: XMLElement

        /// Parses a packet given in UTF-8 (see ``XMPMetadata/utf8Packet(_:)``).
        init(utf8 bytes: [UInt8]) throws(PDFError) {
            self.bytes = bytes
            var reader = XMLReader(bytes)
            root = try reader.document()
        }

        /// The value with references resolved and white space normalised (XML 1.0 §3.3.3).
        func value(of attribute: XMLAttribute) -> String {
            XMLReader.decode(bytes[attribute.valueRange], inAttribute: true)
        }

        /// The concatenated text (and CDATA) directly inside an element without child elements.
        func text(of element: XMLElement) -> String {
            guard let endTag = element.endTag else { return "" }
            var reader = XMLReader(bytes)
            return reader.text(from: element.startTag.upperBound, to: endTag.lowerBound)
        }

        /// The element's name as written: `prefix:localName`, or the local name alone.
        func qualifiedName(of element: XMLElement) -> String {
            element.name.qualified(in: bytes)
        }
    }
}
