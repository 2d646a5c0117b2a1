extension XMPMetadata {
    /// The namespaces the reader and the updater look for. Names in any other namespace are
    /// never matched, so the reader does not tell them apart.
    enum XMLNamespace {
        case rdf, dc, xmp, pdf, xml

        /// The namespace named by `uri` (compared as a Swift string), if it is one of these.
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
    final class XMLNamespaceScope {
        /// One `xmlns` or `xmlns:prefix` attribute.
        struct Binding {
            /// "" for the default namespace.
            let prefix: String
            /// The prefix in the packet (empty for the default namespace).
            let prefixBytes: Range<Int>
            /// Nil when `xmlns=""` takes the default namespace away.
            let uri: String?
            let namespace: XMLNamespace?
        }

        let parent: XMLNamespaceScope?
        /// In attribute order; a later binding of the same prefix wins.
        let bindings: [Binding]

        init(parent: XMLNamespaceScope?, bindings: [Binding]) {
            self.parent = parent
            self.bindings = bindings
        }

        /// The namespace bound to the prefix at `prefix` ("" is the default namespace); nil when
        /// it is unbound or bound to a namespace not listed in ``XMLNamespace``.
        func namespace(of prefix: Range<Int>, in bytes: [UInt8]) -> XMLNamespace? {
            var scope: XMLNamespaceScope? = self
            while let current = scope {
                for binding in current.bindings.reversed()
                where XMPMetadata.sameName(binding.prefixBytes, prefix, in: bytes) {
                    return binding.namespace
                }
                scope = current.parent
            }
            return XMPMetadata.name(prefix, in: bytes, is: "xml") ? .xml : nil
        }

        /// Prefix → namespace URI for every binding in scope.
        var uris: [String: String] {
            var chain: [XMLNamespaceScope] = []
            var scope: XMLNamespaceScope? = self
            while let current = scope {
                chain.append(current)
                scope = current.parent
            }
            var uris = ["xml": XMPMetadata.XMLDocument.xmlNamespace]
            for current in chain.reversed() {
                for binding in current.bindings { uris[binding.prefix] = binding.uri }
            }
            return uris
        }
    }
}
