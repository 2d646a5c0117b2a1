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
        var prefix: String
        var localName: String
        /// Resolved namespace URI; nil for unprefixed attributes and unbound prefixes.
        var namespace: String?
        /// The value with references resolved and white space normalised (XML 1.0 §3.3.3).
        var value: String
        /// From the first byte of the name through the closing quote.
        var range: Range<Int>
        /// Between the quotes.
        var valueRange: Range<Int>
        /// `'` or `"`.
        var quote: UInt8
        /// `xmlns` or `xmlns:…`.
        var isNamespaceDeclaration: Bool { prefix == "xmlns" || (prefix.isEmpty && localName == "xmlns") }
    }

    /// An element with its children and its place in the packet.
    ///
    /// A class: the reader completes it (children, end tag) while it is on the stack, and the
    /// updater walks the finished tree many times; sharing beats copying every subtree.
    final class XMLElement {
        let prefix: String
        let localName: String
        /// Resolved namespace URI; nil when the name has no namespace.
        let namespace: String?
        let attributes: [XMLAttribute]
        /// Set by the reader, as it meets them.
        var children: [XMLNode] = []
        /// `<` through `>` of the start tag (of the whole element when self-closing).
        let startTag: Range<Int>
        /// `</` through `>`; nil when the element is self-closing. Set by the reader.
        var endTag: Range<Int>?
        /// Prefix → namespace URI in scope inside this element ("" is the default namespace).
        let scope: [String: String]

        init(
            prefix: String, localName: String, namespace: String?, attributes: [XMLAttribute],
            startTag: Range<Int>, scope: [String: String]
        ) {
            self.prefix = prefix
            self.localName = localName
            self.namespace = namespace
            self.attributes = attributes
            self.startTag = startTag
            self.scope = scope
        }

        var qualifiedName: String { prefix.isEmpty ? localName : prefix + ":" + localName }
        var range: Range<Int> { startTag.lowerBound..<(endTag ?? startTag).upperBound }
        var elements: [XMLElement] {
            children.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }
        /// The concatenated text (and CDATA) directly inside the element.
        var text: String {
            children.reduce(into: "") { if case .text(let text, _) = $1 { $0 += text } }
        }

        func `is`(_ namespace: String, _ localName: String) -> Bool {
            self.namespace == namespace && self.localName == localName
        }

        func attribute(_ namespace: String?, _ localName: String) -> XMLAttribute? {
            attributes.first { $0.namespace == namespace && $0.localName == localName }
        }
    }

    enum XMLNode {
        case element(XMLElement)
        /// Decoded text and the raw range it came from.
        case text(String, Range<Int>)
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
    }
}
