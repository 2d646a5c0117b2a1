/// The words of one title or filename as ``KeyPhraseReader`` and ``KeyTonic`` read them: each
/// word's folded UTF-8 (``KeyToken/folded``) in one byte buffer, the separator before it, and
/// the few facts the rules ask of how it is written.
///
/// ASCII text is split straight into words by ``KeyASCIITokenizer``, with no string made per
/// word; other text is split into ``KeyToken``s by `Character` and turned into words by
/// ``init(tokens:)``. Each path works the facts out by its own text (bytes, or `Character`s),
/// so the rules after it are one and the same. Storage is reused from text to text
/// (``KeyTextCache/takeWords()``).
struct KeyWords {
    /// What the rules ask of a word as written, worked out when the word is made.
    struct Facts: OptionSet {
        let rawValue: UInt8

        /// No uppercase letter (``KeyToken/isLowercase``).
        static let lowercase = Facts(rawValue: 1 << 0)
        /// Starts with a digit (``KeyToken/isNumber``).
        static let number = Facts(rawValue: 1 << 1)
        /// One `Character`.
        static let singleCharacter = Facts(rawValue: 1 << 2)
        /// One `Character`, a letter (an initial: "J", "S").
        static let singleLetter = Facts(rawValue: 1 << 3)
        /// Its second `Character` is a lowercase "b" (the flat of "Eb"; "EB" is no E♭).
        static let secondIsLowercaseB = Facts(rawValue: 1 << 4)
        /// Its last byte is a lowercase "m" (the minor of "Am"; "AM" is no A minor).
        static let endsWithLowercaseM = Facts(rawValue: 1 << 5)
        /// It is written "a" (the article of "a flat").
        static let isLowercaseA = Facts(rawValue: 1 << 6)
        /// Its folded form is not its lowercase form: it has diacritics ("ré").
        static let hasDiacritic = Facts(rawValue: 1 << 7)
    }

    /// One word: its folded bytes in ``folded``, and what stands before it.
    struct Word {
        let start: Int
        let end: Int
        let separator: KeyToken.Separator
        let facts: Facts
    }

    /// The folded UTF-8 of the words (for ASCII text, the whole text lowercased, and after it
    /// what is left of a longer text before: storage is overwritten, not emptied).
    private(set) var folded: [UInt8] = []
    /// The words, the first ``count`` of them this text's (the others are left from a text
    /// before, whose storage is overwritten rather than emptied).
    private var words: [Word] = []
    private(set) var count = 0

    subscript(index: Int) -> Word { words[index] }

    /// Runs `body` on the folded UTF-8 of word `index`.
    @inline(__always)
    func withFolded<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let word = words[index]
        return folded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[word.start..<word.end])) }
    }

    /// Whether word `index`, folded, is `word`.
    func folded(_ index: Int, is word: StaticString) -> Bool {
        withFolded(index) { folded in word.withUTF8Buffer { folded.elementsEqual($0) } }
    }

    /// What ``KeyVocabulary`` says of word `index`, or nil for a word it does not list.
    func meaning(_ index: Int) -> KeyWordMeaning? {
        withFolded(index) { KeyVocabularyTable.shared[$0] }
    }

    /// Whether word `index` is listed with `role` in ``KeyVocabulary``.
    func folded(_ index: Int, isA role: KeyWordMeaning.Roles) -> Bool {
        meaning(index)?.roles.contains(role) == true
    }

    /// The words of `tokens`, with the facts their `Character`s give.
    init(tokens: [KeyToken]) {
        words.reserveCapacity(tokens.count)
        for token in tokens {
            let start = folded.count
            folded.append(contentsOf: token.folded.utf8)
            var facts: Facts = []
            if token.isLowercase { facts.insert(.lowercase) }
            if token.isNumber { facts.insert(.number) }
            var characters = token.text.makeIterator()
            let (first, second) = (characters.next(), characters.next())
            if let first, second == nil {
                facts.insert(.singleCharacter)
                if first.isLetter { facts.insert(.singleLetter) }
                if first == "a" { facts.insert(.isLowercaseA) }
            }
            if second == "b" { facts.insert(.secondIsLowercaseB) }
            if token.text.utf8.last == UInt8(ascii: "m") { facts.insert(.endsWithLowercaseM) }
            // ASCII folds to its lowercase, so only other words may have diacritics.
            if !token.text.isAllASCII, token.folded != token.text.lowercased() { facts.insert(.hasDiacritic) }
            words.append(Word(start: start, end: folded.count, separator: token.separator, facts: facts))
        }
        count = words.count
    }

    /// No words, and no storage.
    init() {}

    /// Empties the words of the last text, keeping their storage, and sets the folded bytes to
    /// the lowercase of ASCII `text`, which is how ASCII folds (so its words are its ranges):
    /// copied and lowercased eight bytes at a time over the bytes of the texts before.
    mutating func reset(lowercasing text: UnsafeBufferPointer<UInt8>) {
        count = 0
        if folded.count < text.count { folded.append(contentsOf: repeatElement(0, count: text.count - folded.count)) }
        let source = UnsafeRawBufferPointer(text)
        folded.withUnsafeMutableBytes { target in
            var offset = 0
            while offset + 8 <= source.count {
                let eight = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                target.storeBytes(of: Self.lowercased(eight), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < source.count {
                target[offset] = KeyTextUnit.asciiLowercase(source[offset])
                offset += 1
            }
        }
    }

    /// Eight ASCII bytes with "A"…"Z" lowercased at once: adding 0x3F sets a byte's top bit
    /// when it is "A" or above, adding 0x25 when it is above "Z" (no byte carries into the
    /// next, as each is below 0x80), and the difference moved down to bit 5 is the 0x20 that
    /// lowercases a letter.
    @inline(__always)
    static func lowercased(_ eight: UInt64) -> UInt64 {
        let atLeastA = eight &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = eight &+ 0x2525_2525_2525_2525
        return eight | ((atLeastA & ~pastZ & 0x8080_8080_8080_8080) >> 2)
    }

    /// Adds a word whose folded bytes are `range` of ``folded``.
    mutating func append(_ range: Range<Int>, separator: KeyToken.Separator, facts: Facts) {
        let word = Word(start: range.lowerBound, end: range.upperBound, separator: separator, facts: facts)
        if count < words.count { words[count] = word } else { words.append(word) }
        count += 1
    }

    /// Room the storage holds, in words and in bytes.
    var capacity: (words: Int, bytes: Int) { (words.capacity, folded.capacity) }
}
