import Testing

@testable import RuleHost

/// ``KeyASCIITokenizer`` against the tokenizer by `Character` (``KeyTokenizer/tokens(of:bytes:cache:)``
/// on the text's ``KeyTextUnit``s), token by token, on edge cases and on random ASCII text drawn
/// from every byte below 0x80.
struct KeyASCIITokenizerTests {
    /// The tokens and case of `text` by both paths, as comparable values.
    private func bothPaths(
        _ text: String
    ) -> (fast: [KeyTokenizerOracle.Token], slow: [KeyTokenizerOracle.Token], cases: (Bool, Bool)) {
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            let fast = KeyASCIITokenizer.tokens(bytes)
            let units = KeyTextUnit.units(of: text[...], bytes: bytes, cache: KeyTextCache())
            let slow = KeyTokenizer.tokens(of: units, bytes: bytes, cache: KeyTextCache())
            return (
                fast.tokens.map(KeyTokenizerOracle.Token.init), slow.tokens.map(KeyTokenizerOracle.Token.init),
                (fast.hasUppercase, slow.hasUppercase)
            )
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

    /// The cache's token storage is reused for the next text only once nobody holds it: tokens
    /// a caller still holds stay as they were.
    @Test func heldTokensSurviveTheNextText() {
        let cache = KeyTextCache()
        let expected = KeyTokenizer.tokens("Nocturne in E flat"[...], cache: cache).tokens.map(KeyTokenizerOracle.Token.init)
        let held = KeyTokenizer.tokens("Nocturne in E flat"[...], cache: cache).tokens
        let next = KeyTokenizer.tokens("Sonata_Op.27_No.2 in c#"[...], cache: cache).tokens
        #expect(held.map(KeyTokenizerOracle.Token.init) == expected)
        #expect(next.map(\.text) == ["Sonata", "Op", "27", "No", "2", "in", "c#"])
    }

    @Test func randomTextMatchesTheCharacterPath() {
        // Letters, digits and the bytes with a meaning of their own come more often than the
        // rest, so that words, camel case, accidentals and apostrophes meet every separator.
        let favoured = Array("aAbBeEmMzZ09#'-_. \t\r\n,(".utf8)
        var state: UInt64 = 0x6173_6369_6930_0001
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var tokens = 0
        for _ in 0..<20_000 {
            let bytes = (0..<next(24)).map { _ in next(3) == 0 ? UInt8(next(128)) : favoured[next(favoured.count)] }
            let text = String(decoding: bytes, as: UTF8.self)
            let (fast, slow, cases) = bothPaths(text)
            #expect(fast == slow, "\(text.debugDescription)")
            #expect(cases.0 == cases.1, "\(text.debugDescription)")
            tokens += fast.count
        }
        // The texts hold many words, so the comparison is not over empty lists.
        #expect(tokens > 50_000)
    }
}
