import Testing
@testable import PDFInfo

/// The parts of the page-text reader on inline input: glyph names, CMaps, the content stream
/// reader and the line builder.
struct PageTextPartsTests {
    @Test(arguments: [
        ("A", "A"), ("eacute", "é"), ("uni00E9", "é"), ("uni0066006C", "fl"), ("u1F3B5", "🎵"), ("f_f_i", "ffi"),
        ("a.sc", "a"), ("zero.oldstyle", "0"), ("Lcommaaccent", "Ļ"), ("uniD800", nil), ("uni00e9", nil),
        ("noteheads.s2", nil), (".notdef", nil), ("u12", nil),
    ] as [(String, String?)])
    func glyphNames(name: String, text: String?) {
        #expect(GlyphNames.text(for: name) == text)
    }

    @Test func zapfDingbatsNames() {
        #expect(GlyphNames.text(for: "a20", dingbats: true) == "\u{2714}")
        #expect(GlyphNames.text(for: "a20") == nil)
    }

    @Test func standardEncodingsHave256Codes() {
        for encoding in [SimpleEncoding.standard, .macRoman, .winAnsi, .pdfDoc, .macExpert, .symbol, .zapfDingbats] {
            #expect(encoding.glyphNames.count == 256)
        }
        #expect(SimpleEncoding.winAnsi.glyphNames[0x80] == "Euro")
        #expect(SimpleEncoding.macRoman.glyphNames[0x8E] == "eacute")
        #expect(SimpleEncoding.standard.glyphNames[0x27] == "quoteright")
        #expect(SimpleEncoding.symbol.glyphNames[0x61] == "alpha")
    }

    @Test func standardFontWidths() {
        #expect(StandardFont(baseFont: "Helvetica")?.width(of: "A") == 667)
        #expect(StandardFont(baseFont: "ABCDEF+Arial,Bold")?.width(of: "i") == 278)
        #expect(StandardFont(baseFont: "Times-Roman")?.width(of: "space") == 250)
        #expect(StandardFont(baseFont: "CourierNew")?.width(of: "W") == 600)
        #expect(StandardFont(baseFont: "Symbol")?.width(of: "alpha") == 631)
        #expect(StandardFont(baseFont: "Emmentaler-20") == nil)
    }

    @Test func cmapCodespacesSplitMixedLengthCodes() {
        let cmap = CMapParser.parse(Array("""
            2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange
            2 begincidrange <20> <7e> 1 <8140> <817e> 633 endcidrange
            1 begincidchar <8180> 700 endcidchar /WMode 1 def
            """.utf8))
        let bytes: [UInt8] = [0x41, 0x81, 0x41, 0x81, 0x80, 0xA0]
        #expect(cmap.code(in: bytes, at: 0) == (0x41, 1))
        #expect(cmap.code(in: bytes, at: 1) == (0x8141, 2))
        #expect(cmap.code(in: bytes, at: 3) == (0x8180, 2))
        #expect(cmap.code(in: bytes, at: 5) == (0xA0, 1))
        #expect(cmap.cid(for: 0x41) == 34)
        #expect(cmap.cid(for: 0x8141) == 634)
        #expect(cmap.cid(for: 0x8180) == 700)
        #expect(cmap.cid(for: 0x9000) == nil)
        #expect(cmap.isVertical)
    }

    @Test func toUnicodeRangesAndArrays() {
        let cmap = CMapParser.parse(Array("""
            /CIDInit /ProcSet findresource begin begincmap
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 beginbfchar <0003> <0020> <0010> <D834DD1E> endbfchar
            3 beginbfrange <0020> <0022> <0041> <0030> <0031> [<0066006C> <00660069>] <00FF> <0101> <00FE>
            endbfrange endcmap
            """.utf8))
        #expect(cmap.text(for: 3) == " ")
        #expect(cmap.text(for: 0x10) == "𝄞")
        #expect(cmap.text(for: 0x21) == "B")
        #expect(cmap.text(for: 0x31) == "fi")
        #expect(cmap.text(for: 0x100) == "ÿ")
        #expect(cmap.text(for: 0x23) == nil)
    }

    @Test func identityUsecmap() {
        let cmap = CMapParser.parse(Array("/Identity-H usecmap 1 begincidrange <0100> <01FF> 5 endcidrange".utf8))
        #expect(cmap.cid(for: 0x0100) == 5)
        #expect(cmap.cid(for: 0x0042) == 0x42)
    }

    @Test func contentStreamOperandsAndOperators() throws {
        var reader = ContentStreamReader(Array("0.5 0 0 -2 10 20 cm /F1 12 Tf [(a) -120 <62>] TJ /P << /MCID 3 >> BDC ] null true 1 2 re".utf8))
        var seen: [(Keyword, [PDFObject])] = []
        while let op = try reader.nextOperator() { seen.append((op, reader.operands)) }
        #expect(seen.map(\.0) == ["cm", "Tf", "TJ", "BDC", "re"])
        #expect(seen[0].1 == [.real(0.5), .integer(0), .integer(0), .integer(-2), .integer(10), .integer(20)])
        #expect(seen[2].1 == [.array([.string([0x61]), .integer(-120), .string([0x62])])])
        #expect(seen[3].1 == [.name("P"), .dictionary(PDFDictionary([("MCID", .integer(3))]))])
        #expect(seen[4].1 == [.null, .bool(true), .integer(1), .integer(2)])
    }

    @Test func inlineImageDataIsSkipped() throws {
        var bytes = Array("BI /W 2 /H 2 /BPC 8 /CS /G ID ".utf8)
        bytes += [0x28, 0x45, 0x49, 0x80, 0x20, 0x45, 0x49, 0xFF]
        bytes += Array(" EI (after) Tj".utf8)
        var reader = ContentStreamReader(bytes)
        #expect(try reader.nextOperator() == "BI")
        #expect(try reader.nextOperator() == "Tj")
        #expect(reader.operands == [.string(Array("after".utf8))])
        #expect(try reader.nextOperator() == nil)
    }

    @Test func inlineImageWithDeclaredLength() throws {
        var bytes = Array("BI /W 4 /H 1 /L 4 ID ".utf8)
        bytes += [0x20, 0x45, 0x49, 0x20]
        bytes += Array("\nEI Q".utf8)
        var reader = ContentStreamReader(bytes)
        #expect(try reader.nextOperator() == "BI")
        #expect(try reader.nextOperator() == "Q")
    }

    @Test func operandsAreCapped() throws {
        var reader = ContentStreamReader(Array((String(repeating: "1 ", count: 1000) + "Tj").utf8))
        #expect(try reader.nextOperator() == "Tj")
        #expect(reader.operands.count == ContentStreamReader.maxOperands)
        #expect(reader.tokens == 1001)
    }

    static func word(_ text: String, start: Double, end: Double, baseline: Double, size: Double = 10) -> LineBuilder.Word {
        LineBuilder.Word(rotation: 0, start: start, end: end, baseline: baseline, size: size, text: text,
                         characters: text.count, lastStart: start, lastText: String(text.suffix(1)))
    }

    @Test func linesAreOrderedInRowsByTheirTops() {
        // A large title whose baseline is below a small line beside it: one row, read left to right.
        let words = [
            Self.word("Department", start: 400, end: 460, baseline: 60, size: 7),
            Self.word("Form", start: 20, end: 80, baseline: 66, size: 20),
            Self.word("Internal", start: 400, end: 440, baseline: 69, size: 7),
        ]
        #expect(LineBuilder.lines(of: words, rotation: 0).map(\.text) == ["Form", "Department", "Internal"])
    }

    @Test func spacesInLetterSpacedLines() {
        let letters = [("T", 0.0), ("i", 8), ("t", 16), ("l", 24), ("e", 32), ("B", 50), ("y", 58)].map {
            Self.word($0.0, start: $0.1, end: $0.1 + 5, baseline: 100)
        }
        #expect(LineBuilder.lines(of: letters, rotation: 0).map(\.text) == ["Title By"])
        let words = [Self.word("Two", start: 0, end: 20, baseline: 100), Self.word("words", start: 20.5, end: 50, baseline: 100)]
        #expect(LineBuilder.lines(of: words, rotation: 0).map(\.text) == ["Two words"])
    }

    @Test func wideGapsSplitALine() {
        let words = [
            Self.word("Words", start: 72, end: 100, baseline: 100), Self.word("by", start: 102, end: 110, baseline: 100),
            Self.word("Music", start: 400, end: 430, baseline: 100),
        ]
        let lines = LineBuilder.lines(of: words, rotation: 0)
        #expect(lines.map(\.text) == ["Words by", "Music"])
        #expect(lines.map(\.x) == [72, 400])
    }

    @Test func matrixProducts() {
        let scale = Matrix(a: 2, b: 0, c: 0, d: 3, e: 0, f: 0)
        let move = Matrix.translation(10, 20)
        #expect(scale.then(move).apply(1, 1) == (12, 23))
        #expect(move.then(scale).apply(1, 1) == (22, 63))
        #expect(Matrix([.integer(1), .integer(0), .integer(0), .integer(1), .real(5), .name("x")]) == nil)
    }
}

/// `CFFBuiltInEncoding` on a CFF font made byte by byte: a custom charset and encoding with a
/// supplement, and a font whose encoding is the predefined standard one.
struct CFFBuiltInEncodingTests {
    /// An INDEX of `items` with one-byte offsets.
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        guard !items.isEmpty else { return [0, 0] }
        var bytes: [UInt8] = [0, UInt8(items.count), 1, 1]
        var offset = 1
        for item in items {
            offset += item.count
            bytes.append(UInt8(offset))
        }
        return bytes + items.flatMap { $0 }
    }

    /// A DICT entry: `value` as a 32-bit operand, then `op`.
    static func entry(_ value: Int, _ op: UInt8) -> [UInt8] {
        [29] + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } + [op]
    }

    /// A font with glyphs .notdef, A (SID 34) and a custom name, encoded at `encoding` bytes.
    static func font(encoding: [UInt8]?) -> [UInt8] {
        let header: [UInt8] = [1, 0, 4, 1]
        let names = index([Array("F".utf8)])
        let strings = index([Array("musicsharp".utf8)])
        let globalSubrs = index([])
        let charStrings = index([[14], [14], [14]])
        let charset: [UInt8] = [0, 0, 34, 0x01, 0x87]
        let topDictSize = 18
        let topDictIndexSize = 4 + 1 + topDictSize
        let charStringsOffset = header.count + names.count + topDictIndexSize + strings.count + globalSubrs.count
        let charsetOffset = charStringsOffset + charStrings.count
        let encodingOffset = encoding == nil ? 0 : charsetOffset + charset.count
        let topDict = entry(charsetOffset, 15) + entry(encodingOffset, 16) + entry(charStringsOffset, 17)
        #expect(topDict.count == topDictSize)
        return header + names + index([topDict]) + strings + globalSubrs + charStrings + charset + (encoding ?? [])
    }

    @Test func customEncodingWithSupplement() throws {
        // Format 0 with supplements: codes 0x41 → glyph 1, 0x80 → glyph 2; 0x61 also names SID 34.
        let names = try #require(CFFBuiltInEncoding.glyphNames(in: Self.font(encoding: [0x80, 2, 0x41, 0x80, 1, 0x61, 0, 34])))
        #expect(names[0x41] == "A")
        #expect(names[0x80] == "musicsharp")
        #expect(names[0x61] == "A")
        #expect(names.compactMap { $0 }.count == 3)
    }

    @Test func rangeEncoding() throws {
        let names = try #require(CFFBuiltInEncoding.glyphNames(in: Self.font(encoding: [1, 1, 0x30, 1])))
        #expect(names[0x30] == "A" && names[0x31] == "musicsharp")
    }

    @Test func standardEncoding() throws {
        let names = try #require(CFFBuiltInEncoding.glyphNames(in: Self.font(encoding: nil)))
        #expect(names == SimpleEncoding.standard.glyphNames)
    }

    @Test func damagedDataGivesNothing() {
        let font = Self.font(encoding: [0x80, 2, 0x41, 0x80, 1, 0x61, 0, 34])
        for length in stride(from: 0, to: font.count - 8, by: 3) {
            _ = CFFBuiltInEncoding.glyphNames(in: Array(font.prefix(length)))
        }
        #expect(CFFBuiltInEncoding.glyphNames(in: [1, 0, 4, 1, 0xFF, 0xFF, 4]) == nil)
        #expect(CFFBuiltInEncoding.glyphNames(in: Array("%!PS-AdobeFont".utf8)) == nil)
    }
}

struct PrintedTextTests {
    @Test(arguments: [
        ("Title", "Title"), ("\u{FB01}ne", "fine"), ("e\u{FB03}cient", "efficient"), ("a\u{0}b\u{1F}", "ab"),
        ("\u{E050}", ""), ("C\u{E262}", "C"), ("\u{F0000}x", "x"), ("B\u{266D}", "B\u{266D}"), ("\u{1D11E}", "\u{1D11E}"),
    ])
    func printable(text: String, printed: String) {
        #expect(PrintedText.printable(text) == printed)
    }
}

/// `TrueTypeGlyphNames` on TrueType programs made byte by byte: a 'cmap' and a 'post' table.
struct TrueTypeGlyphNamesTests {
    /// A font of two tables: `cmap` holding one subtable for (`platform`, `encoding`), and a
    /// format 2 'post' naming glyph 1 "endash" (custom) and glyph 2 "A" (Macintosh index 36).
    static func font(platform: Int, encoding: Int, subtable: [UInt8]) -> [UInt8] {
        let cmapHeader: [UInt8] = u16(0) + u16(1) + u16(platform) + u16(encoding) + u32(12)
        let cmap = cmapHeader + subtable
        let postHeader: [UInt8] = u32(0x0002_0000) + [UInt8](repeating: 0, count: 28)
        let postNames: [UInt8] = u16(3) + u16(0) + u16(258) + u16(36) + [6] + Array("endash".utf8)
        let post = postHeader + postNames
        let directory: [UInt8] = u32(0x0001_0000) + u16(2) + u16(0) + u16(0) + u16(0)
        let cmapOffset = directory.count + 32
        let postOffset = cmapOffset + cmap.count
        let cmapRecord: [UInt8] = Array("cmap".utf8) + u32(0) + u32(cmapOffset) + u32(cmap.count)
        let postRecord: [UInt8] = Array("post".utf8) + u32(0) + u32(postOffset) + u32(post.count)
        return directory + cmapRecord + postRecord + cmap + post
    }

    @Test func microsoftSymbolCmapOfFormat4() throws {
        // Segments 0xF041…0xF041 → glyph 2 (by delta), 0xF0B1 → glyph 1 (by range offset), and 0xFFFF.
        let segments = 3
        var subtable: [UInt8] = u16(4) + u16(0) + u16(0) + u16(2 * segments) + u16(0) + u16(0) + u16(0)
        let ends: [UInt8] = u16(0xF041) + u16(0xF0B1) + u16(0xFFFF)
        let starts: [UInt8] = u16(0xF041) + u16(0xF0B1) + u16(0xFFFF)
        let deltas: [UInt8] = u16((2 - 0xF041) & 0xFFFF) + u16(0) + u16(1)
        let rangeOffsets: [UInt8] = u16(0) + u16(4) + u16(0)
        subtable += ends + u16(0) + starts + deltas + rangeOffsets + u16(1)
        let names = try #require(TrueTypeGlyphNames.glyphNames(in: Self.font(platform: 3, encoding: 0, subtable: subtable)))
        #expect(names[0xB1] == "endash")
        #expect(names[0x41] == "A")
        #expect(names.compactMap { $0 }.count == 2)
    }

    @Test func macintoshCmapOfFormat0() throws {
        var glyphs = [UInt8](repeating: 0, count: 256)
        glyphs[0xB1] = 1
        let subtable: [UInt8] = u16(0) + u16(262) + u16(0) + glyphs
        let names = try #require(TrueTypeGlyphNames.glyphNames(in: Self.font(platform: 1, encoding: 0, subtable: subtable)))
        #expect(names[0xB1] == "endash")
    }

    @Test func damagedFontsGiveNothing() {
        let trimmed: [UInt8] = u16(6) + u16(10) + u16(0) + u16(0xB1) + u16(1) + u16(1)
        let font = Self.font(platform: 1, encoding: 0, subtable: trimmed)
        #expect(TrueTypeGlyphNames.glyphNames(in: font)?[0xB1] == "endash")
        for length in 0..<font.count { _ = TrueTypeGlyphNames.glyphNames(in: Array(font.prefix(length))) }
        #expect(TrueTypeGlyphNames.glyphNames(in: Array(repeating: 0xFF, count: 64)) == nil)
    }

    /// Ghostscript's way with TrueType text (LilyPond with FreeSerif): a symbolic font without
    /// /Encoding, whose program names the glyph at 0xB1 an en dash. poppler reads `±` there.
    @Test func symbolicTrueTypeTextThroughTheProgram() throws {
        var glyphs = [UInt8](repeating: 0, count: 256)
        glyphs[0xB1] = 1
        var page = TextPagePDF("BT /F1 12 Tf 72 700 Td (1810\\2611849) Tj ET")
        page.resources = "<< /Font << /F1 << /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+FreeSerif /FirstChar 48 /LastChar 177 /FontDescriptor 5 0 R >> >> >>"
        page.objects = [(5, "<< /Type /FontDescriptor /FontName /ABCDEF+FreeSerif /Flags 4 /FontFile2 6 0 R >>")]
        let subtable: [UInt8] = u16(0) + u16(262) + u16(0) + glyphs
        page.streams = [(6, "", Self.font(platform: 1, encoding: 0, subtable: subtable))]
        #expect(try page.lines() == ["1810–1849"])
    }
}

/// A big-endian 16-bit number's bytes.
private func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

/// A big-endian 32-bit number's bytes.
private func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
