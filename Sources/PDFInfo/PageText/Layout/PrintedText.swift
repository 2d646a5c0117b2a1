/// What of a glyph's text is read as printed text.
enum PrintedText {
    /// `text` as printed characters:
    /// - control characters are dropped;
    /// - private-use characters are dropped: they have no agreed meaning, and fonts map the
    ///   symbols they draw to them (MuseScore's music fonts put SMuFL's notes, clefs and
    ///   dynamics there);
    /// - the Latin ligatures of Unicode's Alphabetic Presentation Forms (U+FB00–FB06) are
    ///   spelled out, as `pdftotext` spells them.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsChange) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0xE000...0xF8FF, 0xF0000...0x10FFFF: continue
            case 0xFB00: result += "ff"
            case 0xFB01: result += "fi"
            case 0xFB02: result += "fl"
            case 0xFB03: result += "ffi"
            case 0xFB04: result += "ffl"
            case 0xFB05, 0xFB06: result += "st"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` shows only whitespace: a word break, not a word's character.
    static func isSpace(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isWhitespace)
    }

    /// Whether `scalar` is whitespace (Unicode's White_Space property). ASCII scalars are told
    /// by their values, which are the property's ASCII members, so that most text never reaches
    /// the property tables: every glyph placed and every line built asks.
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    private static func needsChange(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0xFB00...0xFB06: true
        default: false
        }
    }
}
