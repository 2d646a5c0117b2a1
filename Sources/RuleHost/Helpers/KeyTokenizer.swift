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
/// letter). Every title and filename passes through here, so the text is first classified
/// once into ``KeyTextUnit``s — straight from the bytes when it is ASCII — and the rules
/// below only look at those flags.
enum KeyTokenizer {
    /// The tokens of `text`, and whether any of its characters is uppercase. `cache` remembers
    /// what text that is not ASCII costs to classify and fold.
    static func tokens(_ text: Substring, cache: KeyTextCache) -> (tokens: [KeyToken], hasUppercase: Bool) {
        // A slice of a native string: its own bytes, without a copy.
        if let found = text.utf8.withContiguousStorageIfAvailable({ tokens(text, bytes: $0, cache: cache) }) {
            return found
        }
        return Array(text.utf8).withUnsafeBufferPointer { tokens(text, bytes: $0, cache: cache) }
    }

    /// ``tokens(_:cache:)`` of `text`, whose UTF-8 is `bytes`.
    private static func tokens(
        _ text: Substring, bytes: UnsafeBufferPointer<UInt8>, cache: KeyTextCache
    ) -> (tokens: [KeyToken], hasUppercase: Bool) {
        let units = KeyTextUnit.units(of: text, bytes: bytes, cache: cache)
        var tokens: [KeyToken] = []
        tokens.reserveCapacity(units.count / 2 + 1)
        var separator = SeparatorRun()
        var wordStart = 0  // index into units of the current word's first unit
        var wordLength = 0

        func flush() {
            guard wordLength > 0 else { return }
            let word = units[wordStart..<(wordStart + wordLength)]
            var pieceStart = word.startIndex
            for index in word.indices.dropFirst() where isCamelBoundary(at: index, in: word) {
                tokens.append(token(units[pieceStart..<index], bytes: bytes, first: pieceStart == word.startIndex))
                pieceStart = index
            }
            tokens.append(token(units[pieceStart..<word.endIndex], bytes: bytes, first: pieceStart == word.startIndex))
            wordLength = 0
            separator = SeparatorRun()
        }

        func token(_ piece: ArraySlice<KeyTextUnit>, bytes: UnsafeBufferPointer<UInt8>, first: Bool) -> KeyToken {
            let kind: KeyToken.Separator = tokens.isEmpty ? .start : first ? separator.kind : .none
            var isASCII = true
            var isLowercase = true
            for unit in piece {
                isASCII = isASCII && unit.isASCII
                isLowercase = isLowercase && !unit.has(.uppercase)
            }
            let range = piece.first!.start..<piece.last!.end
            let written = UnsafeBufferPointer(rebasing: bytes[range])
            let text = String(decoding: written, as: UTF8.self)
            // ASCII folds to its lowercase; only other text needs Foundation, through the cache
            // (a hot path: every title and filename).
            let folded =
                if !isASCII {
                    cache.folded(text)
                } else if isLowercase {
                    text
                } else {
                    String(unsafeUninitializedCapacity: written.count) { target in
                        for (index, byte) in written.enumerated() { target[index] = KeyTextUnit.asciiLowercase(byte) }
                        return written.count
                    }
                }
            return KeyToken(
                text: text, folded: folded, separator: kind, isLowercase: isLowercase,
                isNumber: piece.first!.has(.number))
        }

        var hasUppercase = false
        for index in units.indices {
            let unit = units[index]
            hasUppercase = hasUppercase || unit.has(.uppercase)
            let belongs: Bool
            if unit.has(.letter) || unit.has(.number) {
                belongs = true
            } else if unit.has(.accidental) {
                belongs = wordLength > 0 && units[index - 1].has(.letter)
            } else if unit.has(.apostrophe) {
                belongs = wordLength > 0 && units[index - 1].has(.letter)
                    && index + 1 < units.count && units[index + 1].has(.letter)
            } else {
                belongs = false
            }
            if belongs {
                if wordLength == 0 { wordStart = index }
                wordLength += 1
            } else {
                flush()
                separator.add(unit)
            }
        }
        flush()
        return (tokens, hasUppercase)
    }

    /// Whether a word splits before `index`: at letter/digit and camel-case boundaries.
    private static func isCamelBoundary(at index: Int, in word: ArraySlice<KeyTextUnit>) -> Bool {
        let previous = word[index - 1]
        let unit = word[index]
        let next = index + 1 < word.endIndex ? word[index + 1] : nil
        return (previous.has(.number) != unit.has(.number) && !unit.has(.accidental)
            && !unit.has(.apostrophe) && !previous.has(.apostrophe))
            || (previous.has(.lowercase) && unit.has(.uppercase))
            || (previous.has(.uppercase) && unit.has(.uppercase) && next?.has(.lowercase) == true)
            || (previous.has(.accidental) && unit.has(.uppercase))
    }

    /// The characters between two words, summed up just enough to classify them.
    private struct SeparatorRun {
        var count = 0
        var hyphens = 0
        var hasFilenameMark = false
        var hasOther = false

        mutating func add(_ unit: KeyTextUnit) {
            count += 1
            if unit.has(.hyphen) {
                hyphens += 1
            } else if unit.has(.filenameMark) {
                hasFilenameMark = true
            } else if !unit.has(.whitespace) {
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
        text.isAllASCII ? stripASCIIFileSuffixes(text) : stripFileSuffixes(characters: text)
    }

    /// ``stripFileSuffixes(_:)`` by `Character`.
    private static func stripFileSuffixes(characters text: String) -> Substring {
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

    /// ``stripFileSuffixes(_:)`` on the bytes of ASCII text (every filename passes here).
    private static func stripASCIIFileSuffixes(_ text: String) -> Substring {
        var text = text
        let length = text.withUTF8(asciiTitleLength)
        return text[..<text.utf8.index(text.utf8.startIndex, offsetBy: length)]
    }

    /// The byte length of ASCII `bytes` without a known extension and a download counter.
    private static func asciiTitleLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, hasFileExtension(bytes[(dot + 1)...]) {
            end = dot
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let stem = end
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > 0, bytes[end - 1] == UInt8(ascii: ")") else { return stem }
        end -= 1
        let digitsEnd = end
        while end > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end - 1]) { end -= 1 }
        guard end < digitsEnd, end > 0, bytes[end - 1] == UInt8(ascii: "(") else { return stem }
        end -= 1
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    /// Whether ASCII `suffix` is one of `fileExtensions`, in any case. Longer text is no
    /// extension, so only short suffixes are lowercased and looked up.
    private static func hasFileExtension(_ suffix: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard suffix.count <= longestFileExtension else { return false }
        let lowercased = String(unsafeUninitializedCapacity: suffix.count) { target in
            for (offset, byte) in suffix.enumerated() { target[offset] = KeyTextUnit.asciiLowercase(byte) }
            return suffix.count
        }
        return fileExtensions.contains(lowercased)
    }

    private static let fileExtensions: Set<String> = [
        "pdf", "mscz", "mscx", "musicxml", "mxl", "xml", "mid", "midi", "ly", "sib", "mus",
        "abc", "gp", "gpx", "png", "jpg", "jpeg", "tif", "tiff", "txt", "doc", "docx",
    ]

    /// The byte length of the longest of `fileExtensions`.
    private static let longestFileExtension = fileExtensions.map(\.utf8.count).max()!
}
