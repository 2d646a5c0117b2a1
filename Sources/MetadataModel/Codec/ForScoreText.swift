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
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespaceOrNewline($0) }),
            let last = scalars.lastIndex(where: { !isWhitespaceOrNewline($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `[string componentsSeparatedByString:@","]`, each piece ``trimmed(_:)``, empty pieces
    /// dropped. `rawCount` is how many pieces the split made, empty ones included.
    static func listPieces(_ text: String) -> (pieces: [String], rawCount: Int) {
        let raw = text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false)
        let pieces = raw.map { trimmed(String(String.UnicodeScalarView($0))) }.filter { !$0.isEmpty }
        return (pieces, raw.count)
    }

    /// Whether `text` holds the scalar `scalar`.
    static func contains(_ scalar: Unicode.Scalar, in text: String) -> Bool {
        text.unicodeScalars.contains(scalar)
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
        text.unicodeScalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
    }

    /// `text.lowercaseString`, as `hasPrefix:` compares it: scalar by scalar, as NSString
    /// does. `lowercased()` applies the full Unicode mapping, so `"ＫEYSF:"` does not start
    /// with `keysf:` but the Kelvin sign `"\u{212A}eysf:"` does, as in forScore.
    static func lowercasedScalars(_ text: String) -> String.UnicodeScalarView {
        text.lowercased().unicodeScalars
    }

    /// `[[text componentsSeparatedByString:@":"] lastObject]`.
    static func afterLastColon(_ text: String) -> String {
        guard let colon = text.unicodeScalars.lastIndex(of: ":") else { return text }
        return String(text.unicodeScalars[text.unicodeScalars.index(after: colon)...])
    }

    /// `text` in single quotes for a one-line message: control characters are escaped and
    /// long text is shortened, so hostile input cannot break a report line.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        var out = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return "'" + out + "'"
    }
}
