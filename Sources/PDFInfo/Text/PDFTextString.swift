/// Text strings: the bytes of a PDF string object read as text, and text written as a string
/// token (ISO 32000-1 §7.9.2.2, ISO 32000-2 §7.9.2.2).
public enum PDFTextString {
    /// Decodes the bytes of a string object (after lexing: escapes and hex already resolved)
    /// as a text string (ISO 32000-2 §7.9.2.2).
    ///
    /// The first bytes choose the encoding:
    /// - `FE FF`: UTF-16BE. An odd trailing byte is dropped; unpaired surrogates become U+FFFD.
    /// - `EF BB BF`: UTF-8 (PDF 2.0). Ill-formed sequences become U+FFFD.
    /// - `FF FE`: UTF-16LE. Not in the standard, but written by some tools; pdf.js and qpdf read it.
    /// - anything else: PDFDocEncoding (Annex D).
    ///
    /// In the three Unicode forms, language escapes (`ESC lang [country] ESC`, §7.9.2.2.1) are
    /// removed; an escape that is never closed removes the rest of the string, as in pdf.js.
    public static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let bytes = Array(bytes)
        if bytes.starts(with: [0xFE, 0xFF]) {
            return stripLanguageEscapes(decodeUTF16(bytes.dropFirst(2), bigEndian: true))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return stripLanguageEscapes(String(decoding: bytes.dropFirst(3), as: UTF8.self))
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return stripLanguageEscapes(decodeUTF16(bytes.dropFirst(2), bigEndian: false))
        }
        // Bytes below 0x18 and from 0x20 to 0x7E are the same code points in PDFDocEncoding and
        // in UTF-8: most Info strings are plain ASCII and need no per-byte mapping.
        if bytes.allSatisfy({ $0 < 0x18 || ($0 >= 0x20 && $0 < 0x7F) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(PDFDocEncoding.decode(byte))
        }
        return String(text)
    }

    /// The complete string token (delimiters included) to write for `text` (ISO 32000-1
    /// §7.3.4, §7.9.2.2).
    ///
    /// Printable ASCII only (0x20–0x7E) gives a literal string with `(`, `)` and `\` escaped;
    /// anything else gives a hex string of UTF-16BE with the `FE FF` byte order mark, using
    /// surrogate pairs outside the BMP and uppercase digits. UTF-8 is never written: Acrobat
    /// and exiftool misread it.
    public static func encodedToken(_ text: String) -> [UInt8] {
        let isPrintableASCII = text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
        guard isPrintableASCII else {
            var bytes: [UInt8] = [0xFE, 0xFF]
            for unit in text.utf16 {
                bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
                bytes.append(UInt8(truncatingIfNeeded: unit))
            }
            return encodedHexToken(bytes)
        }
        var token: [UInt8] = [UInt8(ascii: "(")]
        token.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                token.append(UInt8(ascii: "\\"))
                token.append(byte)
            default:
                token.append(byte)
            }
        }
        token.append(UInt8(ascii: ")"))
        return token
    }

    /// The hex string token `<…>` for raw bytes, uppercase digits (ISO 32000-1 §7.3.4.3).
    /// Used for the trailer /ID and for encrypted strings.
    static func encodedHexToken(_ bytes: [UInt8]) -> [UInt8] {
        var token: [UInt8] = [UInt8(ascii: "<")]
        token.reserveCapacity(bytes.count * 2 + 2)
        for byte in bytes {
            token.append(hexDigits[Int(byte >> 4)])
            token.append(hexDigits[Int(byte & 0x0F)])
        }
        token.append(UInt8(ascii: ">"))
        return token
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Decodes UTF-16 code units; an odd trailing byte is ignored, and each ill-formed unit (an
    /// unpaired surrogate) becomes U+FFFD, as `String(decoding:as: UTF16.self)` does. Written
    /// out because the standard library's UTF-16 path is generic and slow.
    private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        func unit(at position: Int) -> UInt32 {
            let first = UInt32(bytes[position])
            let second = UInt32(bytes[position + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index + 1 < bytes.endIndex {
            let value = unit(at: index)
            index += 2
            switch value {
            case 0xD800...0xDBFF:
                if index + 1 < bytes.endIndex, case 0xDC00...0xDFFF = unit(at: index) {
                    let low = unit(at: index)
                    index += 2
                    scalars.append(Unicode.Scalar(0x10000 + ((value - 0xD800) << 10 | (low - 0xDC00)))!)
                } else {
                    scalars.append("\u{FFFD}")
                }
            case 0xDC00...0xDFFF:
                scalars.append("\u{FFFD}")
            default:
                scalars.append(Unicode.Scalar(value)!)
            }
        }
        return String(scalars)
    }

    /// Removes `ESC … ESC` language escapes (ISO 32000-1 §7.9.2.2.1); an unclosed escape
    /// removes the rest of the text (pdf.js `stringToPDFString`).
    private static func stripLanguageEscapes(_ text: String) -> String {
        let escape: Unicode.Scalar = "\u{1B}"
        guard text.unicodeScalars.contains(escape) else { return text }
        var result = String.UnicodeScalarView()
        var insideEscape = false
        for scalar in text.unicodeScalars {
            if scalar == escape {
                insideEscape.toggle()
            } else if !insideEscape {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
