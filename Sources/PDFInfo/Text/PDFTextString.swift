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
        if let text = bytes.withContiguousStorageIfAvailable(decode(contiguous:)) { return text }
        return Array(bytes).withUnsafeBufferPointer(decode(contiguous:))
    }

    /// `decode(_:)` on bytes in memory: one pass over a buffer, no generic collection code.
    static func decode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        if count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return decodeUTF16(UnsafeBufferPointer(rebasing: bytes[2...]), bigEndian: true)
        }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return stripLanguageEscapes(String(decoding: UnsafeBufferPointer(rebasing: bytes[3...]), as: UTF8.self))
        }
        if count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return decodeUTF16(UnsafeBufferPointer(rebasing: bytes[2...]), bigEndian: false)
        }
        // Bytes below 0x18 and from 0x20 to 0x7E are the same code points in PDFDocEncoding and
        // in UTF-8: most Info strings are plain ASCII and need no per-byte mapping.
        var index = 0
        while index < count, bytes[index] < 0x18 || (bytes[index] >= 0x20 && bytes[index] < 0x7F) { index += 1 }
        if index == count { return String(decoding: bytes, as: UTF8.self) }
        // Each byte becomes one scalar of at most three UTF-8 bytes (the table reaches U+FB02).
        return withUTF8Output(capacity: count * 3) { output in
            var written = 0
            for byte in bytes { written = appendUTF8(PDFDocEncoding.decode(byte).value, to: output, at: written) }
            return written
        }
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

    /// The hex string token `<…>` for raw bytes, uppercase digits (ISO 32000-1 §7.3.4.3),
    /// as ``ObjectSerializer/writeHex(_:to:)`` writes it.
    static func encodedHexToken(_ bytes: [UInt8]) -> [UInt8] {
        var token: [UInt8] = []
        token.reserveCapacity(bytes.count * 2 + 2)
        ObjectSerializer.writeHex(bytes, to: &token)
        return token
    }

    /// Decodes UTF-16 code units, language escapes removed (see `decode(_:)`); an odd trailing
    /// byte is ignored, and each ill-formed unit (an unpaired surrogate) becomes U+FFFD, as
    /// `String(decoding:as: UTF16.self)` does. Written out, straight to UTF-8, because the
    /// standard library's UTF-16 path is generic and slow.
    private static func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> String {
        let unitCount = bytes.count / 2
        guard unitCount > 0 else { return "" }
        func unit(_ position: Int) -> UInt32 {
            let first = UInt32(bytes[2 * position])
            let second = UInt32(bytes[2 * position + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        // A unit gives at most three UTF-8 bytes; a surrogate pair, two units, gives four.
        return withUTF8Output(capacity: unitCount * 3) { output in
            var written = 0
            var index = 0
            var insideEscape = false
            while index < unitCount {
                var scalar = unit(index)
                index += 1
                switch scalar {
                case 0xD800...0xDBFF:
                    if index < unitCount, case 0xDC00...0xDFFF = unit(index) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10 | (unit(index) - 0xDC00))
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                case 0xDC00...0xDFFF:
                    scalar = 0xFFFD
                default:
                    break
                }
                if scalar == 0x1B {
                    insideEscape.toggle()
                } else if !insideEscape {
                    written = appendUTF8(scalar, to: output, at: written)
                }
            }
            return written
        }
    }

    /// A string made from the UTF-8 that `body` writes into scratch space of `capacity` bytes
    /// (`body` returns how many it wrote): one exact allocation, none for short text.
    private static func withUTF8Output(
        capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
            String(decoding: UnsafeBufferPointer(rebasing: output[..<body(output)]), as: UTF8.self)
        }
    }

    /// Writes the UTF-8 form of the scalar `value` (a valid scalar value) at `position`;
    /// returns the position after it.
    @inline(__always)
    private static func appendUTF8(_ value: UInt32, to output: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        switch value {
        case 0..<0x80:
            output[position] = UInt8(truncatingIfNeeded: value)
            return position + 1
        case 0x80..<0x800:
            output[position] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            output[position + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            return position + 2
        case 0x800..<0x10000:
            output[position] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            output[position + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            output[position + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            return position + 3
        default:
            output[position] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            output[position + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            output[position + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            output[position + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            return position + 4
        }
    }

    /// Removes `ESC … ESC` language escapes (ISO 32000-1 §7.9.2.2.1) from decoded UTF-8 text;
    /// an unclosed escape removes the rest of the text (pdf.js `stringToPDFString`). The byte
    /// 0x1B in UTF-8 is always U+001B, never part of another scalar.
    private static func stripLanguageEscapes(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.contains(0x1B) else { return nil }
            return withUTF8Output(capacity: utf8.count) { output in
                var written = 0
                var insideEscape = false
                for byte in utf8 {
                    if byte == 0x1B {
                        insideEscape.toggle()
                    } else if !insideEscape {
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        } ?? text
    }
}
