/// The words of one title or filename as ``KeyPhraseReader`` and ``KeyTonic`` read them: each
/// word's folded UTF-8 (``KeyToken/folded``) in one byte buffer, the separator before it, and
/// the few facts the rules ask of how it is written, worked out from the ``KeyToken``s that
/// ``KeyTokenizer`` splits the text into.
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

    /// The folded UTF-8 of the words, one after another.
    private(set) var folded: [UInt8] = []
    /// What ``KeyWordMeaning/vocabulary`` says of each word (looked up once per word: the
    /// rules ask about a word several times).
    private var meanings: [KeyWordMeaning?] = []
    private var words: [Word] = []
    var count: Int { words.count }

    subscript(index: Int) -> Word { words[index] }

    /// The folded UTF-8 of word `index`.
    func foldedBytes(_ index: Int) -> ArraySlice<UInt8> {
        let word = words[index]
        return folded[word.start..<word.end]
    }

    /// Whether word `index`, folded, is `word`.
    func folded(_ index: Int, is word: String) -> Bool {
        foldedBytes(index).elementsEqual(word.utf8)
    }

    /// What ``KeyVocabulary`` says of word `index`, or nil for a word it does not list.
    func meaning(_ index: Int) -> KeyWordMeaning? {
        meanings[index]
    }

    /// Whether word `index` is listed with `role` in ``KeyVocabulary``.
    func folded(_ index: Int, isA role: KeyWordMeaning.Roles) -> Bool {
        meaning(index)?.roles.contains(role) == true
    }

    /// The words of `tokens`, with the facts their `Character`s give.
    init(tokens: [KeyToken]) {
        words.reserveCapacity(tokens.count)
        meanings.reserveCapacity(tokens.count)
        folded.reserveCapacity(tokens.reduce(0) { $0 + $1.folded.utf8.count })
        for token in tokens {
            let start = folded.count
            folded.append(contentsOf: token.folded.utf8)
            meanings.append(KeyWordMeaning.vocabulary[token.folded])
            var facts: Facts = []
            if token.isLowercase { facts.insert(.lowercase) }
            if token.isNumber { facts.insert(.number) }
            let utf8 = token.text.utf8
            if token.isASCII {
                // One byte is one character: the facts come from the bytes.
                if utf8.count == 1, let byte = utf8.first {
                    facts.insert(.singleCharacter)
                    if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") { facts.insert(.singleLetter) }
                    if byte == UInt8(ascii: "a") { facts.insert(.isLowercaseA) }
                }
                if utf8.count > 1, utf8[utf8.index(after: utf8.startIndex)] == UInt8(ascii: "b") {
                    facts.insert(.secondIsLowercaseB)
                }
            } else {
                var characters = token.text.makeIterator()
                let (first, second) = (characters.next(), characters.next())
                if let first, second == nil {
                    facts.insert(.singleCharacter)
                    if first.isLetter { facts.insert(.singleLetter) }
                    if first == "a" { facts.insert(.isLowercaseA) }
                }
                if second == "b" { facts.insert(.secondIsLowercaseB) }
                // ASCII folds to its lowercase: only other words may have diacritics.
                if token.folded != token.text.lowercased() { facts.insert(.hasDiacritic) }
            }
            if utf8.last == UInt8(ascii: "m") { facts.insert(.endsWithLowercaseM) }
            words.append(Word(start: start, end: folded.count, separator: token.separator, facts: facts))
        }
    }
}
