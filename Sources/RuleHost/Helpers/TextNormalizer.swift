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
        latinKey(text) ?? foldedKey(text)
    }

    /// All six steps with Foundation's folding, for any text (``normalize(_:)`` takes this path
    /// only for text `latinKey` does not read; tests compare the two).
    static func foldedKey(_ text: String) -> String {
        joinInitials(words(text)).joined(separator: " ")
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

    /// All six steps in one pass over the bytes, for text made of ASCII and of the Latin-1 and
    /// Latin Extended-A letters that fold to ASCII letters (`latinLetters`): folding is then
    /// lowercasing and spelling those letters out (data files and most titles and names are
    /// such text, and Foundation's folding is slow by comparison). Returns nil for any
    /// other text. A letter of the table is one scalar that never combines with the ASCII
    /// before it, and any combining mark after it is outside the table, so the letters fold
    /// one by one exactly as Foundation folds the whole text.
    ///
    /// The key is never longer than the text: each byte of the text adds at most one byte (a
    /// two-byte letter at most two letters; a space stands for a separator before it).
    private static func latinKey(_ text: String) -> String? {
        var key = [UInt8](repeating: 0, count: text.utf8.count)
        var count = 0
        var wordStart = -1  // where the current word starts in `key`, or -1 between words
        var lastWasInitial = false  // the word before the current one has one letter
        var lead: UInt8 = 0  // the lead byte of a two-byte letter whose second byte comes next

        func endWord() {
            guard wordStart >= 0 else { return }
            let isInitial = count - wordStart == 1 && key[wordStart] >= UInt8(ascii: "a")
            if isInitial && lastWasInitial {
                key[wordStart - 1] = key[wordStart]  // joins the initials: drops the space
                count -= 1
            }
            lastWasInitial = isInitial
            wordStart = -1
        }

        func append(_ folded: UInt8) {
            if wordStart < 0 {
                if count > 0 {
                    key[count] = UInt8(ascii: " ")
                    count += 1
                }
                wordStart = count
            }
            key[count] = folded
            count += 1
        }

        for byte in text.utf8 {
            if lead != 0 {
                // U+00C0…U+017F: a lead byte C3, C4 or C5 and one continuation byte.
                guard byte & 0xC0 == 0x80 else { return nil }
                let letters = latinLetters[(Int(lead & 0x1F) << 6 | Int(byte & 0x3F)) - 0xC0]
                guard !letters.isEmpty else { return nil }
                for letter in letters.utf8 { append(letter) }
                lead = 0
                continue
            }
            switch byte {
            case 0xC3...0xC5:
                lead = byte
            case 0x80...:
                return nil
            case UInt8(ascii: "'"), UInt8(ascii: "`"):
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                append(byte)
            default:
                endWord()
            }
        }
        guard lead == 0 else { return nil }
        endWord()
        return String(decoding: key[..<count], as: UTF8.self)
    }

    /// What steps 1 and 2 make of each scalar U+00C0…U+017F, in order: the lowercase ASCII
    /// letters of Foundation's folding with `spelledOut` applied, or "" where that is not
    /// ASCII letters ("×", "ħ", "ĳ", "ŀ", "ŉ", "ŋ", "ŧ"), which `foldedKey` handles.
    /// `TextNormalizerTests` checks every entry against Foundation.
    private static let latinLetters: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00C0
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",  // U+00D0
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00E0
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",  // U+00F0
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",  // U+0100
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",  // U+0110
        "g", "g", "g", "g", "h", "h", "", "", "i", "i", "i", "i", "i", "i", "i", "i",  // U+0120
        "i", "i", "", "", "j", "j", "k", "k", "", "l", "l", "l", "l", "l", "l", "",  // U+0130
        "", "l", "l", "n", "n", "n", "n", "n", "n", "", "", "", "o", "o", "o", "o",  // U+0140
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",  // U+0150
        "s", "s", "t", "t", "t", "t", "", "", "u", "u", "u", "u", "u", "u", "u", "u",  // U+0160
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",  // U+0170
    ]

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
