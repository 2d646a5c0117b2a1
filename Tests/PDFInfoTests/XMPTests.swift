import Foundation
import MetadataModel
import Testing

@testable import PDFInfo

/// XMP packets (XMP Part 1; pdf-notes §5): reading and in-place updating, on real packets
/// extracted from the corpus (Fixtures/xmp, see its README) and on inline packets.
/// pikepdf (lxml) is the independent reader.
struct XMPTests {
    static let fixtures = [
        "pdfa20-PDF_2.0_with_offset_start", "pdfcpu-sample1", "pdfcpu-usageRights",
        "pypdf-commented-xmp", "pypdf-issue-914-xmp-data", "pypdf-outlines-with-invalid-destinations",
        "pysf-crazyones-pdfa", "qpdf-empty-info", "qpdf-sample-form", "qpdf-source2",
        "vera-7.10-t02-pass-a", "vera-8.10.2.3-t01-fail-a",
    ]

    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xmp")

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtureFolder.appendingPathComponent(name + ".xmp")))
    }

    static let changes = [
        XMPChange(
            title: "Dvořák & <Sons> \"E♭\" 'op. 1'", creators: ["Frédéric Chopin", "", "测试 𝄞"],
            description: "Line one\nline two\ttabbed\r\nend", keywords: "E♭, minor ,  sonata,,",
            modifyDate: "2026-01-02T03:04:05+01:00", metadataDate: "2026-01-02T03:04:05+01:00"),
        XMPChange(
            title: nil, creators: [], description: "", keywords: nil,
            modifyDate: "2026-01-02T03:04:05Z", metadataDate: "2026-01-02T03:04:05Z"),
        XMPChange(
            title: "Sonata", creators: ["Anon"], description: nil, keywords: "piano",
            modifyDate: "2001-02-03T04:05:06-08:00", metadataDate: "2001-02-03T04:05:06-08:00"),
    ]

    // MARK: - Reading

    @Test func parseAgreesWithPikepdfOnRealPackets() throws {
        let paths = Self.fixtures.map { Self.fixtureFolder.appendingPathComponent($0 + ".xmp").path }
        let pikepdf = try Self.readWithPikepdf(paths)
        for (name, expected) in zip(Self.fixtures, pikepdf) {
            #expect(Self.sortedSubjects(try XMPMetadata.parse(Self.fixture(name))) == expected, "\(name)")
        }
    }

    @Test func parseReadsKnownValues() throws {
        let attributes = try XMPMetadata.parse(Self.fixture("qpdf-empty-info"))
        #expect(attributes.keywords == "export, good, business, profit, export")
        #expect(attributes.modifyDate == "2004-02-12T11:28:09-05:00")
        #expect(attributes.creators == ["X. Port"])
        let cjk = try XMPMetadata.parse(Self.fixture("pypdf-issue-914-xmp-data"))
        #expect(cjk.creators == ["微软用户"])
        let subjects = try XMPMetadata.parse(Self.fixture("pdfcpu-usageRights"))
        #expect(subjects.subjects == ["Fillable"])
        #expect(subjects.description == "Employee's Withholding Certificate")
    }

    @Test(arguments: [(bigEndian: true, bom: true), (true, false), (false, true), (false, false)])
    func parsesUTF16Packets(bigEndian: Bool, bom: Bool) throws {
        let utf8 = try Self.fixture("vera-8.10.2.3-t01-fail-a")
        let utf16 = Self.utf16(utf8, bigEndian: bigEndian, bom: bom)
        #expect(try XMPMetadata.parse(utf16) == XMPMetadata.parse(utf8))
        let updated = try XMPUpdater.update(utf16, with: Self.changes[0])
        #expect(updated == (try XMPUpdater.update(utf8, with: Self.changes[0])), "output is UTF-8")
    }

    @Test(
        arguments: [
            // Any prefix, matched by namespace URI; the first description holding a property wins.
            (
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <r:Description xmlns:d="http://purl.org/dc/elements/1.1/"><d:title><r:Alt>
                <r:li xml:lang="de">Titel</r:li><r:li xml:lang="x-default">Title</r:li></r:Alt></d:title></r:Description>
                <r:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Second</dc:title>
                <dc:creator><r:Bag><r:li>B</r:li><r:li></r:li><r:li>A</r:li></r:Bag></dc:creator></r:Description>
                </r:RDF></x:xmpmeta>
                """, XMPMetadata(title: "Title", creators: ["B", "A"])
            ),
            // No x-default: the first alternative. Attribute form for simple properties.
            (
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description
                  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
                  xmlns:xap="http://ns.adobe.com/xap/1.0/" pdf:Keywords='a &amp; b' xap:CreateDate="2001"
                  pdf:Producer="P&#x9;Q&#10;R"><dc:description><rdf:Alt><rdf:li xml:lang="fr">Bonjour</rdf:li>
                  <rdf:li xml:lang="en">Hello</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF>
                """,
                XMPMetadata(
                    description: "Bonjour", keywords: "a & b", createDate: "2001", producer: "P\tQ\nR")
            ),
            // The dc prefix bound to another URI is not Dublin Core; CDATA, comments, PIs, references.
            (
                """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <!-- a comment --><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description xmlns:dc="http://example.com/not-dc/"><dc:title>Wrong</dc:title></rdf:Description>
                <rdf:Description xmlns:p="http://purl.org/dc/elements/1.1/"><?pi data?><p:title><rdf:Alt><rdf:li
                xml:lang="x-default"><![CDATA[<b>&amp;</b>]]> &lt;&#x1D11E;&#233;&gt; &unknown; &amp</rdf:li></rdf:Alt></p:title>
                <p:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two</rdf:li></rdf:Bag></p:subject></rdf:Description>
                </rdf:RDF></x:xmpmeta>
                <?xpacket end="w"?>\u{0}\u{0}junk
                """, XMPMetadata(title: "<b>&amp;</b> <𝄞é> &unknown; &amp", subjects: ["one", "two"])
            ),
            // Line ends in text become LF; a structure or resource is not a text value.
            (
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description
                xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:dc="http://purl.org/dc/elements/1.1/"><pdf:Keywords>a\r\nb\rc</pdf:Keywords>
                <dc:title rdf:resource="http://example.com/"/><pdf:Producer rdf:parseType="Resource"><pdf:x>1</pdf:x></pdf:Producer>
                </rdf:Description></rdf:RDF>
                """, XMPMetadata(keywords: "a\nb\nc")
            ),
            ("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>", XMPMetadata()),
            // Names compare as Swift strings: a decomposed start tag matches a precomposed end tag.
            ("<a\u{301}>text</\u{E1}>", XMPMetadata()),
        ] as [(String, XMPMetadata)])
    func parsesInlinePackets(packet: String, expected: XMPMetadata) throws {
        #expect(try XMPMetadata.parse(Array(packet.utf8)) == expected)
    }

    @Test(arguments: [
        ("", "no root element"),
        ("   \n", "no root element"),
        ("text<a/>", "text outside the root element"),
        ("<!DOCTYPE x [<!ENTITY e 'x'>]><x/>", "document type declarations are not accepted"),
        ("<a><b></a>", "end tag 'a' closes 'b'"),
        ("<a><b>", "'b' opened here is never closed"),
        ("<a x='1' x='2'/>", "appears twice"),
        ("<a x=1/>", "not in quotes"),
        ("<a x='1'y='2'/>", "separated by white space"),
        ("<a x='<'/>", "contains '<'"),
        ("<a><!-- never closed </a>", "comment starting here never ends"),
        ("<a", "never ends"),
    ])
    func rejectsBrokenXML(packet: String, message: String) {
        let error = #expect(throws: PDFError.self) { try XMPMetadata.parse(Array(packet.utf8)) }
        #expect(error?.code == .malformed)
        #expect(error?.message.contains("of the packet)") == true)
        #expect(error?.message.lowercased().contains(message.lowercased()) == true, "\(error?.message ?? "")")
    }

    /// Issue 26: a packet that uses `dc:` without declaring it. The empty dc:title is the
    /// title (read as exiftool does), so the update replaces it instead of adding a second one,
    /// and declares the prefix, so that namespace-aware readers (pikepdf's lxml) see it too.
    @Test func undeclaredDublinCorePrefixIsTheDublinCoreTitle() throws {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="">
              <dc:title><rdf:Alt><rdf:li xml:lang="x-default"/></rdf:Alt></dc:title>
              <dc:format>application/pdf</dc:format>
             </rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """
        #expect(try XMPMetadata.parse(Array(packet.utf8)).title == nil)
        let updated = try XMPUpdater.update(Array(packet.utf8), with: Self.change(title: "Nocturne"))
        let text = String(decoding: updated, as: UTF8.self)
        #expect(text.components(separatedBy: "<dc:title>").count == 2, "\(text)")
        #expect(text.contains("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"))
        #expect(try XMPMetadata.parse(updated).title == "Nocturne")

        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("updated.xmp")
        try Data(updated).write(to: file)
        #expect(try Self.readWithPikepdf([file.path]).first?.title == "Nocturne")
        let exiftool = try Tools.run("exiftool", ["-s3", "-XMP-dc:Title", file.path])
        #expect(exiftool.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "Nocturne", "\(exiftool)")
    }

    @Test func rejectsHostileNestingAndUTF32() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        let nesting = #expect(throws: PDFError.self) { try XMPMetadata.parse(Array(deep.utf8)) }
        #expect(nesting?.code == .limitExceeded)
        let utf32: [UInt8] = [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C]
        #expect(throws: PDFError.self) { try XMPMetadata.parse(utf32) }
    }

    // MARK: - Updating real packets

    @Test func updatesRealPacketsAsPikepdfReadsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmp-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var updatedPaths: [String] = []
        var pairs: [String] = []
        var expectations: [(String, XMPMetadata)] = []
        for name in Self.fixtures {
            let original = try Self.fixture(name)
            for (number, change) in Self.changes.enumerated() {
                let label = "\(name) change \(number)"
                let updated = try XMPUpdater.update(original, with: change)
                let expected = try Self.expected(after: change, on: original)
                #expect(try XMPMetadata.parse(updated) == expected, "\(label)")
                #expect(try XMPUpdater.update(updated, with: change) == updated, "\(label): idempotent")
                Self.expectUnchangedOutsideRDF(original, updated, label)
                let path = folder.appendingPathComponent("\(name)-\(number).xmp").path
                try Data(updated).write(to: URL(fileURLWithPath: path))
                updatedPaths.append(path)
                pairs += [Self.fixtureFolder.appendingPathComponent(name + ".xmp").path, path]
                expectations.append((label, Self.sortedSubjects(expected)))
            }
        }
        let pikepdf = try Self.readWithPikepdf(updatedPaths)
        for ((label, expected), read) in zip(expectations, pikepdf) {
            #expect(read == expected, "\(label)")
        }
        let preserved = try Self.unknownPropertiesPreserved(pairs)
        for ((label, _), same) in zip(expectations, preserved) {
            #expect(same, "\(label): properties other than the updated ones changed")
        }
    }

    // MARK: - Updating inline packets

    static func change(
        title: String? = "T", creators: [String] = [], description: String? = nil, keywords: String? = nil
    ) -> XMPChange {
        XMPChange(
            title: title, creators: creators, description: description, keywords: keywords,
            modifyDate: "2001-02-03T04:05:06Z", metadataDate: "2001-02-03T04:05:07Z")
    }

    @Test func replacesInPlaceKeepingLayoutGolden() throws {
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Keywords='old'>
               <dc:format>application/pdf</dc:format>
               <dc:title>
                <rdf:Alt>
                 <rdf:li xml:lang="x-default">Old</rdf:li>
                </rdf:Alt>
               </dc:title>
               <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Gone</rdf:li></rdf:Alt></dc:description>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
        let expected = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Keywords='k1, &apos;k2&apos;' xmlns:xmp="http://ns.adobe.com/xap/1.0/">
               <dc:format>application/pdf</dc:format>
               <dc:title>
                <rdf:Alt>
                 <rdf:li xml:lang="x-default">New &amp; &lt;improved&gt;</rdf:li>
                </rdf:Alt>
               </dc:title>
               <dc:creator>
                <rdf:Seq>
                 <rdf:li>A</rdf:li>
                 <rdf:li>B</rdf:li>
                </rdf:Seq>
               </dc:creator>
               <xmp:ModifyDate>2001-02-03T04:05:06Z</xmp:ModifyDate>
               <xmp:MetadataDate>2001-02-03T04:05:07Z</xmp:MetadataDate>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
        let change = Self.change(title: "New & <improved>", creators: ["A", "B"], keywords: "k1, 'k2'")
        let updated = try XMPUpdater.update(Array(packet.utf8), with: change)
        #expect(String(decoding: updated, as: UTF8.self) == expected)
    }

    @Test func editsAttributesCDATAAndInnerNamespacesWithCRLFGolden() throws {
        // CRLF line ends; property attributes with references; CDATA; a namespace declared on
        // a property element; a comment and padding after the root.
        let packet = [
            "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>",
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">",
            " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">",
            "  <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" pdf:Keywords=\"a &amp; b&#x9;c\" pdf:Producer='P &lt;1&gt;'>",
            "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\"><![CDATA[Old <title>]]></rdf:li></rdf:Alt></dc:title>",
            "   <xmp:CreateDate xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">2001-01-01</xmp:CreateDate>",
            "  </rdf:Description>",
            " </rdf:RDF>",
            "</x:xmpmeta>",
            "<!-- padding -->",
            String(repeating: " ", count: 20),
            "<?xpacket end=\"w\"?>",
        ].joined(separator: "\r\n")
        let before = try XMPMetadata.parse(Array(packet.utf8))
        #expect(
            before
                == XMPMetadata(
                    title: "Old <title>", keywords: "a & b\tc", createDate: "2001-01-01", producer: "P <1>"))
        let expected = [
            "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>",
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">",
            " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">",
            "  <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" pdf:Keywords=\"k &amp; m\" pdf:Producer='P &lt;1&gt;' xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">",
            "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">New</rdf:li></rdf:Alt></dc:title>",
            "   <xmp:CreateDate xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">2001-01-01</xmp:CreateDate>",
            "   <dc:creator>",
            "    <rdf:Seq>",
            "     <rdf:li>A</rdf:li>",
            "    </rdf:Seq>",
            "   </dc:creator>",
            "   <xmp:ModifyDate>2001-02-03T04:05:06Z</xmp:ModifyDate>",
            "   <xmp:MetadataDate>2001-02-03T04:05:07Z</xmp:MetadataDate>",
            "  </rdf:Description>",
            " </rdf:RDF>",
            "</x:xmpmeta>",
            "<!-- padding -->",
            String(repeating: " ", count: 20),
            "<?xpacket end=\"w\"?>",
        ].joined(separator: "\r\n")
        let change = Self.change(title: "New", creators: ["A"], keywords: "k & m")
        let updated = try XMPUpdater.update(Array(packet.utf8), with: change)
        #expect(String(decoding: updated, as: UTF8.self) == expected)
    }

    @Test func propertyDeclaringItsOwnPrefixIsRefused() {
        // Replacing the element drops its declaration, so the result would not read back.
        let packet =
            Self.rdfOpen
            + "<rdf:Description><d:title xmlns:d='http://purl.org/dc/elements/1.1/'>Old</d:title></rdf:Description></rdf:RDF>"
        let error = #expect(throws: PDFError.self) {
            try XMPUpdater.update(Array(packet.utf8), with: Self.change(title: "New"))
        }
        #expect(error?.message == "xmp packet could not be updated so that it reads back as written")
    }

    @Test(arguments: [
        (
            "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'></rdf:RDF>",
            "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
        ),
        (
            "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'/>",
            "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
        ),
    ])
    func addsADescriptionWhenThereIsNone(packet: String, start: String) throws {
        let updated = try XMPUpdater.update(Array(packet.utf8), with: Self.change())
        let expected =
            start
            + #"<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">"#
            + #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">T</rdf:li></rdf:Alt></dc:title>"#
            + "<xmp:ModifyDate>2001-02-03T04:05:06Z</xmp:ModifyDate><xmp:MetadataDate>2001-02-03T04:05:07Z</xmp:MetadataDate>"
            + "</rdf:Description></rdf:RDF>"
        #expect(String(decoding: updated, as: UTF8.self) == expected)
    }

    static let rdfOpen = "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"

    @Test func arrayPropertyInAttributeFormBecomesAnElement() throws {
        let packet =
            Self.rdfOpen
            + "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/' dc:title='Old' dc:format='application/pdf'/></rdf:RDF>"
        let updated = String(
            decoding: try XMPUpdater.update(Array(packet.utf8), with: Self.change(title: "New")),
            as: UTF8.self)
        #expect(!updated.contains("dc:title='"))
        #expect(
            updated.contains(
                "dc:format='application/pdf' xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"><dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">New</rdf:li></rdf:Alt></dc:title>"
            ))
        #expect(try XMPMetadata.parse(Array(updated.utf8)).title == "New")
    }

    @Test func removesEveryDuplicateAndEmptyValues() throws {
        let packet =
            Self.rdfOpen + """

                  <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
                    <dc:title>One</dc:title>
                    <pdf:Keywords>k</pdf:Keywords>
                  </rdf:Description>
                  <rdf:Description xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:p="http://ns.adobe.com/pdf/1.3/" p:Keywords="k2">
                    <d:title>Two</d:title>
                    <d:creator><rdf:Seq><rdf:li>X</rdf:li></rdf:Seq></d:creator>
                  </rdf:Description>
                </rdf:RDF>
                """
        let updated = String(
            decoding: try XMPUpdater.update(
                Array(packet.utf8), with: Self.change(title: nil, creators: [""], keywords: "")),
            as: UTF8.self)
        for gone in ["title>", "Keywords", "creator>", "One", "Two"] {
            #expect(!updated.contains(gone), "\(gone)")
        }
        #expect(
            updated.contains(
                "<rdf:Description xmlns:d=\"http://purl.org/dc/elements/1.1/\" xmlns:p=\"http://ns.adobe.com/pdf/1.3/\">\n  </rdf:Description>"
            ))
    }

    @Test func subjectIsWrittenOnlyWhereItExists() throws {
        let without =
            Self.rdfOpen + "<rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'/></rdf:RDF>"
        let keywords = Self.change(keywords: " a, b ,,c ")
        #expect(try XMPMetadata.parse(XMPUpdater.update(Array(without.utf8), with: keywords)).subjects == [])
        let empty =
            Self.rdfOpen
            + "<rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:subject><rdf:Bag><rdf:li/></rdf:Bag></dc:subject></rdf:Description></rdf:RDF>"
        let filled = try XMPUpdater.update(Array(empty.utf8), with: keywords)
        #expect(try XMPMetadata.parse(filled).subjects == ["a", "b", "c"])
        #expect(
            String(decoding: filled, as: UTF8.self).contains(
                "<dc:subject><rdf:Bag><rdf:li>a</rdf:li><rdf:li>b</rdf:li><rdf:li>c</rdf:li></rdf:Bag></dc:subject>"
            ))
        let cleared = try XMPUpdater.update(filled, with: Self.change(keywords: nil))
        #expect(!String(decoding: cleared, as: UTF8.self).contains("subject"))
    }

    @Test func escapesAndDropsWhatXMLCannotCarry() throws {
        let packet = Self.rdfOpen + "<rdf:Description/></rdf:RDF>"
        let title = "a\u{1}b\u{FFFE}c \"q\" 'a' <&> \t\n\r𝄞"
        let updated = try XMPUpdater.update(Array(packet.utf8), with: Self.change(title: title))
        #expect(try XMPMetadata.parse(updated).title == "abc \"q\" 'a' <&> \t\n\r𝄞")
        // Element content as XMLEscaping writes it: tab and LF raw, CR as a reference.
        #expect(
            String(decoding: updated, as: UTF8.self).contains(
                "abc &quot;q&quot; 'a' &lt;&amp;&gt; \t\n&#13;𝄞"))
    }

    @Test func choosesFreePrefixesAndDeclaresNamespaces() throws {
        // "dc" means something else here, and RDF is the default namespace.
        let packet = """
            <RDF xmlns="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><Description xmlns:dc="http://example.com/other"
              xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" rdf:about=""><dc:title>keep</dc:title></Description></RDF>
            """
        let updated = String(
            decoding: try XMPUpdater.update(Array(packet.utf8), with: Self.change(creators: ["C"])),
            as: UTF8.self)
        #expect(updated.contains("xmlns:dc1=\"http://purl.org/dc/elements/1.1/\""))
        #expect(updated.contains("<dc:title>keep</dc:title><dc1:title>"))
        let metadata = try XMPMetadata.parse(Array(updated.utf8))
        #expect(metadata.title == "T" && metadata.creators == ["C"])
    }

    @Test func keepsCRLFLineEnds() throws {
        let packet =
            Self.rdfOpen
            + "\r\n <rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'>\r\n  <dc:format>x</dc:format>\r\n </rdf:Description>\r\n</rdf:RDF>"
        let updated = String(
            decoding: try XMPUpdater.update(Array(packet.utf8), with: Self.change()), as: UTF8.self)
        #expect(updated.contains("<dc:format>x</dc:format>\r\n  <dc:title>\r\n   <rdf:Alt>\r\n    <rdf:li"))
        #expect(!updated.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func utf16DeclarationBecomesUTF8() throws {
        let packet =
            "\n<?xml version='1.0' encoding='UTF-16'?>" + Self.rdfOpen + "<rdf:Description/></rdf:RDF>"
        let updated = try XMPUpdater.update(
            Self.utf16(Array(packet.utf8), bigEndian: false, bom: true), with: Self.change())
        #expect(
            String(decoding: updated, as: UTF8.self).hasPrefix(
                "\n<?xml version='1.0' encoding='UTF-8'?><rdf:RDF"))
        let unchanged = "<?xml version='1.0'?>" + Self.rdfOpen + "</rdf:RDF>"
        #expect(XMLEncoding.utf8(Array(unchanged.utf8)) == Array(unchanged.utf8))
    }

    @Test(arguments: ["<x:xmpmeta xmlns:x='adobe:ns:meta/'/>", "<a><b></a>", ""])
    func refusesPacketsItCannotEdit(packet: String) {
        let error = #expect(throws: PDFError.self) {
            try XMPUpdater.update(Array(packet.utf8), with: Self.change())
        }
        #expect(error?.code == .malformed)
    }

    @Test func damagedPacketsNeverTrap() throws {
        // Random byte damage to real packets: parsing and updating either work or throw.
        var generator = SystemRandomNumberGenerator()
        let tokens = Array("<>/='\"&;:!?[]- \n".utf8) + [0x00, 0xFF, 0xFE]
        for name in Self.fixtures {
            let original = try Self.fixture(name)
            for _ in 0..<30 {
                var damaged = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0..<damaged.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: damaged[position] = tokens.randomElement(using: &generator)!
                    case 1: damaged.remove(at: position)
                    default: damaged.removeSubrange(position...)
                    }
                    if damaged.isEmpty { break }
                }
                _ = try? XMPMetadata.parse(damaged)
                _ = try? XMPUpdater.update(damaged, with: Self.changes[0])
            }
        }
        #expect(throws: PDFError.self) { try XMPMetadata.parse(Array("</a>".utf8)) }
    }

    // MARK: - Helpers

    /// What parsing must give after `change`: the original values, with the changed ones
    /// replaced (empty ones absent; dc:subject only where the packet had it).
    static func expected(after change: XMPChange, on packet: [UInt8]) throws -> XMPMetadata {
        var expected = try XMPMetadata.parse(packet)
        let text: (String?) -> String? = { $0?.isEmpty == false ? $0 : nil }
        expected.title = text(change.title)
        expected.creators = change.creators.filter { !$0.isEmpty }
        expected.description = text(change.description)
        expected.keywords = text(change.keywords)
        expected.modifyDate = text(change.modifyDate)
        expected.metadataDate = text(change.metadataDate)
        // Every fixture with dc:subject has items in it, so a non-empty list shows it is there.
        if !expected.subjects.isEmpty {
            expected.subjects = (change.keywords ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return expected
    }

    /// The bytes before `<rdf:RDF` and from `</rdf:RDF>` on (wrapper, padding) are untouched.
    static func expectUnchangedOutsideRDF(_ original: [UInt8], _ updated: [UInt8], _ label: String) {
        let (originalText, updatedText) = (
            String(decoding: original, as: UTF8.self), String(decoding: updated, as: UTF8.self)
        )
        for marker in ["<rdf:RDF", "</rdf:RDF>"] {
            guard let before = originalText.range(of: marker), let after = updatedText.range(of: marker)
            else {
                Issue.record("\(label): \(marker) missing")
                return
            }
            if marker == "<rdf:RDF" {
                #expect(
                    originalText[..<before.lowerBound] == updatedText[..<after.lowerBound], "\(label): prefix"
                )
            } else {
                #expect(
                    originalText[before.lowerBound...] == updatedText[after.lowerBound...], "\(label): suffix"
                )
            }
        }
    }

    static func sortedSubjects(_ metadata: XMPMetadata) -> XMPMetadata {
        var sorted = metadata
        sorted.subjects.sort()
        return sorted
    }

    static func utf16(_ utf8: [UInt8], bigEndian: Bool, bom: Bool) -> [UInt8] {
        let units = (bom ? [0xFEFF] : []) + Array(String(decoding: utf8, as: UTF8.self).utf16)
        return units.flatMap { unit in
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            return bigEndian ? [high, low] : [low, high]
        }
    }

    struct PikepdfMetadata: Decodable {
        var title, description, keywords, createDate, modifyDate, metadataDate, producer: String?
        var creators, subjects: [String]?
    }

    /// Reads packets with pikepdf's `open_metadata` (lxml), strictly: a parse error fails.
    static func readWithPikepdf(_ paths: [String]) throws -> [XMPMetadata] {
        let script = """
            import json, sys, pikepdf
            keys = {"title": "dc:title", "creators": "dc:creator", "description": "dc:description",
                    "subjects": "dc:subject", "keywords": "pdf:Keywords", "createDate": "xmp:CreateDate",
                    "modifyDate": "xmp:ModifyDate", "metadataDate": "xmp:MetadataDate", "producer": "pdf:Producer"}
            def clean(value):
                if isinstance(value, (set, frozenset)):
                    return sorted(item for item in value if item)
                if isinstance(value, list):
                    return [item for item in value if item]
                return value or None
            result = []
            for path in sys.argv[1:]:
                pdf = pikepdf.new()
                with open(path, "rb") as packet:
                    pdf.Root.Metadata = pdf.make_stream(packet.read())
                meta = pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False, strict=True)
                result.append({name: clean(meta.get(key)) for name, key in keys.items()})
            print(json.dumps(result))
            """
        let output = try FilterTests.runPython(script, arguments: paths)
        return try JSONDecoder().decode([PikepdfMetadata].self, from: Data(output)).map {
            XMPMetadata(
                title: $0.title, creators: $0.creators ?? [], description: $0.description,
                subjects: ($0.subjects ?? []).sorted(), keywords: $0.keywords, createDate: $0.createDate,
                modifyDate: $0.modifyDate, metadataDate: $0.metadataDate, producer: $0.producer)
        }
    }

    /// For each (original, updated) pair, whether lxml finds the same attributes and child
    /// elements on the rdf:Descriptions apart from the seven properties the updater manages.
    static func unknownPropertiesPreserved(_ pairs: [String]) throws -> [Bool] {
        let script = """
            import json, sys
            from lxml import etree
            RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
            DC, PDF, XMP = "http://purl.org/dc/elements/1.1/", "http://ns.adobe.com/pdf/1.3/", "http://ns.adobe.com/xap/1.0/"
            MANAGED = {(DC, "title"), (DC, "creator"), (DC, "description"), (DC, "subject"),
                       (PDF, "Keywords"), (XMP, "ModifyDate"), (XMP, "MetadataDate")}
            def canonical(element):
                children = [canonical(child) + (child.tail,) for child in element]
                return (str(element.tag), sorted(element.attrib.items()), element.text, children)
            def unmanaged(path):
                found = []
                for description in etree.parse(path).getroot().iter("{%s}Description" % RDF):
                    if description.getparent() is None or description.getparent().tag != "{%s}RDF" % RDF:
                        continue
                    for key, value in description.attrib.items():
                        name = etree.QName(key)
                        if (name.namespace, name.localname) not in MANAGED:
                            found.append(("@" + key, value))
                    for child in description:
                        name = etree.QName(child) if isinstance(child.tag, str) else None
                        if name is None or (name.namespace, name.localname) not in MANAGED:
                            found.append(repr(canonical(child)))
                return sorted(map(repr, found))
            paths = sys.argv[1:]
            print(json.dumps([unmanaged(a) == unmanaged(b) for a, b in zip(paths[::2], paths[1::2])]))
            """
        return try JSONDecoder().decode(
            [Bool].self, from: Data(FilterTests.runPython(script, arguments: pairs)))
    }
}
