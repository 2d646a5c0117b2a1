extension XMLTree {
    /// An element of an ``XMLTree``: a handle on its record in the document's arrays.
    package struct Element: Sendable {
        private let storage: XMLTree.Storage
        private let index: Int

        init(_ storage: XMLTree.Storage, _ index: Int) {
            self.storage = storage
            self.index = index
        }

        private var node: XMLTree.Node { storage.nodes[index] }

        /// The name as written: `prefix:local` or `local`.
        package var name: String { node.name }
        /// Before the first colon; empty when there is none.
        package var prefix: Substring { XMLNames.prefix(of: node.name) }
        /// After the first colon; the whole name when there is none.
        package var localName: Substring { XMLNames.localName(of: node.name) }
        /// The namespace URI: bound to the prefix (or the default namespace) in scope, else
        /// an implicit one (``XMLTree/Options/implicitNamespaces``); nil when there is none.
        package var namespace: String? { node.namespace }
        package var attributes: ArraySlice<XMLAttribute> { storage.attributes[node.attributes] }
        /// `<` through `>` of the start tag (of the whole element when self-closing).
        package var startTag: Range<Int> { node.startTag }
        /// `</` through `>`; nil when the element is self-closing.
        package var endTag: Range<Int>? { node.endTag }
        /// The whole element, start tag through end tag.
        package var range: Range<Int> { node.startTag.lowerBound..<(node.endTag ?? node.startTag).upperBound }
        /// The line of its start tag.
        package var line: Int { node.line }
        /// The namespace declarations in scope inside the element.
        package var scope: XMLNamespaceScope { XMLNamespaceScope(storage, node.scope) }

        /// Whether the element is `localName` in `namespace`.
        package func `is`(_ namespace: String, _ localName: String) -> Bool {
            node.namespace == namespace && self.localName == localName
        }

        /// The value of the attribute written `name` (prefix included, if any).
        package func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// The attribute `localName` in `namespace`.
        package func attribute(_ namespace: String, _ localName: String) -> XMLAttribute? {
            attributes.first { $0.namespace == namespace && $0.localName == localName }
        }

        /// The child elements, in document order.
        package var children: Children { Children(storage, parent: index) }

        /// The first child element named `name` (as written).
        package func child(_ name: String) -> Element? {
            children.first { $0.name == name }
        }

        /// The child elements named `name` (as written), in document order.
        package func children(_ name: String) -> [Element] {
            children.filter { $0.name == name }
        }

        /// The elements below this one named `name` (as written), in document order.
        package func descendants(_ name: String) -> [Element] {
            (index + 1..<node.subtreeEnd).compactMap { position in
                let node = storage.nodes[position]
                return node.kind == .element && node.name == name ? Element(storage, position) : nil
            }
        }

        /// The first element below this one named `name`, in document order.
        package func firstDescendant(_ name: String) -> Element? {
            for position in index + 1..<node.subtreeEnd {
                let node = storage.nodes[position]
                if node.kind == .element && node.name == name { return Element(storage, position) }
            }
            return nil
        }

        /// All the text inside the element, its descendants' included, in document order:
        /// references resolved, line ends normalised, CDATA as it is.
        package var text: String { text(skipping: []) }

        /// The text inside the element (see ``text``) but that of descendants named `skipped`.
        package func text(skipping skipped: Set<String>) -> String {
            var text = ""
            var position = index + 1
            while position < node.subtreeEnd {
                let node = storage.nodes[position]
                position += 1
                switch node.kind {
                case .element:
                    if skipped.contains(node.name) { position = node.subtreeEnd }
                case .cdata: text += String(decoding: storage.bytes[node.startTag], as: UTF8.self)
                case .text:
                    // Tolerant: an `&` that starts no reference is kept as written, so this never throws.
                    text += (try? XMLTokenizer.decode(
                        storage.bytes[node.startTag], inAttribute: false, dialect: .tolerant, at: 0, line: { _ in 0 })) ?? ""
                }
            }
            return text
        }
    }

    /// The child elements of one element, in document order (text runs skipped).
    package struct Children: Collection, Sendable {
        private let storage: XMLTree.Storage
        private let parent: Int
        package let startIndex: Int
        package var endIndex: Int { storage.nodes[parent].subtreeEnd }

        init(_ storage: XMLTree.Storage, parent: Int) {
            self.storage = storage
            self.parent = parent
            startIndex = Self.element(from: parent + 1, in: storage, before: storage.nodes[parent].subtreeEnd)
        }

        package subscript(position: Int) -> Element { Element(storage, position) }

        /// The last child element.
        package var last: Element? {
            var last: Int?
            var position = startIndex
            while position < endIndex {
                last = position
                position = index(after: position)
            }
            return last.map { Element(storage, $0) }
        }

        /// The next sibling element: the first after the subtree at `position`.
        package func index(after position: Int) -> Int {
            Self.element(from: storage.nodes[position].subtreeEnd, in: storage, before: endIndex)
        }

        /// The first element node at or after `start`, else `end`.
        private static func element(from start: Int, in storage: XMLTree.Storage, before end: Int) -> Int {
            var position = start
            while position < end && storage.nodes[position].kind != .element { position += 1 }
            return position
        }
    }
}
