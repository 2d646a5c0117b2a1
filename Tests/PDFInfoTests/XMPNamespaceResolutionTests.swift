import Testing

@testable import PDFInfo

/// The reader's namespace resolution (shared scopes, byte-level URI matching) and a scope's
/// queries against the plain definition (Namespaces in XML 1.0 §6: the nearest declaration of
/// the prefix, its value decoded and compared as a String), on the corpus's XMP packets and on
/// random packets.
struct XMPNamespaceResolutionTests {
    /// Prefix → decoded URI in scope, as the definition has it ("" is the default namespace).
    private typealias Bindings = [String: String]

    /// Checks every element and attribute below `element`, whose parent's bindings are `outer`.
    private func check(_ element: XMPMetadata.XMLElement, outer: Bindings, in document: XMPMetadata.XMLDocument) {
        let bytes = document.bytes
        var bindings = outer
        for attribute in element.attributes where attribute.isNamespaceDeclaration {
            let prefix = attribute.name.prefix.isEmpty ? "" : string(attribute.name.localName, bytes)
            bindings[prefix] = document.value(of: attribute)
        }
        func expected(_ prefix: String) -> XMPMetadata.XMLNamespace? {
            guard let uri = bindings[prefix] else { return prefix == "xml" ? .xml : nil }
            return XMPMetadata.XMLNamespace(uri: uri)
        }
        let name = element.name
        #expect(element.namespace == expected(name.prefix.isEmpty ? "" : string(name.prefix, bytes)))
        for attribute in element.attributes {
            let prefix = string(attribute.name.prefix, bytes)
            let resolved = attribute.isNamespaceDeclaration || prefix.isEmpty ? nil : expected(prefix)
            #expect(attribute.namespace == resolved, "\(document.qualifiedName(of: element))")
        }
        var uris = bindings.filter { !($0.key.isEmpty && $0.value.isEmpty) }
        if uris["xml"] == nil { uris["xml"] = XMPMetadata.XMLDocument.xmlNamespace }
        #expect(element.scope.uris == uris)
        // The scope's direct queries, which the updater asks instead of building the map,
        // answer what the map does.
        for namespace in [XMPMetadata.XMLNamespace.rdf, .dc, .xmp, .pdf, .xml] {
            let expected = XMPUpdater.Editor.prefix(for: namespace.uri, in: uris)
            #expect(element.scope.prefix(boundTo: namespace) == expected)
        }
        for prefix in Self.prefixes {
            let expected = uris[prefix].flatMap(XMPMetadata.XMLNamespace.init(uri:))
            #expect(element.scope.namespace(boundTo: prefix) == expected)
        }
        for child in element.elements { check(child, outer: bindings, in: document) }
    }

    private func string(_ range: Range<Int>, _ bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    @Test(arguments: XMPTests.fixtures)
    func corpusPacketsResolveAsDefined(name: String) throws {
        let document = try XMPMetadata.XMLDocument(utf8: XMPMetadata.utf8Packet(XMPTests.fixture(name)))
        check(document.root, outer: [:], in: document)
    }

    /// URIs spelled plainly, with references, white space, near misses and non-ASCII.
    private static let uris = [
        XMPMetadata.rdfNamespace, XMPMetadata.dcNamespace, XMPMetadata.xmpNamespace, XMPMetadata.pdfNamespace,
        XMPMetadata.XMLDocument.xmlNamespace, "http://purl.org/dc/elements/1.1&#x2F;", "http&#58;//ns.adobe.com/pdf/1.3/",
        " http://ns.adobe.com/xap/1.0/", "http://ns.adobe.com/xap/1.0/\t", "http://ns.adobe.com/pdf/1.3",
        "http://ns.adobe.com/pdf/1.4/", "adobe:ns:meta/", "", "ä:ns", "&amp;",
    ]
    private static let prefixes = ["", "dc", "pdf", "xmp", "rdf", "x", "xml", "ä", "d"]

    /// A random element tree, each start tag declaring a few random prefixes.
    private func randomElement(depth: Int, _ generator: inout some RandomNumberGenerator) -> String {
        func name() -> String {
            let prefix = Self.prefixes.randomElement(using: &generator)!
            return prefix.isEmpty ? "e" : prefix + ":e"
        }
        let tag = name()
        var attributes: [String] = []
        var used: Set<String> = []
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let prefix = Self.prefixes.randomElement(using: &generator)!
            let key = prefix.isEmpty ? "xmlns" : "xmlns:" + prefix
            guard prefix != "xml", used.insert(key).inserted else { continue }
            attributes.append(key + "=\"" + Self.uris.randomElement(using: &generator)! + "\"")
        }
        if Bool.random(using: &generator), case let attribute = name() + "a", used.insert(attribute).inserted {
            attributes.append(attribute + "='v'")
        }
        let start = "<" + ([tag] + attributes).joined(separator: " ")
        guard depth < 4, Bool.random(using: &generator) else { return start + "/>" }
        let children = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            randomElement(depth: depth + 1, &generator)
        }
        return start + ">" + children.joined(separator: "\n ") + "</" + tag + ">"
    }

    @Test func randomPacketsResolveAsDefined() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_500 {
            let packet = randomElement(depth: 0, &generator)
            let document = try XMPMetadata.XMLDocument(utf8: Array(packet.utf8))
            check(document.root, outer: [:], in: document)
        }
    }

    /// The byte-level URI match equals decoding the value and comparing Strings.
    @Test func attributeValuesNameTheNamespaceTheirDecodedTextNames() {
        var generator = SystemRandomNumberGenerator()
        let pieces = Self.uris + ["/", "#", "&#x9;", "\n", "é", "&lt;", "&bogus;", "a"]
        for _ in 0..<5_000 {
            let value = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let raw = Array(value.utf8)
            let decoded = XMPMetadata.XMLReader.decode(raw[...], inAttribute: true)
            #expect(
                XMPMetadata.XMLNamespace(attributeValue: 0..<raw.count, in: raw) == XMPMetadata.XMLNamespace(uri: decoded),
                "\(value)")
        }
    }
}
