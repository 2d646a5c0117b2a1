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
    var isLowercase: Bool { !text.contains(where: \.isUppercase) }
    /// Whether the token starts with a digit ("28", "1007").
    var isNumber: Bool { text.first?.isNumber == true }
}

/// Splits text into ``KeyToken``s for ``KeyParser``.
///
/// A token is a run of letters and digits, split further at letter/digit boundaries and at
/// camel-case boundaries ("NocturneInEFlatMajor" → Nocturne In E Flat Major). A `#`, `♯` or
/// `♭` right after a letter belongs to the token ("C#m", "E♭"); an apostrophe between letters
/// too ("Child's"). Everything else separates tokens and is classified as a
/// ``KeyToken/Separator``.
enum KeyTokenizer {
    /// The tokens of `text`.
    static func tokens(_ text: Substring) -> [KeyToken] {
        let characters = Array(text)
        var tokens: [KeyToken] = []
        var separator = ""
        var word: [Character] = []

        func flush() {
            guard !word.isEmpty else { return }
            for (index, piece) in splitCamelCase(word).enumerated() {
                let kind: KeyToken.Separator =
                    tokens.isEmpty ? .start : index > 0 ? .none : classify(separator)
                let text = String(piece)
                // ASCII folds to its lowercase; only other text needs Foundation (a hot path: every title and filename).
                let folded = text.utf8.allSatisfy { $0 < 0x80 }
                    ? text.lowercased()
                    : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                tokens.append(KeyToken(text: text, folded: folded, separator: kind))
            }
            word = []
            separator = ""
        }

        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let belongs: Bool
            if character.isLetter || character.isNumber {
                belongs = true
            } else if accidentalSymbols.contains(character) {
                belongs = !word.isEmpty && previous?.isLetter == true
            } else if apostrophes.contains(character) {
                belongs = !word.isEmpty && previous?.isLetter == true && next?.isLetter == true
            } else {
                belongs = false
            }
            if belongs {
                word.append(character)
            } else {
                flush()
                separator.append(character)
            }
        }
        flush()
        return tokens
    }

    /// Splits one run at letter/digit and camel-case boundaries.
    private static func splitCamelCase(_ word: [Character]) -> [ArraySlice<Character>] {
        var pieces: [ArraySlice<Character>] = []
        var start = 0
        for index in word.indices.dropFirst() {
            let previous = word[index - 1]
            let character = word[index]
            let next = index + 1 < word.count ? word[index + 1] : nil
            let boundary =
                (previous.isNumber != character.isNumber && !accidentalSymbols.contains(character)
                    && !apostrophes.contains(character) && !apostrophes.contains(previous))
                || (previous.isLowercase && character.isUppercase)
                || (previous.isUppercase && character.isUppercase && next?.isLowercase == true)
                || (accidentalSymbols.contains(previous) && character.isUppercase)
            if boundary {
                pieces.append(word[start..<index])
                start = index
            }
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Classifies the characters between two tokens.
    private static func classify(_ separator: String) -> KeyToken.Separator {
        if separator.isEmpty { return .none }
        if separator.contains(where: { !$0.isWhitespace && $0 != "_" && $0 != "." && $0 != "-" }) {
            return .hard
        }
        let hyphens = separator.filter { $0 == "-" }.count
        if hyphens > 0 { return separator == "-" ? .joiner : .hard }
        if separator.contains(where: { $0 == "_" || $0 == "." }) { return .filename }
        return .space
    }

    /// Removes what filenames carry after the title: one known file extension, then a
    /// download counter such as " (1)".
    static func stripFileSuffixes(_ text: String) -> Substring {
        var rest = Substring(text)
        if let dot = rest.lastIndex(of: "."), dot > rest.startIndex,
            fileExtensions.contains(rest[rest.index(after: dot)...].lowercased())
        {
            rest = rest[..<dot]
        }
        // A download counter at the end: "Nocturne (2)" (what `\s*\(\d+\)\s*$` matches).
        var end = rest.endIndex
        func last() -> Character? { end > rest.startIndex ? rest[rest.index(before: end)] : nil }
        while last()?.isWhitespace == true { end = rest.index(before: end) }
        guard last() == ")" else { return rest }
        end = rest.index(before: end)
        let digitsEnd = end
        while let character = last(), character.isASCII, character.isNumber { end = rest.index(before: end) }
        guard end < digitsEnd, last() == "(" else { return rest }
        end = rest.index(before: end)
        while last()?.isWhitespace == true { end = rest.index(before: end) }
        return rest[..<end]
    }

    private static let accidentalSymbols: Set<Character> = ["#", "♯", "♭"]
    private static let apostrophes: Set<Character> = ["'", "\u{2019}"]
    private static let fileExtensions: Set<String> = [
        "pdf", "mscz", "mscx", "musicxml", "mxl", "xml", "mid", "midi", "ly", "sib", "mus",
        "abc", "gp", "gpx", "png", "jpg", "jpeg", "tif", "tiff", "txt", "doc", "docx",
    ]
}
