import Foundation
import Testing

@testable import RuleHost

/// ``KeyTokenizer``'s byte-level path against ``KeyTokenizerOracle`` (the tokenizer before
/// it, by `Character`), and ``KeyParser`` with a shared cache against a fresh parse, on
/// generated titles that mix every word of ``KeyVocabulary`` with accents, marks and case.
struct KeyTokenizerOracleTests {
    /// Every vocabulary word, accented and unusual spellings, and ordinary words.
    private static let words: [String] = {
        var words = KeyVocabulary.letters.keys.map { String(UnicodeScalar($0)) }
        let tables = [
            KeyVocabulary.german, KeyVocabulary.solfege, KeyVocabulary.solfegeAttachedAccidentals,
            KeyVocabulary.compactModes, KeyVocabulary.letterAccidentalWords, KeyVocabulary.solfegeAccidentalWords,
            KeyVocabulary.englishModes, KeyVocabulary.germanModes, KeyVocabulary.romanceModes,
        ]
        for table in tables { words += table.keys }
        words += KeyVocabulary.attachedAccidentals.map(\.suffix)
        let sets = [
            KeyVocabulary.prepositions, KeyVocabulary.continuations, KeyVocabulary.instruments,
            KeyVocabulary.labels, KeyVocabulary.germanMarkers,
        ]
        for set in sets { words += set }
        words += [
            "ré", "Ré", "RÉ", "re\u{301}", "bémol", "Bémol", "dièse", "für", "Präludium", "Stücke", "si♭", "mi♯",
            "E♭", "F♯", "Es-Dur", "fis-Moll", "C#m", "Ebm", "Dmaj", "Bbmajor", "Eflat", "key", "of", "Child's",
            "l’été", "Dvořák", "Ærø", "Ｅ", "ﬂat", "Straße", "٣", "\u{00A0}", "Op28", "No7", "BWV1007", "9", "28",
            "II", "iv", "J.S.", "Nocturne", "Prelude", "Walking", "A", "Am", "AM", "EB", "H", "B", "b",
        ]
        return words.sorted()
    }()

    private static let separators = [
        " ", " ", " ", "", "", "_", "-", " - ", ", ", ". ", ".", "(", ") ", "_-_", "/", ": ", "  ", "’", "'",
        "\t", "\r\n", "#", "♯", "&", "--", "__", "\u{00A0}", " _ ",
    ]

    private static let endings = ["", "", "", ".pdf", ".PDF", " (1)", "(2) ", ".mscz", ")", " ", "."]

    /// `count` generated texts, the same on every run.
    static func texts(count: Int) -> [String] {
        var numbers = SeededNumbers(seed: 0x746F_6B65_6E73_0001)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        return (0..<count).map { _ in
            var text = ""
            for index in 0..<(1 + next(8)) {
                if index > 0 { text += separators[next(separators.count)] }
                let word = words[next(words.count)]
                text += [word.uppercased(), word.lowercased(), word.capitalized, word, word][next(5)]
            }
            return text + endings[next(endings.count)]
        }
    }

    @Test func tokenizesAsTheOracle() {
        let cache = KeyTextCache()
        let texts = Self.texts(count: 6_000) + KeyParserGoldenTests.texts()
        var asciiTexts = 0
        for text in texts {
            let stripped = KeyTokenizer.stripFileSuffixes(text)
            let (tokens, hasUppercase) = KeyTokenizer.tokens(stripped, cache: cache)
            let expected = KeyTokenizerOracle.tokens(String(stripped))
            #expect(tokens.map(KeyTokenizerOracle.Token.init) == expected.tokens, "\(text.debugDescription)")
            #expect(hasUppercase == expected.hasUppercase, "\(text.debugDescription)")
            if text.utf8.allSatisfy({ $0 < 0x80 }) { asciiTexts += 1 }
        }
        // Both paths of the tokenizer were exercised, each on thousands of texts.
        #expect(asciiTexts > 2_000 && texts.count - asciiTexts > 2_000)
    }

    /// The parser's answers on the generated texts, compared with
    /// `Fixtures/key-parse-vocabulary.tsv` (recorded when the tokenizer above was proved equal to
    /// its oracle): a net under the byte-level tonic and phrase readers. Parsed through one
    /// shared cache, as a Lua state does. Re-record as ``KeyParserGoldenTests`` says.
    @Test func answersAsRecorded() throws {
        let cache = KeyTextCache()
        let lines = Self.texts(count: 6_000).map { text -> String in
            let answer = KeyParser.parse(text, cache: cache).map { "\($0.keysf) \($0.keymi) \($0.name)" } ?? "-"
            return "\(text.debugDescription)\t\(answer)"
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/key-parse-vocabulary.tsv")
        if ProcessInfo.processInfo.environment["TAGRULES_RECORD_GOLDEN"] == "1" {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent); review it and run again without TAGRULES_RECORD_GOLDEN")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(expected.count == lines.count)
        for (line, (actual, expected)) in zip(lines, expected).enumerated() where actual != expected {
            Issue.record("line \(line + 1): got \(actual), recorded \(expected)")
        }
        // The texts are no empty net: many of them name a key.
        #expect(lines.filter { !$0.hasSuffix("\t-") }.count > 500)
    }
}
