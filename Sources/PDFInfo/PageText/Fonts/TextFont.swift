/// A font as the page-text reader uses it (ISO 32000-1 §9.5–9.10): how a shown string's bytes
/// split into codes, and each code's text and width. Built by `FontLoader` from a font
/// dictionary, once per font a page uses.
final class TextFont {
    /// One glyph of a shown string.
    struct Glyph {
        /// What the glyph shows, as printed (`PrintedText.printable`); nil when the font does not say.
        var text: String?
        /// Whether `text` shows only whitespace (`PrintedText.isSpace`).
        var isSpace: Bool
        /// The horizontal advance in text space for a font size of 1 (the glyph width ÷ 1000,
        /// or through the FontMatrix of a Type 3 font).
        var width: Double
        /// The vertical advance, for a font that writes vertically (negative: downward).
        var verticalAdvance: Double
        /// Whether word spacing applies: a single-byte code 32 (§9.3.3).
        var isWordSpace: Bool
    }

    /// How codes are read and mapped.
    enum Codes {
        /// One byte per code, each worked out when first shown.
        case simple(SimpleFontCodes)
        /// Codes split by the encoding CMap, mapped to CIDs for widths and through /ToUnicode
        /// (or a Unicode encoding) for text (§9.7). Boxed: its maps are many arrays, which a
        /// copy of the case (one for each string shown) would each retain.
        indirect case composite(encoding: CMap, toUnicode: CMap?, codeText: CodeText, widths: CIDWidths)
    }

    let codes: Codes
    /// Whether the font writes vertically (WMode 1).
    let isVertical: Bool
    /// What the font size is multiplied by to give the size of the printed glyphs: 1, except
    /// for a Type 3 font, whose glyph space has no standard em (`FontLoader.type3SizeScale`).
    let sizeScale: Double

    init(codes: Codes, isVertical: Bool = false, sizeScale: Double = 1) {
        self.codes = codes
        self.isVertical = isVertical
        self.sizeScale = sizeScale
    }

    /// Calls `body` with each glyph of the string `bytes`, in order.
    func forEachGlyph(in bytes: [UInt8], _ body: (Glyph) -> Void) {
        switch codes {
        case .simple(let codes):
            for byte in bytes {
                let (text, isSpace, width) = codes.glyph(byte)
                body(Glyph(text: text, isSpace: isSpace, width: width, verticalAdvance: 0, isWordSpace: byte == 32))
            }
        case .composite(let encoding, let toUnicode, let codeText, let widths):
            var offset = 0
            while offset < bytes.count {
                let (code, length) = encoding.code(in: bytes, at: offset)
                offset += length
                let cid = encoding.cid(for: code) ?? 0
                let text = (toUnicode?.text(for: code) ?? codeText.text(for: code, length: length)).map(PrintedText.printable)
                body(Glyph(
                    text: text, isSpace: text.map(PrintedText.isSpace) ?? false, width: widths.width(of: cid) / 1000, verticalAdvance: isVertical ? widths.verticalAdvance / 1000 : 0,
                    isWordSpace: length == 1 && code == 32))
            }
        }
    }
}
