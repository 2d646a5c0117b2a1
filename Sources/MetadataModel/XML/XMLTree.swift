/// An XML document read into a tree by ``XMLTokenizer``, with namespaces resolved (Namespaces
/// in XML 1.0) and the byte range of every tag, attribute and text run kept, so that an editor
/// (the XMP updater) can change a document in place and leave every other byte alone.
///
/// Every element, attribute, text run and namespace scope sits in a few flat arrays that
/// ``Element`` handles point into. Text is kept as byte ranges and decoded when asked for.
///
/// What is tolerated, as readers of files from many tools need it: anything after the root
/// element is closed is ignored (an XMP packet's padding and trailer); an unbound prefix
/// leaves its name without a namespace, unless ``Options/implicitNamespaces`` names one.
package struct XMLTree: Sendable {
    /// What the reader accepts.
    package struct Options: Sendable {
        package var dialect: XMLTokenizer.Dialect
        /// Whether a document type declaration is read past (MusicXML declares one) rather
        /// than refused. It is never interpreted either way.
        package var allowsDocumentType: Bool
        /// Namespaces for prefixes used without a declaration, as XMP readers take `dc:` and
        /// `rdf:` in packets that forget to declare them. A declaration in scope wins.
        package var implicitNamespaces: [String: String]
        /// The deepest nesting of elements read.
        package var maxDepth: Int
        /// The most elements and text runs read.
        package var maxNodes: Int

        package init(
            dialect: XMLTokenizer.Dialect = .tolerant, allowsDocumentType: Bool = false,
            implicitNamespaces: [String: String] = [:], maxDepth: Int = 256, maxNodes: Int = 4_000_000
        ) {
            self.dialect = dialect
            self.allowsDocumentType = allowsDocumentType
            self.implicitNamespaces = implicitNamespaces
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
        }
    }

    /// One element or text run.
    struct Node: Sendable {
        enum Kind: Sendable { case element, text, cdata }
        let kind: Kind
        /// The qualified name; empty for text.
        let name: String
        /// Resolved (see ``Element/namespace``).
        let namespace: String?
        /// Its attributes in ``Storage/attributes``.
        let attributes: Range<Int>
        /// The start tag (the whole element when self-closing); a text run's raw bytes.
        let startTag: Range<Int>
        /// Set at the end tag; nil when self-closing and for text.
        var endTag: Range<Int>?
        /// The position in ``Storage/nodes`` just past the subtree.
        var subtreeEnd: Int
        /// Its namespace scope in ``Storage/scopes``.
        let scope: Int
        let line: Int
    }

    /// The namespace declarations of one start tag and the scope they extend.
    struct Scope: Sendable {
        /// The enclosing scope; nil for the outermost, which declares nothing.
        let parent: Int?
        /// Its bindings in ``Storage/bindings``, in attribute order.
        let bindings: Range<Int>
    }

    /// One `xmlns` (prefix "") or `xmlns:prefix` declaration.
    struct Binding: Sendable {
        let prefix: String
        /// An empty URI for the default namespace takes it away.
        let uri: String
    }

    /// The arrays, shared by every handle on the document.
    final class Storage: Sendable {
        let bytes: [UInt8]
        let nodes: [Node]
        let attributes: [XMLAttribute]
        let scopes: [Scope]
        let bindings: [Binding]
        /// Prefixes that resolved through ``Options/implicitNamespaces``.
        let implicitPrefixes: Set<String>

        init(_ builder: Builder) {
            bytes = builder.tokenizer.bytes
            nodes = builder.nodes
            attributes = builder.attributes
            scopes = builder.scopes
            bindings = builder.bindings
            implicitPrefixes = builder.implicitPrefixes
        }
    }

    let storage: Storage

    /// Reads `bytes` (UTF-8; see ``XMLEncoding/utf8(_:)`` for other encodings).
    ///
    /// - Throws: `.malformedXML` with the line and byte offset of what is broken;
    ///   `.limitExceeded` past ``Options/maxDepth`` or ``Options/maxNodes``.
    package init(_ bytes: [UInt8], options: Options = Options()) throws(InterchangeError) {
        var builder = Builder(XMLTokenizer(bytes, dialect: options.dialect), options: options)
        try builder.read()
        storage = Storage(builder)
    }

    /// The document's bytes, in UTF-8.
    package var bytes: [UInt8] { storage.bytes }

    /// The root element.
    package var root: Element { Element(storage, 0) }

    /// The prefixes some element or attribute used without a declaration and that
    /// ``Options/implicitNamespaces`` resolved.
    package var implicitPrefixes: Set<String> { storage.implicitPrefixes }
}

extension XMLTree {
    /// Builds the arrays from the tokenizer's events.
    struct Builder {
        var tokenizer: XMLTokenizer
        let options: Options
        var nodes: [Node] = []
        var attributes: [XMLAttribute] = []
        var scopes = [Scope(parent: nil, bindings: 0..<0)]
        var bindings: [Binding] = []
        var implicitPrefixes: Set<String> = []
        /// The open elements, by position in `nodes`.
        private var stack: [Int] = []

        init(_ tokenizer: XMLTokenizer, options: Options) {
            self.tokenizer = tokenizer
            self.options = options
        }

        mutating func read() throws(InterchangeError) {
            while let event = try tokenizer.next() {
                switch event {
                case .declaration:
                    break
                case .documentType(let range, _):
                    guard options.allowsDocumentType, nodes.isEmpty else {
                        throw tokenizer.error("document type declarations are not accepted here", at: range.lowerBound)
                    }
                case .start(let tag):
                    try start(tag)
                    if tag.selfClosing { try close(at: tag.range, name: tag.name) }
                    if stack.isEmpty { return }
                case .end(let name, let range, _):
                    guard !stack.isEmpty else {
                        throw tokenizer.error("end tag '\(name)' before the root element", at: range.lowerBound)
                    }
                    try close(at: range, name: name)
                    if stack.isEmpty { return }
                case .text(let range, let isCDATA, let line):
                    guard let parent = stack.last else {
                        if isCDATA || !tokenizer.bytes[range].allSatisfy(XMLTokenizer.isWhitespace) {
                            throw tokenizer.error("text outside the root element", at: range.lowerBound)
                        }
                        continue
                    }
                    try checkCount()
                    // Text is decoded when asked for; the strict dialect checks its references now.
                    if options.dialect == .strict && !isCDATA { _ = try tokenizer.text(range) }
                    nodes.append(
                        Node(
                            kind: isCDATA ? .cdata : .text, name: "", namespace: nil, attributes: 0..<0, startTag: range,
                            endTag: nil, subtreeEnd: nodes.count + 1, scope: nodes[parent].scope, line: line))
                }
            }
            if let open = stack.last {
                throw tokenizer.error("element '\(nodes[open].name)' opened here is never closed", at: nodes[open].startTag.lowerBound)
            }
            throw tokenizer.error("the document has no root element")
        }

        private mutating func checkCount() throws(InterchangeError) {
            guard nodes.count < options.maxNodes else {
                throw InterchangeError(
                    .limitExceeded, "the document holds more than \(options.maxNodes) elements and text runs",
                    line: tokenizer.line(at: tokenizer.position), offset: tokenizer.position)
            }
        }

        private mutating func start(_ tag: XMLTokenizer.Tag) throws(InterchangeError) {
            try checkCount()
            guard stack.count < options.maxDepth else {
                throw InterchangeError(
                    .limitExceeded, "elements nest deeper than \(options.maxDepth) levels", line: tag.line,
                    offset: tag.range.lowerBound)
            }
            let parentScope = stack.last.map { nodes[$0].scope } ?? 0
            let firstBinding = bindings.count
            for attribute in tag.attributes where attribute.isNamespaceDeclaration {
                bindings.append(Binding(prefix: attribute.name == "xmlns" ? "" : String(attribute.localName), uri: attribute.value))
            }
            var scope = parentScope
            if bindings.count > firstBinding {
                scopes.append(Scope(parent: parentScope, bindings: firstBinding..<bindings.count))
                scope = scopes.count - 1
            }
            let first = attributes.count
            for var attribute in tag.attributes {
                if !attribute.isNamespaceDeclaration, !attribute.prefix.isEmpty {
                    attribute.namespace = resolve(attribute.prefix, in: scope)
                }
                attributes.append(attribute)
            }
            nodes.append(
                Node(
                    kind: .element, name: tag.name, namespace: resolve(XMLNames.prefix(of: tag.name), in: scope),
                    attributes: first..<attributes.count, startTag: tag.range, endTag: nil, subtreeEnd: nodes.count + 1,
                    scope: scope, line: tag.line))
            stack.append(nodes.count - 1)
        }

        /// Closes the innermost open element, whose name must be `name`.
        private mutating func close(at range: Range<Int>, name: String) throws(InterchangeError) {
            let open = stack.removeLast()
            guard nodes[open].name == name else {
                throw tokenizer.error("end tag '\(name)' closes '\(nodes[open].name)'", at: range.lowerBound)
            }
            if nodes[open].startTag != range { nodes[open].endTag = range }
            nodes[open].subtreeEnd = nodes.count
        }

        /// The namespace bound to `prefix` ("" for the default) in `scope`.
        private mutating func resolve(_ prefix: Substring, in scope: Int) -> String? {
            if let uri = XMLNamespaceScope.declaredURI(of: prefix, in: scope, scopes, bindings) {
                return uri.isEmpty ? nil : uri
            }
            guard !prefix.isEmpty, let uri = options.implicitNamespaces[String(prefix)] else { return nil }
            implicitPrefixes.insert(String(prefix))
            return uri
        }
    }
}
