import Testing

@testable import RuleHost

/// ``KeyASCIITokenizer`` against the tokenizer by `Character` (``KeyTokenizer/tokens(of:bytes:cache:)``
/// on the text's ``KeyTextUnit``s, made ``KeyWords`` by ``KeyWords/init(tokens:)``), word by
/// word and fact by fact, on edge cases and on random ASCII text drawn from every byte below 0x80.
struct KeyASCIITokenizerTests {
    /// A word as plain values, comparable with `==`.
    struct Word: Equatable, CustomStringConvertible {
        let folded: [UInt8]
        let separator: KeyToken.Separator
        let facts: UInt8

        var description: String { "\(separator):\(String(decoding: folded, as: UTF8.self))/\(facts)" }
    }

    /// The words of `words` as comparable values.
    static func plain(_ words: KeyWords) -> [Word] {
        (0..<words.count).map { index in
            Word(folded: words.withFolded(index, Array.init), separator: words[index].separator, facts: words[index].facts.rawValue)
        }
    }

    /// The words and case of `text` by both paths, as comparable values.
    private func bothPaths(_ text: String) -> (fast: [Word], slow: [Word], cases: (Bool, Bool)) {
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            var fast = KeyWords()
            let fastHasUppercase = KeyASCIITokenizer.words(bytes, into: &fast)
            var units: [KeyTextUnit] = []
            KeyTextUnit.units(of: text[...], bytes: bytes, cache: KeyTextCache(), into: &units)
            let slow = KeyTokenizer.tokens(of: units, bytes: bytes, cache: KeyTextCache())
            return (Self.plain(fast), Self.plain(KeyWords(tokens: slow.tokens)), (fastHasUppercase, slow.hasUppercase))
        }
    }

    @Test(arguments: [
        "", " ", "a", "A", "7", "#", "'", "-", "_", ".", "a#", "A#m", "#A", "E#M", "a'", "'a", "a'b", "A'B", "a''b",
        "1'a", "a'1", "Child's", "C#m", "Ebm", "EBm", "ABCdef", "ABC", "aBC", "aB", "Op28", "28op", "No7a", "x1y2",
        "E#Dur", "e#dur", "F##", "a\r\nb", "a \t\u{0B}\u{0C}b", "a - b", "a--b", "a-b", "a_-_b", "a._b", "a&b",
        "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major", "NocturneInEFlatMajor", "BWV1007", "J.S.Bach",
        "\u{00}a\u{7F}B", "Es-Dur", "fis-Moll", "in_Eb", "KEY OF C",
    ])
    func edgeCasesMatchTheCharacterPath(text: String) {
        let (fast, slow, cases) = bothPaths(text)
        #expect(fast == slow, "\(text.debugDescription)")
        #expect(cases.0 == cases.1, "\(text.debugDescription)")
    }

    /// The words of ASCII `text` after its file suffixes, in `words`.
    private func words(_ text: String, into words: inout KeyWords) {
        var text = text
        _ = text.withUTF8 { KeyTokenizer.words(asciiTitle: UnsafeRawBufferPointer($0), into: &words) }
    }

    /// The cache's word storage is reused for the next text only once nobody holds it: words
    /// a caller still holds stay as they were.
    @Test func heldWordsSurviveTheNextText() {
        let cache = KeyTextCache()
        var first = cache.takeWords()
        words("Nocturne in E flat", into: &first)
        let expected = Self.plain(first)
        cache.keepWords(first)
        var next = cache.takeWords()
        words("Sonata_Op.27_No.2 in c#.pdf", into: &next)
        #expect(Self.plain(first) == expected)
        #expect(expected.map { String(decoding: $0.folded, as: UTF8.self) } == ["nocturne", "in", "e", "flat"])
        #expect(Self.plain(next).map { String(decoding: $0.folded, as: UTF8.self) } == ["sonata", "op", "27", "no", "2", "in", "c#"])
    }

    /// The folded bytes of ASCII text, eight at a time and one by one, are its lowercase: every
    /// byte below 0x80 at every offset of an eight-byte group, every tail length, over the
    /// bytes of longer and shorter texts before.
    @Test func foldsEveryASCIIByteToItsLowercase() {
        var words = KeyWords()
        for length in Array(0..<(128 + 8)) + (0..<(128 + 8)).reversed() {
            let text = (0..<length).map { UInt8(($0 * 37 + length) % 128) }
            text.withUnsafeBufferPointer { words.reset(lowercasing: $0) }
            #expect(Array(words.folded.prefix(length)) == text.map(KeyTextUnit.asciiLowercase), "length \(length)")
            #expect(words.count == 0)
        }
    }

    @Test func randomTextMatchesTheCharacterPath() {
        // Letters, digits and the bytes with a meaning of their own come more often than the
        // rest, so that words, camel case, accidentals and apostrophes meet every separator.
        let favoured = Array("aAbBeEmMzZ09#'-_. \t\r\n,(".utf8)
        var numbers = SeededNumbers(seed: 0x6173_6369_6930_0001)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var words = 0
        for _ in 0..<20_000 {
            let bytes = (0..<next(24)).map { _ in next(3) == 0 ? UInt8(next(128)) : favoured[next(favoured.count)] }
            let text = String(decoding: bytes, as: UTF8.self)
            let (fast, slow, cases) = bothPaths(text)
            #expect(fast == slow, "\(text.debugDescription)")
            #expect(cases.0 == cases.1, "\(text.debugDescription)")
            words += fast.count
        }
        // The texts hold many words, so the comparison is not over empty lists.
        #expect(words > 50_000)
    }
}
