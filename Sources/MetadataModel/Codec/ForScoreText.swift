/// The Foundation string operations forScore's sample code uses (pdf-metadata.txt,
/// "Processing Comma-Separated Values"), rebuilt on the standard library so the model needs
/// no Foundation.
///
/// NSString works on UTF-16 code units and compares literally, so these work on Unicode
/// scalars, not on `Character`s: `","` followed by a combining mark is still a comma to
/// forScore, although Swift would see one grapheme.
enum ForScoreText {
    /// `[string stringByTrimmingCharactersInSet:NSCharacterSet.whitespaceAndNewlineCharacterSet]`.
    static func trimmed(_ text: String) -> String {
        withBytes(text) { bytes in
            let kept = asciiTrimmed(bytes, 0..<bytes.count)
            // Most pieces start and end with a visible ASCII character: nothing to trim.
            if kept == 0..<bytes.count, !isNonASCIIEdge(bytes, kept) { return text }
            return piece(bytes, kept)
        }
    }

    /// `[string componentsSeparatedByString:@","]`, each piece ``trimmed(_:)``, empty pieces
    /// dropped: in one pass over the bytes. U+002C is the byte 0x2C in UTF-8 and that byte is
    /// never part of another scalar, so splitting the bytes splits the scalars. `rawCount` is
    /// how many pieces the split made, empty ones included.
    static func listPieces(_ text: String) -> (pieces: [String], rawCount: Int) {
        withBytes(text) { bytes in
            var pieces: [String] = []
            var rawCount = 0
            var start = 0
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                rawCount += 1
                let kept = asciiTrimmed(bytes, start..<end)
                if !kept.isEmpty {
                    let value = piece(bytes, kept)
                    if !value.isEmpty { pieces.append(value) }
                }
                guard end < bytes.count else { return (pieces, rawCount) }
                start = end + 1
            }
        }
    }

    /// The trimmed text of `bytes[kept]`, a range already trimmed of ASCII whitespace: cut from
    /// the bytes, then trimmed scalar by scalar when an end is non-ASCII (it may be Unicode
    /// whitespace). Trimming the ASCII whitespace first leaves what the scalar trim would keep,
    /// as it is whitespace it would also remove. `kept` starts and ends at ASCII bytes or at
    /// the ends of the text, so it is whole UTF-8.
    private static func piece(_ bytes: UnsafeBufferPointer<UInt8>, _ kept: Range<Int>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        return isNonASCIIEdge(bytes, kept) ? trimmedByScalars(text) : text
    }

    /// `range` without the ASCII whitespace (U+0009–U+000D, U+0020) at either end.
    private static func asciiTrimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether the first or last byte of the non-empty `range` is not ASCII.
    private static func isNonASCIIEdge(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        !range.isEmpty && (bytes[range.lowerBound] >= 0x80 || bytes[range.upperBound - 1] >= 0x80)
    }

    /// The trim by Unicode scalars, for text whose ends are not ASCII.
    static func trimmedByScalars(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespaceOrNewline($0) }),
            let last = scalars.lastIndex(where: { !isWhitespaceOrNewline($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Calls `body` with the UTF-8 of `text`: in place when it has contiguous storage (every
    /// native string), else in a copy.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Whether the UTF-8 of `text` holds `byte` (an ASCII byte is never part of another scalar).
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        withBytes(text) { $0.contains(byte) }
    }

    /// Membership in `NSCharacterSet.whitespaceAndNewlineCharacterSet`: Unicode general
    /// categories Zs, Zl and Zp, plus U+0009–U+000D and U+0085 (Apple's documentation of
    /// `whitespaceCharacterSet` and `newlineCharacterSet`).
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// Whether `text` contains a line break (a newline-set scalar other than tab/space):
    /// U+000A–U+000D, U+0085, U+2028 or U+2029.
    static func containsLineBreak(_ text: String) -> Bool {
        // By their UTF-8: C2 85, E2 80 A8 and E2 80 A9. A lead byte (C2, E2) is never part of
        // another scalar, so a match is that scalar.
        withBytes(text) { bytes in
            for index in bytes.indices[firstControlOrNonASCII(bytes)...] {
                switch bytes[index] {
                case 0x0A...0x0D: return true
                case 0xC2: if index + 1 < bytes.count, bytes[index + 1] == 0x85 { return true }
                case 0xE2:
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return true }
                default: continue
                }
            }
            return false
        }
    }

    /// The index of the first eight-byte word of `bytes` that holds a byte below 0x0E or above
    /// 0x7F (every line break starts with one), or of the tail shorter than a word: the bytes
    /// before it need no look. The test is SWAR: `(w - 0x0E…) & ~w & 0x80…` marks the bytes
    /// below 0x0E, `w & 0x80…` those above 0x7F.
    private static func firstControlOrNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if ((word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word | word) & high != 0 { return offset }
            offset += 8
        }
        return offset
    }

    /// `text.lowercaseString`, as `hasPrefix:` compares it: scalar by scalar, as NSString
    /// does. `lowercased()` applies the full Unicode mapping, so `"ＫEYSF:"` does not start
    /// with `keysf:` but the Kelvin sign `"\u{212A}eysf:"` does, as in forScore.
    static func lowercasedScalars(_ text: String) -> String.UnicodeScalarView {
        // Most text is ASCII with no uppercase letter: nothing to map.
        if text.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return text.unicodeScalars
        }
        return text.lowercased().unicodeScalars
    }

    /// `[[text componentsSeparatedByString:@":"] lastObject]`.
    static func afterLastColon(_ text: String) -> String {
        guard let colon = text.utf8.lastIndex(of: UInt8(ascii: ":")) else { return text }
        return String(Substring(text.utf8[text.utf8.index(after: colon)...]))
    }

    /// `text` in single quotes for a one-line message: control characters are escaped and
    /// long text is shortened, so hostile input cannot break a report line.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        // Most text is short printable ASCII with no quote or backslash: quoted as it is.
        if text.utf8.count <= limit,
            withBytes(text, { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\\") } })
        {
            return "'" + text + "'"
        }
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                out += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return "'" + out + "'"
    }
}
