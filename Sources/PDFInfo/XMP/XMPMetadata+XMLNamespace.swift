extension XMPMetadata {
    /// The namespaces the reader and the updater look for. Names in any other namespace are
    /// never matched, so the reader does not tell them apart.
    enum XMLNamespace {
        case rdf, dc, xmp, pdf, xml

        /// The namespace named by an attribute value (`value`, between the quotes), compared as
        /// a Swift string after decoding, if it is one of these.
        init?(attributeValue value: Range<Int>, in bytes: [UInt8]) {
            let raw = bytes[value]
            // The spellings are plain ASCII, which decoding leaves alone: bytes equal to one
            // of them name it, without looking for references first. Their lengths (43, 32,
            // 28, 28 and 36 bytes) rule most values out before any byte is compared.
            for namespace in Self.all where namespace.spelling.utf8CodeUnitCount == raw.count {
                if namespace.isSpelled(by: raw) {
                    self = namespace
                    return
                }
            }
            let isPlainASCII = bytes.withUnsafeBufferPointer { buffer in
                for byte in buffer[value]
                where byte >= 0x80 || byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    return false
                }
                return true
            }
            // Plain ASCII decodes to itself, and ASCII strings are equal exactly when their bytes
            // are: it names none of them. Otherwise references or white space to normalise, or
            // non-ASCII: compare decoded strings.
            guard !isPlainASCII else { return nil }
            self.init(uri: XMPMetadata.XMLReader.decode(raw, inAttribute: true))
        }

        /// The namespace named by `uri`, if it is one of these.
        init?(uri: String) {
            switch uri {
            case XMPMetadata.rdfNamespace: self = .rdf
            case XMPMetadata.dcNamespace: self = .dc
            case XMPMetadata.xmpNamespace: self = .xmp
            case XMPMetadata.pdfNamespace: self = .pdf
            case XMPMetadata.XMLDocument.xmlNamespace: self = .xml
            default: return nil
            }
        }

        private static let all: [XMLNamespace] = [.rdf, .dc, .xmp, .pdf, .xml]

        /// Whether `raw` holds exactly the bytes of the URI.
        private func isSpelled(by raw: ArraySlice<UInt8>) -> Bool {
            spelling.withUTF8Buffer { expected in
                guard expected.count == raw.count else { return false }
                for offset in 0..<expected.count where expected[offset] != raw[raw.startIndex + offset] {
                    return false
                }
                return true
            }
        }

        /// The URI as a literal (``uri`` is the same text as a String).
        private var spelling: StaticString {
            switch self {
            case .rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
            case .dc: "http://purl.org/dc/elements/1.1/"
            case .xmp: "http://ns.adobe.com/xap/1.0/"
            case .pdf: "http://ns.adobe.com/pdf/1.3/"
            case .xml: "http://www.w3.org/XML/1998/namespace"
            }
        }

        var uri: String {
            switch self {
            case .rdf: XMPMetadata.rdfNamespace
            case .dc: XMPMetadata.dcNamespace
            case .xmp: XMPMetadata.xmpNamespace
            case .pdf: XMPMetadata.pdfNamespace
            case .xml: XMPMetadata.XMLDocument.xmlNamespace
            }
        }
    }

    /// The namespace declarations in scope inside an element (Namespaces in XML 1.0 §6): those
    /// of its start tag, then those of its ancestors. Elements that declare nothing share their
    /// parent's scope. The `xml` prefix is bound by definition.
    ///
    /// A handle on a scope recorded in an ``XMLTree``, whose bindings sit in one flat array.
    struct XMLNamespaceScope {
        /// One `xmlns` or `xmlns:prefix` attribute, as byte ranges in the packet.
        struct Binding {
            /// After `xmlns:`; empty for `xmlns`.
            let prefix: Range<Int>
            let prefixIsASCII: Bool
            /// `xmlns`: an empty value takes the default namespace away.
            let isDefault: Bool
            /// Between the quotes.
            let value: Range<Int>
            let namespace: XMLNamespace?
        }

        /// A scope as the tree records it.
        struct Record {
            /// The enclosing scope's position; nil for the outermost, which declares nothing.
            let parent: Int?
            /// Its bindings, in attribute order (a later binding of the same prefix wins).
            let bindings: Range<Int>
        }

        private let tree: XMLTree
        private let index: Int

        /// The scope recorded at `index` in `tree`.
        init(_ tree: XMLTree, _ index: Int) {
            self.tree = tree
            self.index = index
        }

        /// The namespace bound to the prefix of `name` ("" is the default namespace) in the
        /// scope at `scope` of `records`; nil when it is unbound or bound to a namespace not
        /// listed in ``XMLNamespace``. For the reader, which resolves names as it builds the
        /// records.
        static func namespace(
            ofPrefixOf name: XMLName, inScope scope: Int, of records: [Record], _ bindings: [Binding],
            in bytes: [UInt8]
        ) -> XMLNamespace? {
            var current = scope
            while true {
                let record = records[current]
                var position = record.bindings.upperBound
                while position > record.bindings.lowerBound {
                    position -= 1
                    let binding = bindings[position]
                    let bothASCII = binding.prefixIsASCII && name.isASCII
                    // Most bindings differ in length: ASCII names of different lengths differ.
                    if bothASCII && binding.prefix.count != name.prefix.count { continue }
                    if XMPMetadata.sameName(binding.prefix, name.prefix, bothASCII: bothASCII, in: bytes) {
                        return binding.namespace
                    }
                }
                guard let parent = record.parent else { break }
                current = parent
            }
            return name.hasPrefix("xml", in: bytes) ? .xml : nil
        }

        /// The records from this scope out to the outermost.
        private var chain: [Record] {
            var chain = [tree.scopes[index]]
            while let parent = chain[chain.count - 1].parent { chain.append(tree.scopes[parent]) }
            return chain
        }

        /// Prefix → namespace URI for every binding in scope.
        var uris: [String: String] {
            let (bytes, chain) = (tree.bytes, chain)
            var uris = [String: String](minimumCapacity: chain.reduce(1) { $0 + $1.bindings.count })
            uris["xml"] = XMPMetadata.XMLDocument.xmlNamespace
            for record in chain.reversed() {
                for binding in tree.bindings[record.bindings] {
                    // A listed namespace's URI equals the decoded value (that is how it was
                    // recognised), so it need not be decoded again.
                    let uri =
                        binding.namespace?.uri
                        ?? XMPMetadata.XMLReader.decode(bytes[binding.value], inAttribute: true)
                    uris[String(decoding: bytes[binding.prefix], as: UTF8.self)] =
                        binding.isDefault && uri.isEmpty ? nil : uri
                }
            }
            return uris
        }

        /// The positions in ``XMLTree/bindings`` of the bindings in scope, innermost first (the
        /// last of a start tag first), until `body` returns true; whether it did.
        @discardableResult
        private func walkBindings(_ body: (Int) -> Bool) -> Bool {
            var scope: Int? = index
            while let current = scope {
                let record = tree.scopes[current]
                for position in record.bindings.reversed() where body(position) { return true }
                scope = record.parent
            }
            return false
        }

        /// Whether the binding at `position` has the prefix `prefix`, compared as Swift strings.
        private func binding(at position: Int, hasPrefix prefix: String) -> Bool {
            let binding = tree.bindings[position]
            var prefix = prefix
            return prefix.withUTF8 { utf8 in
                // ASCII strings are equal exactly when their bytes are.
                guard binding.prefixIsASCII && utf8.allSatisfy({ $0 < 0x80 }) else {
                    return String(decoding: tree.bytes[binding.prefix], as: UTF8.self)
                        == String(decoding: utf8, as: UTF8.self)
                }
                return utf8.elementsEqual(tree.bytes[binding.prefix])
            }
        }

        /// Whether a binding met before the one at `position` in the walk (an inner one, or a
        /// later one of the same start tag) has its prefix, so that it is not in force.
        private func isHidden(_ position: Int) -> Bool {
            let binding = tree.bindings[position]
            var hidden = false
            walkBindings { other in
                guard other != position else { return true }
                let inner = tree.bindings[other]
                hidden = XMPMetadata.sameName(
                    inner.prefix, binding.prefix, bothASCII: inner.prefixIsASCII && binding.prefixIsASCII,
                    in: tree.bytes)
                return hidden
            }
            return hidden
        }

        /// The namespace `prefix` is bound to here (what ``uris`` maps it to, when listed in
        /// ``XMLNamespace``), without building ``uris``.
        func namespace(boundTo prefix: String) -> XMLNamespace? {
            var found: XMLNamespace??
            walkBindings { position in
                guard binding(at: position, hasPrefix: prefix) else { return false }
                found = .some(tree.bindings[position].namespace)
                return true
            }
            return found ?? (prefix == "xml" ? .xml : nil)
        }

        /// A prefix bound to `namespace` here (the alphabetically first), else "" when it is
        /// the default namespace; nil when unbound. What
        /// ``XMPUpdater/Editor/prefix(for:in:)`` finds in ``uris``, without building it.
        func prefix(boundTo namespace: XMLNamespace) -> String? {
            let bytes = tree.bytes
            var least: String?
            var isDefault = false
            walkBindings { position in
                let binding = tree.bindings[position]
                guard binding.namespace == namespace, !isHidden(position) else { return false }
                if binding.isDefault {
                    isDefault = true
                } else {
                    let prefix = String(decoding: bytes[binding.prefix], as: UTF8.self)
                    if least.map({ prefix < $0 }) ?? true { least = prefix }
                }
                return false
            }
            // The `xml` prefix is bound by definition unless a declaration rebinds it.
            if namespace == .xml && !walkBindings({ binding(at: $0, hasPrefix: "xml") }) {
                if least.map({ "xml" < $0 }) ?? true { least = "xml" }
            }
            return least ?? (isDefault ? "" : nil)
        }
    }
}
