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
            if let found = Self.all.first(where: { $0.spelling.utf8CodeUnitCount == raw.count && $0.isSpelled(by: raw) }) {
                self = found
                return
            }
            let isPlainASCII = !raw.contains {
                $0 >= 0x80 || $0 == UInt8(ascii: "&") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
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
    final class XMLNamespaceScope {
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

        let parent: XMLNamespaceScope?
        /// In attribute order; a later binding of the same prefix wins.
        let bindings: [Binding]
        private let bytes: [UInt8]

        init(parent: XMLNamespaceScope?, bindings: [Binding], in bytes: [UInt8]) {
            self.parent = parent
            self.bindings = bindings
            self.bytes = bytes
        }

        /// The namespace bound to the prefix of `name` ("" is the default namespace); nil when
        /// it is unbound or bound to a namespace not listed in ``XMLNamespace``.
        func namespace(ofPrefixOf name: XMLName, in bytes: [UInt8]) -> XMLNamespace? {
            // Unretained: `self` holds its ancestors, and retaining each one on the way cost
            // as much as the comparisons.
            unowned(unsafe) var current = self
            while true {
                // Through a buffer: indexing the array retained it once per binding.
                let found = current.bindings.withUnsafeBufferPointer { bindings -> XMLNamespace?? in
                    var position = bindings.count
                    while position > 0 {
                        position -= 1
                        let binding = bindings[position]
                        let bothASCII = binding.prefixIsASCII && name.isASCII
                        // Most bindings differ in length: ASCII names of different lengths differ.
                        if bothASCII && binding.prefix.count != name.prefix.count { continue }
                        if XMPMetadata.sameName(binding.prefix, name.prefix, bothASCII: bothASCII, in: bytes) {
                            return .some(binding.namespace)
                        }
                    }
                    return nil
                }
                if let found { return found }
                guard let parent = current.parent else { break }
                current = parent
            }
            return name.hasPrefix("xml", in: bytes) ? .xml : nil
        }

        /// Prefix → namespace URI for every binding in scope (worked out when first asked for).
        private(set) lazy var uris: [String: String] = {
            var chain: [XMLNamespaceScope] = []
            var scope: XMLNamespaceScope? = self
            while let current = scope {
                chain.append(current)
                scope = current.parent
            }
            var uris = [String: String](minimumCapacity: chain.reduce(1) { $0 + $1.bindings.count })
            uris["xml"] = XMPMetadata.XMLDocument.xmlNamespace
            for current in chain.reversed() {
                for binding in current.bindings {
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
        }()
    }
}
