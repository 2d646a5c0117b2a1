import Foundation

/// Folds text into a lookup key, so that spellings a person would call "the same" compare equal:
/// "Frédéric Chopin", "FREDERIC CHOPIN" and "Frederic  Chopin" all become `frederic chopin`,
/// and "J.S. Bach", "J. S. Bach" and "JS Bach" all become `js bach`.
///
/// This is the function behind the Lua helper `tagrules.normalize(s)` and the key of every
/// ``DataTable`` row. It is meant for comparing and looking up, never for display.
public enum TextNormalizer {
    /// Returns the lookup form of `text`.
    ///
    /// The steps, in order:
    /// 1. Case, diacritics and width are folded with Foundation's
    ///    `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive])`
    ///    (locale-independent): "É" → "e", "ß" → "ss", "Ｊ" → "j".
    /// 2. Letters that have no decomposition are spelled out: "æ" → "ae", "œ" → "oe",
    ///    "ø" → "o", "ł" → "l", "đ"/"ð" → "d", "þ" → "th", "ı" → "i".
    /// 3. Apostrophes (`'`, `’`, `‘`, `ʼ`, `` ` ``) are removed: "Child's" → "childs".
    /// 4. Every other character that is not a letter or a digit (punctuation, symbols,
    ///    whitespace, "♭") separates words.
    /// 5. Runs of one-letter words are joined, so initials compare equal however they are
    ///    punctuated: "j s bach" → "js bach", "c p e bach" → "cpe bach".
    /// 6. Words are joined by single spaces; the result has no leading or trailing space.
    ///
    /// - Parameter text: Any text; the empty string gives the empty string.
    /// - Returns: The folded lookup key.
    public static func normalize(_ text: String) -> String {
        let words = text.isAllASCII ? asciiWords(text) : words(text)
        return joinInitials(words).joined(separator: " ")
    }

    /// Steps 1–4 for any text.
    private static func words(_ text: String) -> [String] {
        let folded = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        for character in folded {
            if apostrophes.contains(character) { continue }
            if let spelled = spelledOut[character] {
                word += spelled
            } else if character.isLetter || character.isNumber {
                word += character.lowercased()
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Steps 1–4 for ASCII text, where folding is lowercasing (data files and most titles and
    /// names are ASCII; Foundation's folding costs tens of microseconds a call).
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "`"):
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            default:
                if !word.isEmpty {
                    words.append(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Joins each run of consecutive one-letter words into one word ("j", "s" → "js").
    private static func joinInitials(_ words: [String]) -> [String] {
        var result: [String] = []
        var initials = ""
        for word in words {
            if word.count == 1, word.first?.isLetter == true {
                initials += word
                continue
            }
            if !initials.isEmpty {
                result.append(initials)
                initials = ""
            }
            result.append(word)
        }
        if !initials.isEmpty { result.append(initials) }
        return result
    }

    /// Letters that Unicode does not decompose into a base letter plus a diacritic.
    private static let spelledOut: [Character: String] = [
        "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d",
        "þ": "th", "Þ": "th", "ı": "i", "ẞ": "ss", "ß": "ss",
    ]

    /// Characters removed without separating words.
    private static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"]
}
