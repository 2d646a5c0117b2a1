/// The Foundation string operations forScore's sample code uses (pdf-metadata.txt,
/// "Processing Comma-Separated Values"), rebuilt on the standard library so the model needs
/// no Foundation.
///
/// NSString works on UTF-16 code units and compares literally, so these work on Unicode
/// scalars, not on `Character`s: `","` followed by a combining mark is still a comma to
/// forScore, although Swift would see one grapheme.
enum ForScoreText {
    /// `[string componentsSeparatedByString:@","]`: every piece, empty ones included.
    static func commaPieces(_ text: String) -> [String] {
        // U+002C is the byte 0x2C in UTF-8 and that byte is never part of another scalar, so
        // splitting the bytes splits the scalars (and each piece is valid UTF-8).
        var text = text
        return text.withUTF8 { utf8 in
            var pieces: [String] = []
            var start = 0
            for index in 0..<utf8.count where utf8[index] == UInt8(ascii: ",") {
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<index]), as: UTF8.self))
                start = index + 1
            }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self))
            return pieces
        }
    }

    /// `[string stringByTrimmingCharactersInSet:NSCharacterSet.whitespaceAndNewlineCharacterSet]`.
    static func trimmed(_ text: String) -> String {
        // Most pieces start and end with a visible ASCII character: nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespaceOrNewline($0) }),
            let last = scalars.lastIndex(where: { !isWhitespaceOrNewline($0) })
        else { return "" }
        return String(scalars[first...last])
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

    /// Whether `text` contains a line break (a newline-set scalar other than tab/space).
    static func containsLineBreak(_ text: String) -> Bool {
        // Every line break is a control byte or starts with a byte of 0x80 and above.
        guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 >= 0x80 }) else { return false }
        return text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
            default: false
            }
        }
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
