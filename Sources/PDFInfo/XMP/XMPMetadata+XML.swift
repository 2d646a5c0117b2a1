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

    /// An element of a parsed packet: a handle on its record in the document's ``XMLTree``.
    ///
    /// A value, not an object per element: the reader keeps every element, attribute and
    /// namespace scope of a packet in a few flat arrays, so that reading a packet allocates a
    /// handful of buffers instead of several per element, and freeing it frees just those.
    struct XMLElement {
        private let tree: XMLTree
        private let index: Int

        /// The element recorded at `index` in `tree`.
        init(_ tree: XMLTree, _ index: Int) {
            self.tree = tree
            self.index = index
        }

        private var node: XMLTree.Node { tree.nodes[index] }

        var name: XMLName { node.name }
        /// Resolved namespace; nil when the name has none or one not listed in ``XMLNamespace``.
        var namespace: XMLNamespace? { node.namespace }
        var attributes: ArraySlice<XMLAttribute> { tree.attributes[node.attributes] }
        /// The child elements, in document order. Text is not kept: see ``XMLDocument/text(of:)``.
        var elements: XMLChildren { XMLChildren(tree, parent: index) }
        /// `<` through `>` of the start tag (of the whole element when self-closing).
        var startTag: Range<Int> { node.startTag }
        /// `</` through `>`; nil when the element is self-closing.
        var endTag: Range<Int>? { node.endTag }
        /// The namespace declarations in scope inside this element.
        var scope: XMLNamespaceScope { XMLNamespaceScope(tree, node.scope) }

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
        private let tree: XMLTree

        /// Parses a packet given in UTF-8 (see ``XMPMetadata/utf8Packet(_:)``).
        init(utf8 bytes: [UInt8]) throws(PDFError) {
            self.bytes = bytes
            var reader = XMLReader(bytes)
            tree = try reader.document()
        }

        /// The root element (the reader records it first).
        var root: XMLElement { XMLElement(tree, 0) }

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
