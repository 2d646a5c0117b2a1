/// Escaping for the XML that tagrules writes (4SS setlists, property lists, XMP packets),
/// following XML 1.0 §2.2 (which characters exist), §2.4 (`&` and `<`) and §3.3.3 (attribute
/// values). The one escaping helper for XML.
package enum XMLEscaping {
    /// `text` for a quoted attribute value or, with `inAttribute: false`, for element content.
    ///
    /// - `&`, `<`, `>` and `"` become `&amp;`, `&lt;`, `&gt;`, `&quot;`; in a value quoted
    ///   with `'` (`quote`), `'` becomes `&apos;`.
    /// - CR becomes `&#13;`: written raw, a parser would turn CR and CRLF into LF (§2.11).
    /// - In an attribute, tab and LF become `&#9;` and `&#10;` too: written raw, a parser
    ///   would turn them into spaces (§3.3.3). In content they are written as they are.
    /// - Characters XML 1.0 cannot carry at all, not even as references (the other C0
    ///   controls, U+FFFE, U+FFFF), become U+FFFD REPLACEMENT CHARACTER. No forScore value
    ///   can hold them, so nothing that could match is lost. (``representable(_:)`` drops
    ///   them instead, for a writer that must read back what it wrote.)
    package static func escaped(_ text: String, inAttribute: Bool = true, quote: UInt8 = UInt8(ascii: "\"")) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where inAttribute && quote == UInt8(ascii: "'"): out.append(contentsOf: "&apos;".unicodeScalars)
            case "\t" where inAttribute: out.append(contentsOf: "&#9;".unicodeScalars)
            case "\n" where inAttribute: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            default: out.append(isXMLChar(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return String(out)
    }

    /// `text` without the characters XML 1.0 cannot carry at all, even as references.
    package static func representable(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isXMLChar) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter(isXMLChar)))
    }

    /// XML 1.0 §2.2 `Char`: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    package static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
