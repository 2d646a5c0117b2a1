import Testing

@testable import RuleHost

/// ``KeyVocabularyTable`` (packed bytes, open addressing) against ``KeyVocabulary``'s lists and
/// dictionaries looked up by `String`, on every listed word, its spellings in other case and
/// with accents, its prefixes and extensions, and random words.
struct KeyVocabularyTableTests {
    /// What the lists and dictionaries say of `word`, by `String` lookups.
    private func expected(_ word: String) -> KeyWordMeaning? {
        var meaning = KeyWordMeaning()
        let roles: [(Set<String>, KeyWordMeaning.Roles)] = [
            (KeyVocabulary.prepositions, .preposition), (KeyVocabulary.continuations, .continuation),
            (KeyVocabulary.instruments, .instrument), (KeyVocabulary.labels, .label),
            (KeyVocabulary.germanMarkers, .germanMarker), (KeyVocabulary.ambiguousGerman, .ambiguousGerman),
            (KeyVocabulary.romanNumerals, .romanNumeral),
        ]
        for (words, role) in roles where words.contains(word) { meaning.roles.insert(role) }
        meaning.englishMode = KeyVocabulary.englishModes[word]
        meaning.germanMode = KeyVocabulary.germanModes[word]
        meaning.romanceMode = KeyVocabulary.romanceModes[word]
        meaning.letterAccidental = KeyVocabulary.letterAccidentalWords[word]
        meaning.solfegeAccidental = KeyVocabulary.solfegeAccidentalWords[word]
        meaning.germanFifths = KeyVocabulary.german[word]
        return meaning == KeyWordMeaning() ? nil : meaning
    }

    private func actual(_ word: String) -> KeyWordMeaning? {
        Array(word.utf8).withUnsafeBufferPointer { KeyVocabularyTable.shared[$0] }
    }

    @Test func answersAsTheListsOnEveryWordAndItsNeighbours() {
        var words = KeyVocabulary.prepositions.union(KeyVocabulary.continuations).union(KeyVocabulary.instruments)
            .union(KeyVocabulary.labels).union(KeyVocabulary.germanMarkers).union(KeyVocabulary.ambiguousGerman)
            .union(KeyVocabulary.romanNumerals)
        for table in [
            KeyVocabulary.englishModes, KeyVocabulary.germanModes, KeyVocabulary.romanceModes,
            KeyVocabulary.letterAccidentalWords, KeyVocabulary.solfegeAccidentalWords, KeyVocabulary.german,
        ] {
            words.formUnion(table.keys)
        }
        #expect(words.count > 200)
        for word in Array(words) {
            words.formUnion([
                word.uppercased(), word.capitalized, word + "s", "s" + word, String(word.dropLast()), String(word.dropFirst()),
                word + word, word + "\u{301}", "\u{212A}" + word,
            ])
        }
        words.formUnion([
            "", "ré", "bémol", "dièse", "für", "\u{212A}", "\u{212A}v", "k\u{301}", "ﬂat", "ＩＮ", "streichquartett",
            "streichquartetts", "choralvorspiele", "a", "x", "in ", " in", "i\u{0}n", "in\u{0}",
        ])
        var found = 0
        for word in words {
            #expect(actual(word) == expected(word), "\(word.debugDescription)")
            if expected(word) != nil { found += 1 }
        }
        #expect(found > 200)
    }

    @Test func answersAsTheListsOnRandomWords() {
        // Letters that vocabulary words are made of, so that random words hit the lists too.
        let alphabet = Array("aeinorstulmdbhkcfgpvwzé♭#".unicodeScalars)
        var numbers = SeededNumbers(seed: 0x766F_6361_6230_0001)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var found = 0
        for _ in 0..<50_000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<(1 + next(4)) { word.append(alphabet[next(alphabet.count)]) }
            let text = String(word)
            #expect(actual(text) == expected(text), "\(text.debugDescription)")
            if expected(text) != nil { found += 1 }
        }
        #expect(found > 500)
    }
}
