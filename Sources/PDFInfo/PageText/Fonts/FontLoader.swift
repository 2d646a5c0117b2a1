/// Makes a `TextFont` from a font dictionary (ISO 32000-1 §9.6–9.10), the way poppler and
/// pdf.js decide what a code shows:
/// 1. the font's /ToUnicode CMap, where it maps the code;
/// 2. for a simple font, the code's glyph name (the /Encoding's /Differences over its base
///    encoding, else the font's built-in encoding) read through the Adobe Glyph List;
/// 3. for a composite font whose encoding is a Unicode CMap (`Uni…-UCS2-…`, `…-UTF16-…`), the
///    code itself.
/// Widths come from /Widths (or /W for a CIDFont), else the standard 14 fonts' metrics, else
/// an estimate: they only place glyphs, which decides where spaces and line breaks fall.
enum FontLoader {
    /// The font `dictionary` describes.
    static func load(_ dictionary: PDFDictionary, work: PageTextWork) -> TextFont {
        let name = work.resolve(dictionary["BaseFont"]).nameValue?.string ?? ""
        let toUnicode = work.stream(dictionary["ToUnicode"]).flatMap(work.decodedData).map(CMapParser.parse)
        switch work.resolve(dictionary["Subtype"]).nameValue?.string {
        case "Type0":
            return composite(dictionary, toUnicode: toUnicode, work: work)
        case "Type3":
            return type3(dictionary, baseFont: name, toUnicode: toUnicode, work: work)
        default:
            return simple(dictionary, name: name, toUnicode: toUnicode, work: work)
        }
    }

    // MARK: Simple fonts (§9.6)

    private static func simple(_ dictionary: PDFDictionary, name: String, toUnicode: CMap?, work: PageTextWork) -> TextFont {
        let standard = StandardFont(baseFont: name)
        let isDingbats = standard.map { if case .zapfDingbats = $0 { true } else { false } } ?? false
        let codes = SimpleFontCodes(
            toUnicode: toUnicode, dingbats: isDingbats, codesAsLatin1: isSymbolicTrueTypeWithoutEncoding(dictionary, work: work),
            widths: widths(dictionary, standard: standard, scale: 0.001, work: work), work: work,
            names: { glyphNames(dictionary, baseFont: name, work: work) })
        return TextFont(codes: .simple(codes))
    }

    private static func type3(_ dictionary: PDFDictionary, baseFont name: String, toUnicode: CMap?, work: PageTextWork) -> TextFont {
        let matrix = Matrix(work.resolve(dictionary["FontMatrix"]).arrayValue?.map { work.resolve($0) } ?? []) ?? Matrix(a: 0.001, b: 0, c: 0, d: 0.001, e: 0, f: 0)
        let codes = SimpleFontCodes(
            toUnicode: toUnicode, dingbats: false, codesAsLatin1: false,
            widths: widths(dictionary, standard: nil, scale: matrix.a, work: work), work: work,
            names: { glyphNames(dictionary, baseFont: name, work: work) })
        return TextFont(codes: .simple(codes), sizeScale: type3SizeScale(codes, matrix: matrix))
    }

    /// What a Type 3 font's size is multiplied by to give the size of its glyphs. Its glyph
    /// space has no standard em, so, as poppler does, the em is guessed from a width: an `m`
    /// is about 0.6 em wide, another letter or any glyph about 0.5 em; the FontMatrix's aspect
    /// is then applied.
    static func type3SizeScale(_ codes: SimpleFontCodes, matrix: Matrix) -> Double {
        let all = (0...255).map(UInt8.init)
        var scale = 1.0
        if let m = all.first(where: { codes.name(of: $0) == "m" }), codes.width(of: m) > 0 {
            scale = codes.width(of: m) / 0.6
        } else if let letter = all.first(where: { isLetterName(codes.name(of: $0)) && codes.width(of: $0) > 0 }) {
            scale = codes.width(of: letter) / 0.5
        } else if let any = all.first(where: { codes.width(of: $0) > 0 }) {
            scale = codes.width(of: any) / 0.5
        }
        if matrix.a != 0 { scale *= abs(matrix.d / matrix.a) }
        return scale.isFinite && scale > 0 ? scale : 1
    }

    private static func isLetterName(_ name: String?) -> Bool {
        guard let name, name.utf8.count == 1, let byte = name.utf8.first else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// The glyph name of each code: the /Encoding's /Differences over its base encoding
    /// (§9.6.6.1); the base is the named encoding, else the font program's built-in encoding.
    static func glyphNames(_ dictionary: PDFDictionary, baseFont: String, work: PageTextWork) -> [String?] {
        let encoding = work.resolve(dictionary["Encoding"])
        var baseName: PDFName?
        var differences: [PDFObject] = []
        switch encoding {
        case .name(let name):
            baseName = name
        case .dictionary(let entries):
            baseName = work.resolve(entries["BaseEncoding"]).nameValue
            differences = work.resolve(entries["Differences"]).arrayValue ?? []
        default:
            break
        }
        var names = baseName.flatMap(SimpleEncoding.init(name:))?.glyphNames ?? builtInNames(dictionary, baseFont: baseFont, work: work)
        var code = 0
        for item in differences {
            switch work.resolve(item) {
            case .integer(let start): code = start
            case .name(let name):
                if (0...255).contains(code) { names[code] = name.string }
                code += 1
            default: break
            }
        }
        return names
    }

    /// The encoding a simple font has when its dictionary names none (§9.6.6.2): an embedded
    /// Type 1 or CFF program's, a standard font's own, a symbolic TrueType program's glyph
    /// names (its codes pass through where it has none), none for a Type 3 font,
    /// StandardEncoding otherwise.
    private static func builtInNames(_ dictionary: PDFDictionary, baseFont: String, work: PageTextWork) -> [String?] {
        let subtype = work.resolve(dictionary["Subtype"]).nameValue?.string
        if subtype == "Type3" { return [String?](repeating: nil, count: 256) }
        let descriptor = work.resolve(dictionary["FontDescriptor"]).dictionaryValue
        if let program = work.stream(descriptor?["FontFile"]) {
            let clearTextLength = work.resolve(program.dictionary["Length1"]).integerValue ?? 64 * 1024
            if let clearText = work.decodedPrefix(of: program, count: min(max(clearTextLength, 0), 256 * 1024)),
               let names = Type1BuiltInEncoding.glyphNames(inClearText: clearText) {
                return names
            }
        }
        if let program = work.stream(descriptor?["FontFile3"]), work.resolve(program.dictionary["Subtype"]).nameValue == "Type1C",
           let data = work.decodedData(of: program), let names = CFFBuiltInEncoding.glyphNames(in: data) {
            return names
        }
        if let standard = StandardFont(baseFont: baseFont), descriptor?["FontFile"] == nil,
           descriptor?["FontFile2"] == nil, descriptor?["FontFile3"] == nil {
            return standard.builtInEncoding.glyphNames
        }
        if isSymbolicTrueTypeWithoutEncoding(dictionary, work: work) {
            if let program = work.stream(descriptor?["FontFile2"]), let data = work.decodedData(of: program),
               let names = TrueTypeGlyphNames.glyphNames(in: data) {
                return names
            }
            return [String?](repeating: nil, count: 256)
        }
        return SimpleEncoding.standard.glyphNames
    }

    /// A TrueType font flagged symbolic with no /Encoding: its codes select glyphs through the
    /// font's own cmap, and viewers show them as the characters of the same number.
    private static func isSymbolicTrueTypeWithoutEncoding(_ dictionary: PDFDictionary, work: PageTextWork) -> Bool {
        guard work.resolve(dictionary["Subtype"]).nameValue == "TrueType", dictionary["Encoding"] == nil else { return false }
        let flags = work.resolve(work.resolve(dictionary["FontDescriptor"]).dictionaryValue?["Flags"]).integerValue ?? 0
        return flags & 4 != 0
    }

    /// Where the widths of a simple font's codes come from (`SimpleFontCodes.width(of:)`):
    /// /Widths from /FirstChar, /MissingWidth elsewhere, times `scale`; without /Widths, a
    /// standard font's metrics.
    private static func widths(_ dictionary: PDFDictionary, standard: StandardFont?, scale: Double, work: PageTextWork) -> SimpleFontCodes.Widths {
        let descriptor = work.resolve(dictionary["FontDescriptor"]).dictionaryValue
        return SimpleFontCodes.Widths(
            listed: work.resolve(dictionary["Widths"]).arrayValue, firstChar: work.resolve(dictionary["FirstChar"]).integerValue ?? 0,
            missing: work.resolve(descriptor?["MissingWidth"]).numberValue ?? 0, standard: standard, scale: scale)
    }

    // MARK: Composite fonts (§9.7)

    private static func composite(_ dictionary: PDFDictionary, toUnicode: CMap?, work: PageTextWork) -> TextFont {
        var encoding = CMap.identity(vertical: false)
        var codeText = CodeText.unknown
        switch work.resolve(dictionary["Encoding"]) {
        case .name(let cmapName):
            // Predefined CMaps other than Identity map to CIDs through tables this reader does
            // not carry: their codes are split as they are encoded, and text is what their
            // names tell (§9.7.5.2, Table 118).
            let text = cmapName.string
            let bytes = Array(text.utf8)
            encoding = CMap.identity(vertical: text.hasSuffix("-V"))
            if NameBytes.contains(bytes, "UCS2") || NameBytes.contains(bytes, "UTF16") {
                encoding.isIdentity = false
                codeText = .utf16
            } else if !text.hasPrefix("Identity") {
                encoding = CMap.legacyMultiByte(shiftJIS: NameBytes.contains(bytes, "RKSJ"), vertical: text.hasSuffix("-V"))
                codeText = .asciiSingleBytes
            }
        default:
            if let stream = work.stream(dictionary["Encoding"]), let data = work.decodedData(of: stream) {
                encoding = CMapParser.parse(data)
                if encoding.codespaceRanges.isEmpty { encoding.codespaceRanges = CMap.identity(vertical: false).codespaceRanges }
                if work.resolve(stream.dictionary["WMode"]).integerValue == 1 { encoding.isVertical = true }
            }
        }
        let descendant = work.resolve(work.resolve(dictionary["DescendantFonts"]).arrayValue?.first).dictionaryValue
        if codeText == .unknown, encoding.isIdentity, toUnicode == nil, !hasProgram(descendant, work: work) {
            // No map and no program to say what the CIDs are: as poppler and pdf.js do, the
            // codes are read as Unicode.
            codeText = .utf16
        }
        let widths = descendant.map { cidWidths($0, work: work) } ?? CIDWidths()
        return TextFont(
            codes: .composite(encoding: encoding, toUnicode: toUnicode, codeText: codeText, widths: widths),
            isVertical: encoding.isVertical)
    }

    /// Whether the CIDFont `font` embeds its program.
    private static func hasProgram(_ font: PDFDictionary?, work: PageTextWork) -> Bool {
        let descriptor = work.resolve(font?["FontDescriptor"]).dictionaryValue
        return ["FontFile", "FontFile2", "FontFile3"].contains { descriptor?[PDFName($0)] != nil }
    }

    static let maxWidthEntries = 200_000

    /// A CIDFont's /W and /DW (and /DW2's vertical advance) (§9.7.4.3).
    private static func cidWidths(_ font: PDFDictionary, work: PageTextWork) -> CIDWidths {
        var widths = CIDWidths()
        if let defaultWidth = work.resolve(font["DW"]).numberValue { widths.defaultWidth = defaultWidth }
        if let dw2 = work.resolve(font["DW2"]).arrayValue, dw2.count == 2, let advance = work.resolve(dw2[1]).numberValue {
            widths.verticalAdvance = advance
        }
        let items = work.resolve(font["W"]).arrayValue ?? []
        var index = 0
        var entries = 0
        while index + 1 < items.count, entries < maxWidthEntries {
            guard let first = work.resolve(items[index]).integerValue, let start = UInt32(exactly: first) else { break }
            let second = work.resolve(items[index + 1])
            if case .array(let list) = second {
                let values = list.prefix(maxWidthEntries - entries).map { work.resolve($0).numberValue ?? widths.defaultWidth }
                if !values.isEmpty {
                    widths.runs.append(CIDWidths.Run(first: start, last: start &+ UInt32(values.count - 1), width: 0, widths: values))
                }
                entries += values.count
                index += 2
            } else if index + 2 < items.count, let last = second.integerValue, let end = UInt32(exactly: last), end >= start,
                      let width = work.resolve(items[index + 2]).numberValue {
                widths.runs.append(CIDWidths.Run(first: start, last: end, width: width))
                entries += 1
                index += 3
            } else {
                break
            }
        }
        widths.runs.sort { $0.first < $1.first }
        return widths
    }
}
