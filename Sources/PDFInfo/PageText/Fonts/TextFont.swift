/// A font as the page-text reader uses it (ISO 32000-1 §9.5–9.10): how a shown string's bytes
/// split into codes, and each code's text and width. Built by `FontLoader` from a font
/// dictionary, once per font a page uses.
final class TextFont {
    /// One glyph of a shown string.
    struct Glyph {
        /// What the glyph shows; nil when the font does not say.
        var text: String?
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
        /// One byte per code: the texts worked out as codes are shown, the widths of all 256 in advance.
        case simple(texts: SimpleFontTexts, widths: [Double])
        /// Codes split by the encoding CMap, mapped to CIDs for widths and through /ToUnicode
        /// (or a Unicode encoding) for text (§9.7).
        case composite(encoding: CMap, toUnicode: CMap?, codeText: CodeText, widths: CIDWidths)
    }

    /// The /BaseFont name (or the resource name when there is none), for diagnostics.
    let name: String
    let codes: Codes
    /// Whether the font writes vertically (WMode 1).
    let isVertical: Bool
    /// What the font size is multiplied by to give the size of the printed glyphs: 1, except
    /// for a Type 3 font, whose glyph space has no standard em (`FontLoader.type3SizeScale`).
    let sizeScale: Double

    init(name: String, codes: Codes, isVertical: Bool = false, sizeScale: Double = 1) {
        self.name = name
        self.codes = codes
        self.isVertical = isVertical
        self.sizeScale = sizeScale
    }

    /// Calls `body` with each glyph of the string `bytes`, in order.
    func forEachGlyph(in bytes: [UInt8], _ body: (Glyph) -> Void) {
        switch codes {
        case .simple(let texts, let widths):
            for byte in bytes {
                body(Glyph(text: texts.text(for: byte), width: widths[Int(byte)], verticalAdvance: 0, isWordSpace: byte == 32))
            }
        case .composite(let encoding, let toUnicode, let codeText, let widths):
            var offset = 0
            while offset < bytes.count {
                let (code, length) = encoding.code(in: bytes, at: offset)
                offset += length
                let cid = encoding.cid(for: code) ?? 0
                let text = toUnicode?.text(for: code) ?? codeText.text(for: code, length: length)
                body(Glyph(
                    text: text, width: widths.width(of: cid) / 1000, verticalAdvance: isVertical ? widths.verticalAdvance / 1000 : 0,
                    isWordSpace: length == 1 && code == 32))
            }
        }
    }
}

/// What a composite font's codes show where its /ToUnicode does not say, from its encoding's name.
enum CodeText {
    /// Nothing: the CIDs of a predefined or embedded CMap need their collection's tables.
    case unknown
    /// The codes are UTF-16 code units (the `Uni…-UCS2-…` and `…-UTF16-…` CMaps).
    case utf16
    /// The one-byte codes 0x20–0x7E are ASCII (the legacy CJK CMaps: Shift-JIS, EUC, GBK, Big5,
    /// UHC, whose one-byte codes select their collection's Roman glyphs).
    case asciiSingleBytes

    /// The text of the `length`-byte `code`.
    func text(for code: UInt32, length: Int) -> String? {
        switch self {
        case .unknown:
            return nil
        case .utf16:
            return CMap.text(utf16: length <= 2 ? [UInt16(truncatingIfNeeded: code)] : [UInt16(truncatingIfNeeded: code >> 16), UInt16(truncatingIfNeeded: code)])
        case .asciiSingleBytes:
            guard length == 1, (0x20...0x7E).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
            return String(Character(scalar))
        }
    }
}

/// What each code of a simple font shows, worked out the first time the code is shown: a
/// title uses a few dozen of the 256 codes, and reading a glyph name costs more than the rest
/// of showing the glyph.
final class SimpleFontTexts {
    private let names: [String?]
    private let toUnicode: CMap?
    private let dingbats: Bool
    private let codesAsLatin1: Bool
    private var texts = [String?](repeating: nil, count: 256)
    private var known = [Bool](repeating: false, count: 256)

    /// - Parameters:
    ///   - names: the glyph name of each code 0…255.
    ///   - dingbats: read names as the ZapfDingbats font's (`GlyphNames.text(for:dingbats:)`).
    ///   - codesAsLatin1: give codes with no other text the character of the same number.
    init(names: [String?], toUnicode: CMap?, dingbats: Bool, codesAsLatin1: Bool) {
        self.names = names
        self.toUnicode = toUnicode
        self.dingbats = dingbats
        self.codesAsLatin1 = codesAsLatin1
    }

    /// The text of `code`: /ToUnicode's, else its glyph name's, else (`codesAsLatin1`) the
    /// character of the code's number; nil when none.
    func text(for code: UInt8) -> String? {
        let index = Int(code)
        if known[index] { return texts[index] }
        var text: String?
        if let mapped = toUnicode?.text(for: UInt32(code)), !mapped.isEmpty {
            text = mapped
        } else if let name = names[index], let fromName = GlyphNames.text(for: name, dingbats: dingbats) {
            text = fromName
        } else if codesAsLatin1, code >= 0x20 {
            text = String(Character(Unicode.Scalar(code)))
        }
        texts[index] = text
        known[index] = true
        return text
    }
}

/// The widths of a CIDFont's glyphs (ISO 32000-1 §9.7.4.3): /W ranges over /DW.
struct CIDWidths {
    struct Run {
        var first: UInt32
        var last: UInt32
        /// One width for the whole run (`c_first c_last w`), or one per CID (`c [w …]`).
        var width: Double
        var widths: [Double]?
    }

    /// Runs sorted by `first`.
    var runs: [Run] = []
    /// /DW: the width of CIDs no run covers.
    var defaultWidth: Double = 1000
    /// The vertical advance (/DW2's second number) for vertical writing.
    var verticalAdvance: Double = -1000

    /// The width of `cid` in thousandths of text space.
    func width(of cid: UInt32) -> Double {
        var lower = 0, upper = runs.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if runs[middle].first <= cid { lower = middle + 1 } else { upper = middle }
        }
        guard lower > 0 else { return defaultWidth }
        let run = runs[lower - 1]
        guard cid <= run.last else { return defaultWidth }
        if let widths = run.widths {
            let index = Int(cid - run.first)
            return index < widths.count ? widths[index] : defaultWidth
        }
        return run.width
    }
}
