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
        asciiKey(text) ?? joinInitials(words(text)).joined(separator: " ")
    }

    /// Steps 1–4 for any text.
    private static func words(_ text: String) -> [String] {
        let folded = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        for character in folded {
            // Folded text is mostly ASCII; answer for it without hashing Characters.
            if let ascii = character.asciiValue {
                switch ascii {
                case UInt8(ascii: "'"), UInt8(ascii: "`"):
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    word.unicodeScalars.append(Unicode.Scalar(ascii + 32))
                    continue
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    word.unicodeScalars.append(Unicode.Scalar(ascii))
                    continue
                default:
                    break
                }
            } else if apostrophes.contains(character) {
                continue
            } else if let spelled = spelledOut[character] {
                word += spelled
                continue
            } else if character.isLetter || character.isNumber {
                word += character.lowercased()
                continue
            }
            if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// All six steps for ASCII text, where folding is lowercasing, in one pass over the bytes
    /// (data files and most titles and names are ASCII; Foundation's folding costs tens of
    /// microseconds a call). Returns nil for text that is not ASCII.
    private static func asciiKey(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count)
            var wordStart = -1  // where the current word starts in `key`, or -1 between words
            var lastWasInitial = false  // the word before the current one has one letter

            func endWord() {
                guard wordStart >= 0 else { return }
                let isInitial = key.count - wordStart == 1 && key[wordStart] >= UInt8(ascii: "a")
                if isInitial && lastWasInitial {
                    key[wordStart - 1] = key[wordStart]  // joins the initials: drops the space
                    key.removeLast()
                }
                lastWasInitial = isInitial
                wordStart = -1
            }

            for byte in bytes {
                let folded: UInt8
                switch byte {
                case 0x80...:
                    return nil
                case UInt8(ascii: "'"), UInt8(ascii: "`"):
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    folded = byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    folded = byte
                default:
                    endWord()
                    continue
                }
                if wordStart < 0 {
                    if !key.isEmpty { key.append(UInt8(ascii: " ")) }
                    wordStart = key.count
                }
                key.append(folded)
            }
            endWord()
            return String(decoding: key, as: UTF8.self)
        }
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
