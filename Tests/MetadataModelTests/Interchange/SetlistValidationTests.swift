import MetadataModel
import Testing

/// Reading 4SS files against file-types.txt's element and attribute rules.
struct SetlistValidationTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"

    struct Bad: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: String
        var code: InterchangeError.Code
        var line: Int
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "no title", xml: head + "<forScore kind=\"setlist\" version=\"1.0\">\n</forScore>", code: .missingAttribute, line: 2),
        Bad(name: "empty title", xml: head + "<forScore kind=\"setlist\" version=\"1.0\" title=\"\" />", code: .missingAttribute, line: 2),
        Bad(name: "no kind", xml: head + "<forScore version=\"1.0\" title=\"T\" />", code: .notASetlist, line: 2),
        Bad(name: "other kind", xml: head + "<forScore kind=\"library\" version=\"1.0\" title=\"T\" />", code: .notASetlist, line: 2),
        Bad(name: "other version", xml: head + "<forScore kind=\"setlist\" version=\"2.0\" title=\"T\" />", code: .notASetlist, line: 2),
        Bad(name: "other root", xml: head + "<forscore kind=\"setlist\" version=\"1.0\" title=\"T\" />", code: .notASetlist, line: 2),
        Bad(name: "no root", xml: head + "<!-- nothing -->\n", code: .notASetlist, line: 1),
        Bad(name: "score without path", xml: head + root("<score title=\"A\" />"), code: .missingAttribute, line: 3),
        Bad(name: "score with empty path", xml: head + root("<score path=\"\" />"), code: .missingAttribute, line: 3),
        Bad(name: "bookmark without title", xml: head + root("<score path=\"a.pdf\" />\n<bookmark path=\"a.pdf\" />"), code: .missingAttribute, line: 4),
        Bad(name: "bookmark without path", xml: head + root("<bookmark title=\"B\" />"), code: .missingAttribute, line: 3),
        Bad(name: "placeholder without title", xml: head + root("<placeholder />"), code: .missingAttribute, line: 3),
        Bad(name: "bad base64", xml: head + root("<score path=\"a.pdf\" data=\"Zm9v!\" />"), code: .badBase64, line: 3),
        Bad(name: "unclosed root", xml: head + "<forScore kind=\"setlist\" version=\"1.0\" title=\"T\">\n<score path=\"a.pdf\" />\n", code: .malformedXML, line: 2),
        Bad(name: "mismatched end", xml: head + root("<score path=\"a.pdf\"></bookmark>"), code: .malformedXML, line: 3),
        Bad(name: "raw ampersand", xml: head + root("<score path=\"a & b.pdf\" />"), code: .malformedXML, line: 3),
        Bad(name: "raw less-than", xml: head + root("<placeholder title=\"a < b\" />"), code: .malformedXML, line: 3),
        Bad(name: "unknown entity", xml: head + root("<placeholder title=\"&eacute;\" />"), code: .malformedXML, line: 3),
        Bad(name: "control character reference", xml: head + root("<placeholder title=\"&#1;\" />"), code: .malformedXML, line: 3),
        Bad(name: "signed character reference", xml: head + root("<placeholder title=\"&#+65;\" />"), code: .malformedXML, line: 3),
        Bad(name: "duplicate attribute", xml: head + root("<placeholder title=\"a\" title=\"b\" />"), code: .malformedXML, line: 3),
        Bad(name: "unquoted value", xml: head + root("<placeholder title=a />"), code: .malformedXML, line: 3),
        Bad(name: "no space between attributes", xml: head + root("<bookmark path=\"a\"title=\"b\" />"), code: .malformedXML, line: 3),
        Bad(name: "doctype", xml: head + "<!DOCTYPE forScore [<!ENTITY x \"y\">]>\n" + root(""), code: .malformedXML, line: 2),
        Bad(name: "second root", xml: head + root("") + "\n<forScore kind=\"setlist\" version=\"1.0\" title=\"U\" />", code: .malformedXML, line: 5),
        Bad(name: "text outside root", xml: head + root("") + "\ntrailing", code: .malformedXML, line: 5),
        Bad(name: "late declaration", xml: root("") + "\n<?xml version=\"1.0\"?>", code: .malformedXML, line: 4),
        Bad(name: "unterminated comment", xml: head + "<!-- open\n\n" + root(""), code: .malformedXML, line: 2),
    ]

    static func root(_ body: String) -> String {
        "<forScore kind=\"setlist\" version=\"1.0\" title=\"T\">\n\(body)\n</forScore>"
    }

    @Test(arguments: bad)
    func rejectsWhatForScoreCannotBuild(_ test: Bad) {
        #expect {
            try Setlist.parse(xml: test.xml)
        } throws: { error in
            guard let error = error as? InterchangeError else { return false }
            return error.code == test.code && error.line == test.line
        }
    }

    @Test func missingPathMessageNamesTheRule() {
        do {
            _ = try Setlist.parse(xml: Self.head + Self.root("<score title=\"A\" />"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "line 3: 'score' needs a non-empty 'path' attribute (file-types.txt) [missing-attribute]")
        }
    }

    @Test func unknownContentIsSkippedWithWarnings() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="ISO-8859-1"?>
            <!-- made by hand -->
            <forScore kind="setlist" version="1.0" title="Gig" date="2025-05-01">
            <note text="bring stand"><score path="hidden.pdf" /></note>
            <score path="a.pdf" title="" colour="red"><extra /></score>
            stray text
            <?app hint?>
            <placeholder title="Break" />
            <![CDATA[ more ]]>
            </forScore>

            """
        let (setlist, diagnostics) = try Setlist.parse(xml: xml)
        #expect(setlist == Setlist(title: "Gig", entries: [.score(path: "a.pdf"), .placeholder(title: "Break")]))
        #expect(diagnostics.map(\.code) == [.encoding, .unknownAttribute, .unknownElement, .unknownAttribute, .unknownElement, .ignoredText, .ignoredText])
        #expect(diagnostics.map(\.location.line) == [1, 3, 4, 5, 5, 6, 9])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics[2].description == "warning: line 4: element 'note' is not part of a 4SS setlist; skipped [unknown-element]")
    }

    @Test func referencesAndQuotesAreRead() throws {
        let xml = Self.root("<placeholder title='&quot;A&quot; &amp; &#x42;&#67; &lt;&gt;&apos;' />\n<placeholder title=\"x\ny\tz\" />")
        let (setlist, _) = try Setlist.parse(xml: xml)
        #expect(setlist.entries == [.placeholder(title: "\"A\" & BC <>'"), .placeholder(title: "x y z")])
    }
}
