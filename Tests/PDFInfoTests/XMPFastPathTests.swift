import Testing

@testable import PDFInfo

/// The XMP reader's and updater's byte-level paths against the plain definitions they replace,
/// on random and edge inputs.
struct XMPFastPathTests {
    /// The definition of ``XMPUpdater/markup(_:_:rdfPrefix:declarations:layout:)``, as it was
    /// written with String concatenation.
    private func referenceMarkup(
        _ name: String, _ value: XMPUpdater.Value, rdfPrefix: String, declarations: String,
        layout: XMPUpdater.Layout?
    ) -> String {
        let rdf = rdfPrefix.isEmpty ? "" : rdfPrefix + ":"
        let open = "<" + name + declarations + ">"
        let close = "</" + name + ">"
        let container: String
        let items: [String]
        switch value {
        case .text(let text):
            return open + XMPUpdater.escaped(text) + close
        case .alternative(let text):
            container = "Alt"
            items = ["<\(rdf)li xml:lang=\"x-default\">" + XMPUpdater.escaped(text) + "</\(rdf)li>"]
        case .sequence(let texts), .bag(let texts):
            container = if case .bag = value { "Bag" } else { "Seq" }
            items = texts.map { "<\(rdf)li>" + XMPUpdater.escaped($0) + "</\(rdf)li>" }
        }
        let (containerOpen, containerClose) = ("<\(rdf)\(container)>", "</\(rdf)\(container)>")
        guard let layout else {
            return open + containerOpen + items.joined() + containerClose + close
        }
        let (outer, inner) = (layout.indent + layout.step, layout.indent + layout.step + layout.step)
        var lines = [open, outer + containerOpen]
        lines += items.map { inner + $0 }
        lines += [outer + containerClose, layout.indent + close]
        return lines.joined(separator: layout.newline)
    }

    private static let pieces = [
        "", "a", "Dvořák", "&", "<b>", "\"q\"", "'", "\t", "\n", "\r\n", "\u{1}", "\u{FFFE}", "𝄞", "测试",
        " ", ",", "]]>", "long text that does not fit in a small string at all",
    ]

    private func randomText(_ generator: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }
            .joined()
    }

    @Test func markupEqualsTheConcatenatedDefinition() {
        var generator = SystemRandomNumberGenerator()
        let names = ["dc:title", "dc1:creator", "pdf:Keywords", "title", "ns:ä"]
        let prefixes = ["", "rdf", "r", "ŕdf"]
        let declarations = ["", " xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""]
        let layouts: [XMPUpdater.Layout?] = [
            nil, .init(indent: "", step: "", newline: "\n"), .init(indent: "   ", step: "   ", newline: "\n"),
            .init(indent: "\t\t", step: "\t", newline: "\r\n"), .init(indent: " ", step: "  ", newline: "\r"),
        ]
        for _ in 0..<3_000 {
            let texts = (0..<Int.random(in: 0...3, using: &generator)).map { _ in randomText(&generator) }
            let values: [XMPUpdater.Value] = [
                .text(randomText(&generator)), .alternative(randomText(&generator)), .sequence(texts), .bag(texts),
            ]
            let value = values.randomElement(using: &generator)!
            let name = names.randomElement(using: &generator)!
            let prefix = prefixes.randomElement(using: &generator)!
            let declaration = declarations.randomElement(using: &generator)!
            let layout = layouts.randomElement(using: &generator)!
            let fast = XMPUpdater.markup(name, value, rdfPrefix: prefix, declarations: declaration, layout: layout)
            let reference = referenceMarkup(name, value, rdfPrefix: prefix, declarations: declaration, layout: layout)
            #expect(fast == reference, "\(name) \(value) \(prefix) \(declaration) \(String(describing: layout))")
        }
    }

    /// The definition of a name: the bytes up to white space or `/ > = < " '`, split at the
    /// first colon.
    private func referenceName(_ bytes: [UInt8]) -> (prefix: [UInt8], localName: [UInt8]) {
        let stops: Set<UInt8> = [0x09, 0x0A, 0x0D, 0x20, 0x2F, 0x3E, 0x3D, 0x3C, 0x22, 0x27]
        let name = bytes.prefix { !stops.contains($0) }
        guard let colon = name.firstIndex(of: UInt8(ascii: ":")) else { return ([], Array(name)) }
        return (Array(name[..<colon]), Array(name[(colon + 1)...]))
    }

    @Test func namesEndWhereTheDefinitionSays() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = [UInt8](0...255)
        for round in 0..<3_000 {
            // Every byte value ends a name once; then random names with colons and UTF-8.
            var tail = [UInt8]("a:b".utf8)
            if round < alphabet.count {
                tail.append(alphabet[round])
            } else {
                tail += (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    [UInt8(ascii: ":"), 0xC3, 0xA4, UInt8(ascii: "x"), alphabet.randomElement(using: &generator)!]
                        .randomElement(using: &generator)!
                }
            }
            tail += Array("/>".utf8)
            let packet = Array("<r>".utf8) + [UInt8(ascii: "<")] + tail + Array("</r>".utf8)
            let expected = referenceName(tail)
            let nameLength = expected.localName.count + (expected.prefix.isEmpty ? 0 : expected.prefix.count + 1)
            let rest = tail[nameLength...].drop { [0x09, 0x0A, 0x0D, 0x20].contains($0) }
            guard let document = try? XMPMetadata.XMLDocument(utf8: packet) else {
                // Refused: then the name is not followed by `/>` alone (which reads).
                #expect(!rest.elementsEqual("/>".utf8), "\(tail)")
                continue
            }
            #expect(rest.starts(with: "/>".utf8), "\(tail)")
            let element = try #require(document.root.elements.first)
            #expect(Array(packet[element.name.prefix]) == expected.prefix)
            #expect(Array(packet[element.name.localName]) == expected.localName)
            let nameBytes = packet[element.name.prefix.lowerBound..<element.name.localName.upperBound]
            #expect(element.name.isASCII == nameBytes.allSatisfy { $0 < 0x80 })
        }
    }
}

extension XMPFastPathTests {
    /// Namespace URIs are matched as bytes against literals; each literal must spell the URI
    /// the String comparison (``XMPMetadata/XMLNamespace/init(uri:)``) knows.
    @Test(arguments: [XMPMetadata.XMLNamespace.rdf, .dc, .xmp, .pdf, .xml])
    func namespaceLiteralsSpellTheirURIs(namespace: XMPMetadata.XMLNamespace) {
        let uri = Array(namespace.uri.utf8)
        #expect(XMPMetadata.XMLNamespace(attributeValue: 0..<uri.count, in: uri) == namespace)
        #expect(XMPMetadata.XMLNamespace(uri: namespace.uri) == namespace)
        for position in uri.indices {
            var changed = uri
            changed[position] ^= 0x01
            #expect(XMPMetadata.XMLNamespace(attributeValue: 0..<changed.count, in: changed) == nil)
        }
        #expect(XMPMetadata.XMLNamespace(attributeValue: 0..<uri.count - 1, in: uri) == nil)
    }
}

extension XMPFastPathTests {
    /// The definition of ``XMPUpdater/escaped(_:)``, scalar by scalar.
    private func referenceEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: result += "&amp;"
            case 0x3C: result += "&lt;"
            case 0x3E: result += "&gt;"
            case 0x22: result += "&quot;"
            case 0x27: result += "&apos;"
            case 0x09: result += "&#x9;"
            case 0x0A: result += "&#xA;"
            case 0x0D: result += "&#xD;"
            case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: result.unicodeScalars.append(scalar)
            default: continue
            }
        }
        return result
    }

    @Test func escapingEqualsTheScalarDefinition() {
        var generator = SystemRandomNumberGenerator()
        let scalars: [Unicode.Scalar] = [
            "a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{D7FF}",
            "\u{E000}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10000}", "𝄞", "\u{FEFF}", "\u{BF}", "\u{3BF}",
        ]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.unicodeScalars.append(scalars.randomElement(using: &generator)!)
            }
            #expect(XMPUpdater.escaped(text) == referenceEscaped(text), "\(Array(text.unicodeScalars))")
            let legal = text.unicodeScalars.filter {
                [0x09, 0x0A, 0x0D].contains($0.value) || (0x20...0xD7FF).contains($0.value)
                    || (0xE000...0xFFFD).contains($0.value) || $0.value >= 0x10000
            }
            #expect(XMPUpdater.representable(text) == String(String.UnicodeScalarView(legal)))
        }
    }
}

extension XMPFastPathTests {
    /// Text without markup is decoded in one piece; with a comment appended, the same text
    /// goes through the run-by-run path. Both must agree.
    @Test func plainTextEqualsTheRunByRunPath() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", " ", "é", "&amp;", "&lt;", "&#x9;", "&#10;", "&#0;", "&bogus;", "&", "\r\n", "\r", "\n", "\t", ">",
            "]]", "𝄞", "&#x1D11E;", "&quot;", "&#xZZ;",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let plain = try XMPMetadata.XMLDocument(utf8: Array("<r><p>\(text)</p></r>".utf8))
            let split = try XMPMetadata.XMLDocument(utf8: Array("<r><p>\(text)<!-- c --></p></r>".utf8))
            let fast = plain.text(of: try #require(plain.root.elements.first))
            let runByRun = split.text(of: try #require(split.root.elements.first))
            #expect(fast == runByRun, "\(Array(text.utf8))")
        }
    }
}

extension XMPFastPathTests {
    /// The updater's prefix choice in one pass against its definition: the bound prefixes sorted,
    /// the first non-empty one, else the first (the default namespace).
    @Test func prefixChoiceEqualsTheSortedDefinition() {
        var generator = SystemRandomNumberGenerator()
        let prefixes = ["", "rdf", "r", "rdf1", "RDF", "ŕdf", "a", "zz", "é", "e\u{301}"]
        let uris = [XMPMetadata.rdfNamespace, XMPMetadata.dcNamespace, "", "x"]
        for _ in 0..<3_000 {
            var scope: [String: String] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                scope[prefixes.randomElement(using: &generator)!] = uris.randomElement(using: &generator)!
            }
            for uri in uris {
                let bound = scope.filter { $0.value == uri }.keys.sorted()
                let expected = bound.first { !$0.isEmpty } ?? bound.first
                #expect(XMPUpdater.Editor.prefix(for: uri, in: scope) == expected, "\(scope) \(uri)")
            }
        }
    }
}
