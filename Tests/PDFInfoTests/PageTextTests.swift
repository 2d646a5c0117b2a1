import Foundation
import MetadataModel
import Testing
@testable import PDFInfo

/// `PDFDocument.pageText` on pages made for each feature it reads (issue 27); `madePages` are
/// also checked against pdftotext in `PageTextAgreementTests`.
struct PageTextTests {
    /// Helvetica, WinAnsi, and a font with /Differences, a /ToUnicode simple font, a Type 0 font,
    /// a Type 3 font: the resources most made pages share.
    static let fonts = "<< /F1 \(TextPagePDF.helvetica) /F2 5 0 R /F3 6 0 R /F4 8 0 R /F5 11 0 R >>"

    /// A page whose content uses `fonts`, with their objects.
    static func page(_ content: String) -> TextPagePDF {
        var page = TextPagePDF(content)
        page.resources = "<< /Font \(fonts) >>"
        page.objects = [
            (5, "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /FirstChar 65 /LastChar 72 /Widths [444 500 278 500 722 611 500 500] /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /uni00E9 /f_f_i /a.sc /u1F3B5 /Eacute /zero.oldstyle /noteheads.s2] >> >>"),
            (6, "<< /Type /Font /Subtype /Type1 /BaseFont /Custom /FirstChar 1 /LastChar 6 /Widths [600 500 500 500 550 900] /ToUnicode 7 0 R >>"),
            (8, "<< /Type /Font /Subtype /Type0 /BaseFont /Sans /Encoding /Identity-H /DescendantFonts [9 0 R] /ToUnicode 10 0 R >>"),
            (9, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Sans /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 /W [1 [600 650 700] 10 20 250] >>"),
            (11, "<< /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FontBBox [0 0 100 100] /FirstChar 1 /LastChar 2 /Widths [60 30] /Encoding << /Differences [1 /H /i] >> /CharProcs << /H 12 0 R /i 12 0 R >> /Resources << >> >>"),
        ]
        page.streams = [
            (7, "", Array("/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <01> <0054> endbfchar 2 beginbfrange <02> <04> <0061> <05> <06> [<00660069> <D83CDFB5>] endbfrange endcmap".utf8)),
            (10, "", Array("begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0001> <0003> <0041> endbfrange 1 beginbfchar <000A> <0020> endbfchar endcmap".utf8)),
            (12, "", Array("60 0 d0 0 0 60 100 re f".utf8)),
        ]
        return page
    }

    /// The pages made here, by name, for the oracle comparison.
    static let madePages: [(name: String, page: TextPagePDF)] = [
        ("title-block", titleBlock),
        ("kerning", page("BT /F1 12 Tf 72 700 Td [(Sym) 20 (phony) -1000 (No.) -250 (5)] TJ ET")),
        ("glyph-names", page("BT /F2 12 Tf 72 700 Td (ABCDEF) Tj ET")),
        ("to-unicode", page("BT /F3 12 Tf 72 700 Td <010203040506> Tj ET")),
        ("type0", page("BT /F4 12 Tf 72 700 Td <00010002000A0003> Tj ET")),
        ("type3", page("BT /F5 12 Tf 72 700 Td <0102> Tj ET")),
        ("forms", forms),
        ("inline-image", inlineImage),
        ("rotated-page", rotatedPage),
        ("actual-text", page("/Span << /ActualText (Beethoven) >> BDC BT /F1 12 Tf 72 700 Td (B) Tj 10 0 Td (e e t h o v e n) Tj ET EMC")),
        ("annotations", annotations),
        ("margin-note", page("BT /F1 12 Tf 0 1 -1 0 580 100 Tm (Margin note) Tj ET BT /F1 12 Tf 72 700 Td (Upright) Tj ET")),
        ("fake-bold", page("BT /F1 12 Tf 72 700 Td (Bold) Tj ET BT /F1 12 Tf 72.3 700 Td (Bold) Tj ET")),
        ("letter-spaced", page("BT /F1 12 Tf 72 700 Td 4 Tc (TITLE) Tj ET BT /F1 12 Tf 72 680 Td 0 Tc (normal text) Tj ET")),
        ("negative-size", page("BT /F1 -12 Tf 300 700 Td (Mirrored title) Tj ET")),
        ("identity-without-map", identityWithoutMap),
    ]

    /// A Type 0 font with Identity-H, no /ToUnicode and no program, whose codes are Unicode.
    static var identityWithoutMap: TextPagePDF {
        var page = TextPagePDF("BT /F1 12 Tf 72 700 Td <041F04400438043C0435044000200031> Tj ET")
        page.resources = "<< /Font << /F1 << /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>] >> >> >>"
        return page
    }

    /// A LilyPond-like title block: a centred title and subtitle, a lyricist left and a
    /// composer right on one baseline.
    static let titleBlock = page("""
        BT /F1 24 Tf 220 720 Td (Nocturne) Tj ET
        BT /F1 12 Tf 260 696 Td (Op. 9 No. 2) Tj ET
        BT /F1 11 Tf 72 676 Td (Words by A. Poet) Tj ET
        BT /F1 11 Tf 420 676 Td (F. Chopin \\(1810\\2261849\\)) Tj ET
        """)

    @Test func titleBlockLines() throws {
        let text = try Self.titleBlock.pageText()
        #expect(text.lines.map(\.text) == ["Nocturne", "Op. 9 No. 2", "Words by A. Poet", "F. Chopin (1810–1849)"])
        #expect(text.lines.map(\.size) == [24, 12, 11, 11])
        #expect(text.lines[0].x == 220 && text.lines[0].y == 72)
        #expect(text.lines[3].x == 420 && text.lines[3].y == 116)
        #expect(text.width == 612 && text.height == 792)
        #expect(text.notes.isEmpty)
    }

    @Test func kerningAndSpaces() throws {
        #expect(try Self.madePages[1].page.lines() == ["Symphony No. 5"])
    }

    @Test func glyphNamesThroughTheAdobeGlyphList() throws {
        #expect(try Self.page("BT /F2 12 Tf 72 700 Td (ABCDEFG) Tj ET").lines() == ["éffia🎵É0"])
        let text = try Self.page("BT /F2 12 Tf 72 700 Td (ABCDEFG) Tj ET").pageText()
        #expect(text.notes == [.glyphsWithoutText(count: 1)])
    }

    @Test func toUnicodeMaps() throws {
        #expect(try Self.madePages[3].page.lines() == ["Tabcfi🎵"])
    }

    @Test func compositeFontWithIdentityEncoding() throws {
        #expect(try Self.madePages[4].page.lines() == ["AB C"])
    }

    @Test func type3Font() throws {
        #expect(try Self.madePages[5].page.lines() == ["Hi"])
    }

    /// A form scaled by its /Matrix, a form that draws itself, and a chain of forms.
    static var forms: TextPagePDF {
        var page = TextPagePDF("q 1 0 0 1 0 0 cm /X1 Do /X2 Do Q BT /F1 12 Tf 72 750 Td (Page) Tj ET")
        page.resources = "<< /Font << /F1 \(TextPagePDF.helvetica) >> /XObject << /X1 5 0 R /X2 6 0 R >> >>"
        page.streams = [
            (5, "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Matrix [2 0 0 2 0 0]", Array("BT /F1 10 Tf 36 300 Td (Inside) Tj ET".utf8)),
            (6, "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 \(TextPagePDF.helvetica) >> /XObject << /X2 6 0 R >> >>", Array("/X2 Do BT /F1 12 Tf 72 500 Td (Loop) Tj ET".utf8)),
        ]
        return page
    }

    @Test func formsAreDrawnOnceWithTheirMatrix() throws {
        let text = try Self.forms.pageText()
        #expect(text.lines.map(\.text) == ["Page", "Inside", "Loop"])
        #expect(text.lines[1].size == 20)
        #expect(text.lines[1].x == 72 && text.lines[1].y == 192)
    }

    @Test func formsNestedTooDeepAreLeftOut() throws {
        var page = TextPagePDF("/X5 Do")
        page.resources = "<< /XObject << /X5 5 0 R >> >>"
        for depth in 5...8 {
            let next = depth < 8 ? "/XObject << /X\(depth + 1) \(depth + 1) 0 R >>" : ""
            page.streams.append((depth, "/Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 \(TextPagePDF.helvetica) >> \(next) >>",
                                 Array("BT /F1 12 Tf 72 \(700 - 20 * depth) Td (Depth \(depth - 4)) Tj ET /X\(depth + 1) Do".utf8)))
        }
        var limits = PageTextLimits()
        limits.maxFormDepth = 2
        let text = try page.pageText(limits: limits)
        #expect(text.lines.map(\.text) == ["Depth 1", "Depth 2"])
        #expect(text.notes == [.budgetExhausted(.formDepth)])
        #expect(try page.lines() == ["Depth 1", "Depth 2", "Depth 3", "Depth 4"])
    }

    /// An inline image whose data holds `EI`, parentheses and binary bytes.
    static var inlineImage: TextPagePDF {
        var content = Array("q 10 0 0 10 72 600 cm BI /W 8 /H 1 /BPC 8 /CS /G ID ".utf8)
        content += [0x45, 0x49, 0x28, 0xFF, 0x00, 0x29, 0x45, 0x49]
        content += Array("\nEI Q BT /F1 12 Tf 72 700 Td (After the image) Tj ET".utf8)
        return TextPagePDF(bytes: content)
    }

    @Test func inlineImagesAreReadPast() throws {
        let text = try Self.inlineImage.pageText()
        #expect(text.lines.map(\.text) == ["After the image"])
        #expect(text.notes.isEmpty)
    }

    static var rotatedPage: TextPagePDF {
        var page = page("BT /F1 12 Tf 72 700 Td (Turned with the page) Tj ET")
        page.pageEntries = "/MediaBox [0 0 612 792] /Rotate 90"
        return page
    }

    @Test func rotatedPagesAreReadAsDisplayed() throws {
        let text = try Self.rotatedPage.pageText()
        #expect(text.width == 792 && text.height == 612)
        #expect(text.lines.map(\.text) == ["Turned with the page"])
        #expect(text.lines[0].x == 700 && text.lines[0].y == 72)
    }

    @Test func actualTextReplacesTheGlyphs() throws {
        #expect(try Self.madePages[9].page.lines() == ["Beethoven"])
        let unicode = Self.page("/Span << /ActualText <FEFF00E9> >> BDC BT /F1 12 Tf 72 700 Td (e) Tj ET EMC BT /F1 12 Tf 72 680 Td (plain) Tj ET")
        #expect(try unicode.lines() == ["é", "plain"])
    }

    static var annotations: TextPagePDF {
        var page = page("BT /F1 12 Tf 72 700 Td (Page text) Tj ET")
        page.pageEntries = "/MediaBox [0 0 612 792] /Annots [13 0 R 15 0 R]"
        page.objects += [
            (13, "<< /Type /Annot /Subtype /FreeText /Rect [100 100 300 130] /AP << /N 14 0 R >> >>"),
            (15, "<< /Type /Annot /Subtype /FreeText /F 2 /Rect [100 200 300 230] /AP << /N 16 0 R >> >>"),
        ]
        let form = "/Type /XObject /Subtype /Form /BBox [0 0 200 30] /Resources << /Font << /F1 \(TextPagePDF.helvetica) >> >>"
        page.streams += [
            (14, form, Array("BT /F1 10 Tf 2 10 Td (Annotated) Tj ET".utf8)),
            (16, form, Array("BT /F1 10 Tf 2 10 Td (Hidden) Tj ET".utf8)),
        ]
        return page
    }

    @Test func visibleAnnotationAppearancesAreRead() throws {
        let text = try Self.annotations.pageText()
        #expect(text.lines.map(\.text) == ["Page text", "Annotated"])
        #expect(text.lines[1].x == 102 && text.lines[1].y == 682)
    }

    @Test func textAtRightAnglesFollowsTheUprightText() throws {
        #expect(try Self.madePages[11].page.lines() == ["Upright", "Margin note"])
    }

    @Test func glyphsDrawnTwiceAreReadOnce() throws {
        #expect(try Self.madePages[12].page.lines() == ["Bold"])
    }

    @Test func letterSpacedTextIsReadAsWords() throws {
        #expect(try Self.madePages[13].page.lines() == ["TITLE", "normal text"])
    }

    @Test func negativeFontSizesReadForward() throws {
        let text = try Self.madePages[14].page.pageText()
        #expect(text.lines.map(\.text) == ["Mirrored title"])
        #expect(text.lines[0].size == 12 && text.lines[0].x == 300)
    }

    @Test func identityCodesWithoutAMapAreUnicode() throws {
        #expect(try Self.identityWithoutMap.lines() == ["Пример 1"])
    }

    @Test func aScannedPageSaysSo() throws {
        var page = TextPagePDF("q 612 0 0 792 0 0 cm /Im1 Do Q")
        page.resources = "<< /XObject << /Im1 5 0 R >> >>"
        page.streams = [(5, "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8", [0x80])]
        let text = try page.pageText()
        #expect(text.lines.isEmpty)
        #expect(text.notes == [.noText(images: 1)])
    }

    @Test func theOperationBudgetStopsReading() throws {
        let content = (0..<200).map { "BT /F1 12 Tf 72 \(780 - 3 * $0) Td (Line \($0)) Tj ET" }.joined(separator: "\n")
        var limits = PageTextLimits()
        limits.maxOperations = 500
        let text = try Self.page(content).pageText(limits: limits)
        #expect(text.notes == [.budgetExhausted(.operations)])
        #expect(!text.lines.isEmpty && text.lines.count < 200)
        #expect(try Self.page(content).pageText().lines.count == 200)
    }

    @Test func theGlyphBudgetStopsReading() throws {
        var limits = PageTextLimits()
        limits.maxGlyphs = 5
        let text = try Self.titleBlock.pageText(limits: limits)
        #expect(text.notes == [.budgetExhausted(.glyphs)])
        #expect(text.lines.map(\.text) == ["Nocturne".prefix(5).description])
    }

    @Test func damagedContentKeepsWhatWasRead() throws {
        let text = try Self.page("BT /F1 12 Tf 72 700 Td (Before) Tj ET BT (unterminated").pageText()
        #expect(text.lines.map(\.text) == ["Before"])
        #expect(text.notes.count == 1)
        if case .unreadableContent? = text.notes.first {} else { Issue.record("expected an unreadable-content note, got \(text.notes)") }
    }

    @Test func aMissingPageThrows() throws {
        let document = try Self.titleBlock.pdf.document()
        #expect(throws: PDFError.self) { try document.pageText(at: 1) }
    }
}
