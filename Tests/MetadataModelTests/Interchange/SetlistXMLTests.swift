import MetadataModel
import TestSupport
import Testing

/// Writing 4SS files exactly as file-types.txt shows them, and reading them back.
struct SetlistXMLTests {
    @Test func writesTheSpecExampleExactly() {
        let setlist = Setlist(
            title: "My New Setlist",
            entries: [
                .score(path: "filename.pdf", title: "Score Title", data: Array("...".utf8)),
                .bookmark(path: "another_filename.pdf", title: "Bookmark Title"),
                .placeholder(title: "A New Placeholder"),
            ])
        #expect(
            setlist.xml == """
                <?xml version="1.0" encoding="UTF-8" ?>
                <forScore kind="setlist" version="1.0" title="My New Setlist">
                <score title="Score Title" path="filename.pdf" data="Li4u" />
                <bookmark title="Bookmark Title" path="another_filename.pdf" />
                <placeholder title="A New Placeholder" />
                </forScore>

                """)
    }

    @Test func leavesOutAbsentOptionalAttributes() {
        #expect(Setlist(title: "S", entries: [.score(path: "a.pdf")]).xml.contains("\n<score path=\"a.pdf\" />\n"))
        #expect(Setlist(title: "Empty").xml.hasSuffix("title=\"Empty\">\n</forScore>\n"))
    }

    @Test(arguments: [
        ("Bach & Sons", "Bach &amp; Sons"), ("<b>", "&lt;b&gt;"), ("say \"hi\"", "say &quot;hi&quot;"),
        ("it's", "it's"), ("two\nlines\r\n\ttab", "two&#10;lines&#13;&#10;&#9;tab"), ("bell\u{07}", "bell\u{FFFD}"),
        ("Gymnopédie №1 🎻", "Gymnopédie №1 🎻"), ("\u{FFFE}", "\u{FFFD}"),
    ])
    func escapesAttributeValues(title: String, written: String) {
        #expect(Setlist(title: title).xml.contains("title=\"\(written)\">"))
    }

    /// Attribute values forScore's XML parser must give back unchanged.
    static let awkward = [
        "Plain", "Bach & Sons <live>", "\"quoted\" 'single'", "line\nbreak", "cr\r\nlf", "\ttab", " spaced  ",
        "Gymnopédie", "e\u{301}", "🎻", "&amp; literal", "]]>", "a=b", "&#10;",
    ]

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func parseOfXMLIsIdentity(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        func text() -> String {
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.awkward.randomElement(using: &rng)! }.joined()
        }
        func bytes() -> [UInt8] {
            (0..<Int.random(in: 0...500, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
        var setlist = Setlist(title: text())
        for _ in 0..<40 {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: setlist.entries.append(.score(path: text()))
            case 1: setlist.entries.append(.score(path: text(), title: text()))
            case 2: setlist.entries.append(.score(path: text(), title: Bool.random(using: &rng) ? text() : nil, data: bytes()))
            case 3: setlist.entries.append(.bookmark(path: text(), title: text()))
            default: setlist.entries.append(.placeholder(title: text()))
            }
        }
        let (parsed, diagnostics) = try Setlist.parse(xml: setlist.xml)
        #expect(parsed == setlist)
        #expect(diagnostics.isEmpty)
    }

    @Test func placeholderTitlesWhenMissing() {
        #expect(Setlist.Entry.score(path: "a.pdf").placeholderTitleWhenMissing == nil)
        #expect(Setlist.Entry.score(path: "a.pdf", title: "A").placeholderTitleWhenMissing == "A")
        #expect(Setlist.Entry.bookmark(path: "a.pdf", title: "B").placeholderTitleWhenMissing == "B")
        #expect(Setlist.Entry.placeholder(title: "P").placeholderTitleWhenMissing == "P")
    }
}
