import MetadataModel
import Testing

@testable import PDFInfo

/// The XML reader's namespace resolution and a scope's queries against the plain definition
/// (Namespaces in XML 1.0 §6: the nearest declaration of the prefix, its value decoded), on the
/// corpus's XMP packets and on random packets.
struct XMPNamespaceResolutionTests {
    /// Prefix → decoded URI declared in scope ("" is the default namespace).
    private typealias Bindings = [String: String]

    /// Checks every element and attribute below `element`, whose parent's bindings are `outer`;
    /// `implicit` resolves prefixes nothing declares.
    private func check(_ element: XMLTree.Element, outer: Bindings, implicit: [String: String]) {
        var bindings = outer
        for attribute in element.attributes where attribute.isNamespaceDeclaration {
            bindings[attribute.name == "xmlns" ? "" : String(attribute.localName)] = attribute.value
        }
        func expected(_ prefix: Substring) -> String? {
            guard let uri = bindings[String(prefix)] else {
                return prefix == "xml" ? XMLNamespaceScope.xmlNamespace : implicit[String(prefix)]
            }
            return uri.isEmpty ? nil : uri
        }
        #expect(element.namespace == expected(element.prefix), "\(element.name)")
        for attribute in element.attributes {
            let resolved = attribute.isNamespaceDeclaration || attribute.prefix.isEmpty ? nil : expected(attribute.prefix)
            #expect(attribute.namespace == resolved, "\(element.name) \(attribute.name)")
        }
        var uris = bindings.filter { !$0.value.isEmpty }
        if uris["xml"] == nil { uris["xml"] = XMLNamespaceScope.xmlNamespace }
        #expect(element.scope.uris == uris)
        for uri in Self.uris {
            let bound = uris.filter { $0.value == uri }.keys.sorted()
            #expect(element.scope.prefix(boundTo: uri) == bound.first { !$0.isEmpty } ?? bound.first, "\(uri)")
        }
        for prefix in Self.prefixes {
            #expect(element.scope.uri(boundTo: prefix) == uris[prefix], "\(prefix)")
        }
        for child in element.children { check(child, outer: bindings, implicit: implicit) }
    }

    @Test(arguments: XMPTests.fixtures)
    func corpusPacketsResolveAsDefined(name: String) throws {
        let document = try XMPMetadata.tree(of: XMPTests.fixture(name))
        check(document.root, outer: [:], implicit: XMPMetadata.implicitNamespaces)
    }

    /// URIs spelled plainly, with references, white space, near misses and non-ASCII.
    private static let uris = [
        XMPMetadata.rdfNamespace, XMPMetadata.dcNamespace, XMPMetadata.xmpNamespace, XMPMetadata.pdfNamespace,
        XMLNamespaceScope.xmlNamespace, "http://purl.org/dc/elements/1.1&#x2F;", "http&#58;//ns.adobe.com/pdf/1.3/",
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
            check(try XMLTree(Array(packet.utf8)).root, outer: [:], implicit: [:])
            check(try XMPMetadata.tree(of: Array(packet.utf8)).root, outer: [:], implicit: XMPMetadata.implicitNamespaces)
        }
    }
}
