/// What each code of a simple font shows and how far it advances, worked out the first time
/// the code is shown: a title uses a few dozen of the 256 codes. The glyph names (which may
/// mean reading the embedded font program for its built-in encoding) are worked out only when
/// a code needs one: when /ToUnicode does not map it, or when the font has no /Widths.
final class SimpleFontCodes {
    /// How a code's width is found (`FontLoader`'s rules, §9.6.2.1).
    struct Widths {
        /// The /Widths array, its items unresolved; nil when the font has none.
        var listed: [PDFObject]?
        /// The code of the first item of `listed`.
        var firstChar: Int
        /// The width of a code outside `listed`, or whose item is not a number.
        var missing: Double
        /// The standard font whose metrics give the widths when there is no /Widths.
        var standard: StandardFont?
        /// Glyph space to text space: 0.001, or a Type 3 font's FontMatrix.
        var scale: Double
    }

    /// One code worked out.
    private struct Known {
        var text: String?
        var isSpace: Bool
        var width: Double
    }

    private let toUnicode: CMap?
    private let dingbats: Bool
    private let codesAsLatin1: Bool
    private let widths: Widths
    private let work: PageTextWork
    /// Works out the glyph name of each code 0…255, called at most once.
    private let loadNames: () -> [String?]
    private var names: [String?]?
    /// For each code, 1 + its index in `known`; 0 for a code not worked out yet.
    private var slots = [UInt16](repeating: 0, count: 256)
    private var known: [Known] = []

    /// - Parameters:
    ///   - dingbats: read names as the ZapfDingbats font's (`GlyphNames.text(for:dingbats:)`).
    ///   - codesAsLatin1: give codes with no other text the character of the same number.
    ///   - names: works out the glyph name of each code 0…255; called when a code first needs its name.
    init(toUnicode: CMap?, dingbats: Bool, codesAsLatin1: Bool, widths: Widths, work: PageTextWork,
         names: @escaping () -> [String?]) {
        self.toUnicode = toUnicode
        self.dingbats = dingbats
        self.codesAsLatin1 = codesAsLatin1
        self.widths = widths
        self.work = work
        loadNames = names
    }

    /// The text of `code` as printed (`PrintedText.printable`), nil when none; whether that
    /// text is only whitespace; and the code's width in text space for a font size of 1.
    func glyph(_ code: UInt8) -> (text: String?, isSpace: Bool, width: Double) {
        let slot = Int(slots[Int(code)])
        if slot > 0 {
            let found = known[slot - 1]
            return (found.text, found.isSpace, found.width)
        }
        let text = text(for: code)
        let found = Known(text: text, isSpace: text.map(PrintedText.isSpace) ?? false, width: width(of: code))
        known.append(found)
        slots[Int(code)] = UInt16(known.count)
        return (found.text, found.isSpace, found.width)
    }

    /// The glyph name of `code`: the /Encoding's /Differences over its base encoding, else the
    /// font's built-in encoding (`FontLoader.glyphNames`).
    func name(of code: UInt8) -> String? {
        if let names { return names[Int(code)] }
        let loaded = loadNames()
        names = loaded
        return loaded[Int(code)]
    }

    /// /ToUnicode's text, else the glyph name's, else (`codesAsLatin1`) the character of the
    /// code's number; nil when none.
    private func text(for code: UInt8) -> String? {
        var text: String?
        if let mapped = toUnicode?.text(for: UInt32(code)), !mapped.isEmpty {
            text = mapped
        } else if let name = name(of: code), let fromName = GlyphNames.text(for: name, dingbats: dingbats) {
            text = fromName
        } else if codesAsLatin1, code >= 0x20 {
            text = String(Character(Unicode.Scalar(code)))
        }
        return text.map(PrintedText.printable)
    }

    /// The width of `code` for a font size of 1: its /Widths item (/MissingWidth outside them)
    /// times `scale`; without /Widths, a standard font's metric or an estimate of half an em (a
    /// quarter for a space).
    func width(of code: UInt8) -> Double {
        let width: Double
        if let listed = widths.listed {
            // Wrapping: a hostile /FirstChar near Int.min gives a negative index, outside the list.
            let index = Int(code) &- widths.firstChar
            width = index >= 0 && index < listed.count ? work.resolve(listed[index]).numberValue ?? widths.missing : widths.missing
        } else {
            let name = name(of: code)
            if let name, let metric = widths.standard?.width(of: name) {
                width = Double(metric)
            } else {
                width = name == "space" ? 250 : 500
            }
        }
        let scaled = width * widths.scale
        return scaled.isFinite ? scaled : 0
    }
}
