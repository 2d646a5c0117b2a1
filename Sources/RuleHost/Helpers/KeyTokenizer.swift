import Foundation

/// One word of a title or filename, as ``KeyParser`` sees it.
struct KeyToken {
    /// What stands between a token and the one before it.
    enum Separator: Equatable {
        /// The first token of the text.
        case start
        /// Nothing: a camel-case or letter/digit boundary ("EsDur", "Op28").
        case none
        /// Only whitespace.
        case space
        /// A single hyphen ("E-flat", "Es-Dur").
        case joiner
        /// Filename separators: `_` or `.`, possibly with spaces ("in_A_major", "Op. 9").
        case filename
        /// Anything else, which ends a phrase: `,;:()[]/"`, a spaced or repeated dash
        /// (" - ", "_-_"), "&", quotes …
        case hard

        /// Whether two words on either side may belong to one key phrase ("E flat major").
        var links: Bool { self == .none || self == .space || self == .joiner || self == .filename }
    }

    /// The token as written.
    let text: String
    /// Lowercased with diacritics removed ("Ré" → "re").
    let folded: String
    /// The separator before the token.
    let separator: Separator
    /// Whether the token has no uppercase letters.
    let isLowercase: Bool
    /// Whether the token starts with a digit ("28", "1007").
    let isNumber: Bool
    /// Whether the token is ASCII only (then each byte is one `Character`).
    let isASCII: Bool
}

/// Splits text into ``KeyToken``s for ``KeyParser``.
///
/// A token is a run of letters and digits, split further at letter/digit boundaries and at
/// camel-case boundaries ("NocturneInEFlatMajor" → Nocturne In E Flat Major). A `#`, `♯` or
/// `♭` right after a letter belongs to the token ("C#m", "E♭"); an apostrophe between letters
/// too ("Child's"). Everything else separates tokens and is classified as a
/// ``KeyToken/Separator``.
///
/// Letters, digits and case are those of `Character` (a letter with combining marks is one
/// letter).
enum KeyTokenizer {
    /// The tokens of `text`, and whether any of its characters is uppercase.
    static func tokens(_ text: Substring) -> (tokens: [KeyToken], hasUppercase: Bool) {
        let bytes = Array(text.utf8)
        let units = KeyTextUnit.units(of: text, bytes: bytes)
        var tokens: [KeyToken] = []
        tokens.reserveCapacity(units.count / 2 + 1)
        var separator = SeparatorRun()
        var wordStart = 0  // index into units of the current word's first unit
        var wordLength = 0

        func flush() {
            guard wordLength > 0 else { return }
            let wordEnd = wordStart + wordLength
            var pieceStart = wordStart
            for index in (wordStart + 1)..<wordEnd where isCamelBoundary(at: index, wordEnd: wordEnd, in: units) {
                tokens.append(token(pieceStart..<index, first: pieceStart == wordStart))
                pieceStart = index
            }
            tokens.append(token(pieceStart..<wordEnd, first: pieceStart == wordStart))
            wordLength = 0
            separator = SeparatorRun()
        }

        func token(_ piece: Range<Int>, first: Bool) -> KeyToken {
            let kind: KeyToken.Separator = tokens.isEmpty ? .start : first ? separator.kind : .none
            let isLowercase = units[piece].allSatisfy { !$0.flags.contains(.uppercase) }
            let range = units[piece.lowerBound].start..<units[piece.upperBound - 1].end
            let text = String(decoding: bytes[range], as: UTF8.self)
            let isASCII = bytes[range].allSatisfy { $0 < 0x80 }
            return KeyToken(
                text: text, folded: fold(text, isASCII: isASCII), separator: kind,
                isLowercase: isLowercase, isNumber: units[piece.lowerBound].flags.contains(.number),
                isASCII: isASCII)
        }

        var hasUppercase = false
        let count = units.count
        for index in 0..<count {
            let flags = units[index].flags
            hasUppercase = hasUppercase || flags.contains(.uppercase)
            let belongs = belongsToWord(
                flags, inWord: wordLength > 0, previous: { units[index - 1].flags },
                next: { index + 1 < count ? units[index + 1].flags : [] })
            if belongs {
                if wordLength == 0 { wordStart = index }
                wordLength += 1
            } else {
                flush()
                separator.add(flags)
            }
        }
        flush()
        return (tokens, hasUppercase)
    }

    /// `word` lowercased with diacritics removed ("Ré" → "re"); ASCII only needs lowercasing.
    static func fold(_ word: String, isASCII: Bool) -> String {
        if isASCII { return word.lowercased() }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether a word ending before `wordEnd` splits before `index`: at letter/digit and
    /// camel-case boundaries.
    private static func isCamelBoundary(at index: Int, wordEnd: Int, in units: [KeyTextUnit]) -> Bool {
        isCamelBoundary(units[index - 1].flags, units[index].flags, next: index + 1 < wordEnd ? units[index + 1].flags : [])
    }

    /// Whether a character with `flags` belongs to a word:
    /// letters and digits always; an accidental sign after a letter of the word; an apostrophe
    /// between two letters. `previous` and `next` are the flags of the characters around it
    /// (`next` empty at the text's end), asked for only when needed.
    @inline(__always)
    static func belongsToWord(
        _ flags: KeyTextUnit.Flags, inWord: Bool, previous: () -> KeyTextUnit.Flags, next: () -> KeyTextUnit.Flags
    ) -> Bool {
        if !flags.isDisjoint(with: [.letter, .number]) { return true }
        if flags.contains(.accidental) { return inWord && previous().contains(.letter) }
        if flags.contains(.apostrophe) { return inWord && previous().contains(.letter) && next().contains(.letter) }
        return false
    }

    /// Whether a word splits between a character with `previous` flags and one with `unit`
    /// flags, `next` being those of the character after (empty at the word's end): at
    /// letter/digit and camel-case boundaries.
    @inline(__always)
    static func isCamelBoundary(_ previous: KeyTextUnit.Flags, _ unit: KeyTextUnit.Flags, next: KeyTextUnit.Flags) -> Bool {
        (previous.contains(.number) != unit.contains(.number) && !unit.contains(.accidental)
            && !unit.contains(.apostrophe) && !previous.contains(.apostrophe))
            || (previous.contains(.lowercase) && unit.contains(.uppercase))
            || (previous.contains(.uppercase) && unit.contains(.uppercase) && next.contains(.lowercase))
            || (previous.contains(.accidental) && unit.contains(.uppercase))
    }

    /// The characters between two words, summed up just enough to classify them.
    struct SeparatorRun {
        var count = 0
        var hyphens = 0
        var hasFilenameMark = false
        var hasOther = false

        mutating func add(_ flags: KeyTextUnit.Flags) {
            count += 1
            if flags.contains(.hyphen) {
                hyphens += 1
            } else if flags.contains(.filenameMark) {
                hasFilenameMark = true
            } else if !flags.contains(.whitespace) {
                hasOther = true
            }
        }

        var kind: KeyToken.Separator {
            if count == 0 { return .none }
            if hasOther { return .hard }
            if hyphens > 0 { return count == 1 ? .joiner : .hard }
            return hasFilenameMark ? .filename : .space
        }
    }

    /// Removes what filenames carry after the title: one known file extension, then a
    /// download counter such as " (1)".
    static func stripFileSuffixes(_ text: String) -> Substring {
        // Every mark looked for is ASCII, so the UTF-8 bytes are read (a byte below 0x80 is a
        // character of its own but for "\r\n", whose bytes are whitespace either way).
        let utf8 = text.utf8
        var end = utf8.endIndex
        if let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot > utf8.startIndex,
            utf8.distance(from: dot, to: end) <= 9,
            fileExtensions.contains(String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self).lowercased())
        {
            end = dot
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let stem = end
        // A download counter at the end: "Nocturne (2)" (what `\s*\(\d+\)\s*$` matches).
        var index = end
        func last() -> UInt8? { index > utf8.startIndex ? utf8[utf8.index(before: index)] : nil }
        while let byte = last(), isSpace(byte) { index = utf8.index(before: index) }
        guard last() == UInt8(ascii: ")") else { return text[..<stem] }
        index = utf8.index(before: index)
        let digitsEnd = index
        while let byte = last(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index = utf8.index(before: index) }
        guard index < digitsEnd, last() == UInt8(ascii: "(") else { return text[..<stem] }
        index = utf8.index(before: index)
        while let byte = last(), isSpace(byte) { index = utf8.index(before: index) }
        return text[..<index]
    }

    private static let fileExtensions: Set<String> = [
        "pdf", "mscz", "mscx", "musicxml", "mxl", "xml", "mid", "midi", "ly", "sib", "mus",
        "abc", "gp", "gpx", "png", "jpg", "jpeg", "tif", "tiff", "txt", "doc", "docx",
    ]
}
