/// PDFDocEncoding, the single-byte encoding of text strings without a byte order mark
/// (ISO 32000-1 §7.9.2.2 and Annex D, Table D.2).
///
/// It is not Latin-1: 0x18–0x1F hold spacing accents, 0x80–0x9E typographic punctuation and
/// Central European letters, and 0xA0 the euro sign.
///
/// Codes the table leaves undefined are decoded as qpdf (and so pikepdf) and pdf.js decode them:
/// - 0x7F, 0x9F and 0xAD become U+FFFD, as in qpdf's `QUtil::pdf_doc_to_utf8` and pikepdf's
///   `pdfdoc` codec (pdf.js passes them through unchanged);
/// - 0x00–0x17 (control codes other than tab, line feed and carriage return) pass through as
///   the same code point, as all three readers do.
enum PDFDocEncoding {
    /// Decodes one PDFDocEncoding byte (ISO 32000-1 Annex D).
    static func decode(_ byte: UInt8) -> Unicode.Scalar {
        switch byte {
        case 0x18...0x1F:
            return accents[Int(byte) - 0x18]
        case 0x7F...0xA0:
            return upper[Int(byte) - 0x7F]
        case 0xAD:
            return replacement
        default:
            return Unicode.Scalar(byte)
        }
    }

    /// Encodes one scalar as a PDFDocEncoding byte, or returns nil when the encoding cannot
    /// represent it (ISO 32000-1 Annex D). `decode(encode(s)!) == s` for every encodable `s`.
    static func encode(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        switch value {
        case 0x00...0x17, 0x20...0x7E, 0xA1...0xAC, 0xAE...0xFF:
            return UInt8(value)
        default:
            if let index = accents.firstIndex(of: scalar) {
                return UInt8(0x18 + index)
            }
            if scalar != replacement, let index = upper.firstIndex(of: scalar) {
                return UInt8(0x7F + index)
            }
            return nil
        }
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// 0x18–0x1F: breve, caron, circumflex, dot accent, double acute, ogonek, ring, small tilde.
    private static let accents: [Unicode.Scalar] = [
        "\u{02D8}", "\u{02C7}", "\u{02C6}", "\u{02D9}", "\u{02DD}", "\u{02DB}", "\u{02DA}", "\u{02DC}",
    ]

    /// 0x7F–0xA0. 0x7F and 0x9F are undefined (U+FFFD); 0xA0 is the euro sign.
    private static let upper: [Unicode.Scalar] = [
        "\u{FFFD}",  // 0x7F undefined
        "\u{2022}", "\u{2020}", "\u{2021}", "\u{2026}",  // 0x80 • † ‡ …
        "\u{2014}", "\u{2013}", "\u{0192}", "\u{2044}",  // 0x84 — – ƒ ⁄
        "\u{2039}", "\u{203A}", "\u{2212}", "\u{2030}",  // 0x88 ‹ › − ‰
        "\u{201E}", "\u{201C}", "\u{201D}", "\u{2018}",  // 0x8C „ “ ” ‘
        "\u{2019}", "\u{201A}", "\u{2122}", "\u{FB01}",  // 0x90 ’ ‚ ™ ﬁ
        "\u{FB02}", "\u{0141}", "\u{0152}", "\u{0160}",  // 0x94 ﬂ Ł Œ Š
        "\u{0178}", "\u{017D}", "\u{0131}", "\u{0142}",  // 0x98 Ÿ Ž ı ł
        "\u{0153}", "\u{0161}", "\u{017E}",  // 0x9C œ š ž
        "\u{FFFD}",  // 0x9F undefined
        "\u{20AC}",  // 0xA0 €
    ]
}
