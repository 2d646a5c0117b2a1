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
        var text = text
        let key = text.withUTF8 { utf8 in
            withLatinKey(of: UnsafeRawBufferPointer(utf8)) { String(decoding: $0, as: UTF8.self) }
        }
        return key ?? foldedKey(text)
    }

    /// Runs `body` on the lookup form of the UTF-8 text `utf8` when `latinKey` reads it (the
    /// key's bytes are valid only during `body`), else returns nil: ``normalize(_:)`` for bytes
    /// that need not become a String first, such as a Lua string's (`tagrules.normalize`).
    static func withLatinKey<Result>(
        of utf8: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(utf8.count, 1)) { key in
            latinKey(utf8, into: key).map { body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: key[..<$0]))) }
        }
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
            } else {
                // The apostrophes and the letters spelled out are single scalars that no other
                // scalars are canonically equivalent to: looked up by scalar, not by Character
                // (whose hash normalizes it).
                let scalars = character.unicodeScalars
                let single = scalars.index(after: scalars.startIndex) == scalars.endIndex ? scalars.first : nil
                if let single, apostrophes.contains(single) {
                    continue
                } else if let single, let spelled = spelledOut[single] {
                    word += spelled
                    continue
                } else if character.isLetter || character.isNumber {
                    word += character.lowercased()
                    continue
                }
            }
            if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// All six steps in one pass over the bytes, for text made of ASCII, of the Latin-1 and
    /// Latin Extended-A letters that fold to ASCII letters (`latinLetters`), and of the
    /// punctuation of Latin-1 and General Punctuation (`latinPunctuation`,
    /// `generalPunctuation`): folding is then lowercasing and spelling those letters out, and
    /// the punctuation separates words or, as apostrophes, is dropped (data files and most
    /// titles, names and printed lines are such text, and Foundation's folding is slow by
    /// comparison). Writes the key to `key` and returns its length, or returns nil for any
    /// other text. A letter or punctuation mark of the tables is one scalar that never combines
    /// with the text before it, and any combining mark after it is outside the tables, so the
    /// scalars fold one by one exactly as Foundation folds the whole text.
    ///
    /// The key is never longer than the text: each byte of the text adds at most one byte (a
    /// two-byte letter at most two letters; a space stands for a separator before it), so `key`
    /// needs room for `text.count` bytes.
    private static func latinKey(_ text: UnsafeRawBufferPointer, into key: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let space = UInt8(ascii: " ")
        var count = 0
        var wordStart = -1  // where the current word starts in `key`, or -1 between words
        var lastWasInitial = false  // the word before the current one has one letter
        // A separator (or the end) ends the word being built; a one-letter word joins the
        // initials before it (step 5): its letter replaces the space before it.
        func endWord() {
            guard wordStart >= 0 else { return }
            let isInitial = count - wordStart == 1 && key[wordStart] >= UInt8(ascii: "a")
            if isInitial && lastWasInitial {
                key[wordStart - 1] = key[wordStart]
                count -= 1
            }
            lastWasInitial = isInitial
            wordStart = -1
        }
        var index = 0
        while index < text.count {
            let byte = text[index]
            // The letters the scalar at `index` folds to (up to two, low byte first), or 0 for a
            // separator, or `dropped` for an apostrophe.
            var letters: UInt16
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                letters = UInt16(byte + 32)
                index += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                letters = UInt16(byte)
                index += 1
            case UInt8(ascii: "'"), UInt8(ascii: "`"):
                letters = dropped
                index += 1
            case 0..<0x80:
                letters = 0
                index += 1
            case 0xC2...0xC5:
                // U+0080…U+017F: a lead byte and one continuation byte.
                guard index + 1 < text.count, text[index + 1] & 0xC0 == 0x80 else { return nil }
                let scalar = Int(byte & 0x1F) << 6 | Int(text[index + 1] & 0x3F)
                letters = scalar < 0xC0 ? latinPunctuation[scalar - 0x80] : packedLatinLetters[scalar - 0xC0]
                guard letters != unread else { return nil }
                index += 2
            case 0xE2:
                // U+2000…U+207F: E2, then 80 or 81, and one continuation byte.
                guard index + 2 < text.count, text[index + 1] & 0xFE == 0x80, text[index + 2] & 0xC0 == 0x80 else {
                    return nil
                }
                letters = generalPunctuation[Int(text[index + 1] & 0x01) << 6 | Int(text[index + 2] & 0x3F)]
                guard letters != unread else { return nil }
                index += 3
            default:
                return nil
            }
            if letters == dropped { continue }
            if letters == 0 {
                endWord()
                continue
            }
            if wordStart < 0 {
                if count > 0 {
                    key[count] = space
                    count += 1
                }
                wordStart = count
            }
            while letters != 0 {
                key[count] = UInt8(truncatingIfNeeded: letters)
                count += 1
                letters >>= 8
            }
        }
        endWord()
        return count
    }

    /// `latinKey`'s marks in its tables: a scalar dropped without separating words (an
    /// apostrophe), and one it does not read (Foundation's folding decides).
    private static let dropped: UInt16 = 0xFFFF
    private static let unread: UInt16 = 0xFFFE

    /// `latinLetters` packed for `latinKey`: up to two ASCII letters, the first in the low byte;
    /// `unread` for "".
    private static let packedLatinLetters: [UInt16] = latinLetters.map { letters in
        letters.isEmpty ? unread : letters.utf8.reversed().reduce(0) { $0 << 8 | UInt16($1) }
    }

    /// What `latinKey` makes of U+0080…U+00BF: a separator (0), but for the letters and numbers
    /// among them ("ª", "²", "³", "µ", "¹", "º", "¼", "½", "¾"), which Foundation's folding
    /// keeps (`unread`). `TextNormalizerLatinTests` checks every entry against Foundation.
    private static let latinPunctuation: [UInt16] = (0x80...0xBF).map { scalar in
        [0xAA, 0xB2, 0xB3, 0xB5, 0xB9, 0xBA, 0xBC, 0xBD, 0xBE].contains(scalar) ? unread : 0
    }

    /// What `latinKey` makes of U+2000…U+207F: the apostrophes "‘" and "’" are dropped, the
    /// joiners U+200C and U+200D and the superscripts and subscripts from U+2070 on are left
    /// to Foundation's folding (`unread`), the rest (spaces, dashes, quotes, bullets,
    /// ellipses …) separates words. `TextNormalizerLatinTests` checks every entry.
    private static let generalPunctuation: [UInt16] = (0x2000...0x207F).map { scalar in
        switch scalar {
        case 0x2018, 0x2019: dropped
        case 0x200C, 0x200D, 0x2070...: unread
        default: 0
        }
    }

    /// What steps 1 and 2 make of each scalar U+00C0…U+017F, in order: the lowercase ASCII
    /// letters of Foundation's folding with `spelledOut` applied, or "" where that is not
    /// ASCII letters ("×", "ħ", "ĳ", "ŀ", "ŉ", "ŋ", "ŧ"), which `foldedKey` handles.
    /// `latinKey` reads them packed (`packedLatinLetters`).
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
    private static let spelledOut: [Unicode.Scalar: String] = [
        "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d",
        "þ": "th", "Þ": "th", "ı": "i", "ẞ": "ss", "ß": "ss",
    ]

    /// Characters removed without separating words.
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"]
}
