import Foundation
import Testing

@testable import MetadataModel

/// The one XML reader's tree: namespaces, text, document types, caps and error places.
struct XMLTreeTests {
    @Test func readsTextOfMixedContentCDATAAndReferences() throws {
        let tree = try XMLTree(Array("<r><t a='x &amp; y&#9;z'>A<b>B</b><sym>skip</sym><![CDATA[<C>]]>&lt;&#x1D11E;</t></r>".utf8))
        let t = try #require(tree.root.child("t"))
        #expect(t.text == "AB" + "skip" + "<C><𝄞")
        #expect(t.text(skipping: ["sym"]) == "AB<C><𝄞")
        #expect(t.attribute("a") == "x & y\tz", "a character reference keeps its tab")
        #expect(tree.root.children.count == 1 && t.children.map(\.name) == ["b", "sym"])
        #expect(t.children.last?.name == "sym")
    }

    @Test func documentTypesAreSkippedOnlyWhenAllowed() throws {
        let text = "<?xml version='1.0'?>\n<!DOCTYPE score-partwise PUBLIC \"-//R//DTD//EN\" \"x.dtd\" [<!ENTITY e \"a>b\"> <!-- ] --> ]>\n<score-partwise/>"
        let tree = try XMLTree(Array(text.utf8), options: XMLTree.Options(allowsDocumentType: true))
        #expect(tree.root.name == "score-partwise")
        let error = #expect(throws: InterchangeError.self) { try XMLTree(Array(text.utf8)) }
        #expect(error?.code == .malformedXML && error?.line == 2 && error?.offset == 22)
    }

    @Test func implicitNamespacesYieldToDeclarations() throws {
        let text = "<dc:a xmlns:x='urn:x'><dc:b/><x:c/><dc:d xmlns:dc='urn:other'/></dc:a>"
        let tree = try XMLTree(Array(text.utf8), options: XMLTree.Options(implicitNamespaces: ["dc": "urn:dc"]))
        #expect(tree.root.namespace == "urn:dc")
        #expect(tree.root.children.map(\.namespace) == ["urn:dc", "urn:x", "urn:other"])
        #expect(tree.implicitPrefixes == ["dc"])
        #expect(try XMLTree(Array(text.utf8)).root.namespace == nil)
    }

    @Test func capsAreLimitErrors() throws {
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        let depth = #expect(throws: InterchangeError.self) { try XMLTree(Array(deep.utf8), options: XMLTree.Options(maxDepth: 32)) }
        #expect(depth?.code == .limitExceeded)
        let wide = "<r>" + String(repeating: "<a/>", count: 100) + "</r>"
        let count = #expect(throws: InterchangeError.self) { try XMLTree(Array(wide.utf8), options: XMLTree.Options(maxNodes: 50)) }
        #expect(count?.code == .limitExceeded)
    }

    @Test(arguments: [
        ("<a>\n<b>\n</a>", 3), ("<a>\r\n\r\n<b x='1' x='2'/></a>", 3), ("\n\n<a>&bogus;</a>", 3), ("<a/>\n<b/>", 0),
    ])
    func errorsNameTheirLine(text: String, line: Int) throws {
        guard line > 0 else {
            // Anything after the root element is ignored.
            #expect(try XMLTree(Array(text.utf8)).root.name == "a")
            return
        }
        let strict = XMLTree.Options(dialect: .strict)
        let error = #expect(throws: InterchangeError.self) { try XMLTree(Array(text.utf8), options: strict) }
        #expect(error?.line == line, "\(String(describing: error))")
    }

    @Test func utf16BecomesUTF8WithItsDeclaration() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>é𝄞</a>"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf8 = try #require(XMLEncoding.utf8(utf16))
        #expect(String(decoding: utf8, as: UTF8.self) == text.replacingOccurrences(of: "UTF-16", with: "UTF-8"))
        #expect(try XMLTree(utf8).root.text == "é𝄞")
        #expect(XMLEncoding.utf8([0x00, 0x00, 0xFE, 0xFF]) == nil)
    }
}
