extension XMPMetadata {
    /// The elements, attributes and namespace scopes of a parsed packet, in flat arrays that
    /// ``XMLElement`` and ``XMLNamespaceScope`` handles point into.
    ///
    /// Elements are stored in document order (a parent before its children, a subtree in one
    /// run), each with the position just past its subtree, so that the children of an element
    /// are found by skipping from one subtree to the next.
    final class XMLTree {
        /// One element: plain values only, so the array is freed without visiting it.
        struct Node {
            let name: XMLName
            /// Resolved, as ``XMLElement/namespace`` tells it.
            let namespace: XMLNamespace?
            /// Its attributes in ``XMLTree/attributes``.
            let attributes: Range<Int>
            let startTag: Range<Int>
            /// Set by the reader at the end tag; nil when self-closing.
            var endTag: Range<Int>?
            /// The position in ``XMLTree/nodes`` just past the last element of the subtree.
            var subtreeEnd: Int
            /// The position of the last child element, if any.
            var lastChild: Int?
            /// Its namespace scope in ``XMLTree/scopes``.
            let scope: Int
        }

        /// The packet, in UTF-8.
        let bytes: [UInt8]
        /// The elements in document order; the root first.
        let nodes: [Node]
        /// The attributes of all start tags, in document order.
        let attributes: [XMLAttribute]
        /// The outermost scope (no declarations) first, then one per start tag that declares.
        let scopes: [XMLNamespaceScope.Record]
        /// The namespace declarations of all scopes.
        let bindings: [XMLNamespaceScope.Binding]

        init(
            bytes: [UInt8], nodes: [Node], attributes: [XMLAttribute], scopes: [XMLNamespaceScope.Record],
            bindings: [XMLNamespaceScope.Binding]
        ) {
            self.bytes = bytes
            self.nodes = nodes
            self.attributes = attributes
            self.scopes = scopes
            self.bindings = bindings
        }
    }

    /// The child elements of one element, in document order, read from its ``XMLTree``.
    struct XMLChildren: Collection {
        private let tree: XMLTree
        private let parent: Int

        /// The children of the element at `parent` in `tree`.
        init(_ tree: XMLTree, parent: Int) {
            self.tree = tree
            self.parent = parent
        }

        var startIndex: Int { parent + 1 }
        var endIndex: Int { tree.nodes[parent].subtreeEnd }

        subscript(position: Int) -> XMLElement { XMLElement(tree, position) }

        /// The next sibling: the first element after the subtree at `position`.
        func index(after position: Int) -> Int { tree.nodes[position].subtreeEnd }

        /// The last child element, without walking the others.
        var last: XMLElement? { tree.nodes[parent].lastChild.map { XMLElement(tree, $0) } }
    }
}
