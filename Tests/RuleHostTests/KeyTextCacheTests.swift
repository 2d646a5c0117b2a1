import Foundation
import Testing

@testable import RuleHost

/// The key parser's per-state cache must give exactly the answers it saves working out.
struct KeyTextCacheTests {
    /// Canonically equal spellings are different texts to the cache: each gets its own folding.
    @Test func foldsByExactBytes() {
        let cache = KeyTextCache()
        for word in ["Ré", "Re\u{301}", "ré", "RÉ", "Ré", "Re\u{301}", "ﬂat", "Straße", "Ærø", "Ｅ"] {
            let fresh = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            #expect(Array(cache.folded(word).utf8) == Array(fresh.utf8), "\(word.debugDescription)")
        }
    }

    @Test func classifiesAsCharacterDoes() {
        let cache = KeyTextCache()
        let characters: [Character] = ["é", "É", "e\u{301}", "♯", "♭", "\u{2019}", "ß", "Ｅ", "٣", "\u{00A0}", "é", "♯"]
        for character in characters {
            #expect(cache.flags(of: character) == KeyTextUnit.flags(of: character), "\(character.debugDescription)")
        }
    }

    /// One cache over many texts, past its capacity, answers as a fresh parse of each text.
    @Test func sharedCacheParsesAsAFreshOne() {
        let cache = KeyTextCache()
        // Past the capacity: a distinct word and a distinct CJK character per text.
        let distinct = (0..<(KeyTextCache.capacity + 50)).map { number -> String in
            let letters = [1, 26, 676].map { Character(Unicode.Scalar(UInt8(97 + number / $0 % 26))) }
            let ideograph = Character(Unicode.Scalar(0x4E00 + UInt32(number))!)
            return "Prélude \(ideograph)ré\(String(letters)) en ré mineur"
        }
        let texts = KeyParserGoldenTests.texts(count: 500) + distinct
        for text in texts {
            #expect(KeyParser.parse(text, cache: cache) == KeyParser.parse(text), "\(text.debugDescription)")
        }
    }

    /// Remembered keys are those of the same bytes: repeats, canonically equal spellings and
    /// text past the remembered length each answer as a fresh parse.
    @Test func remembersKeysByExactBytes() {
        let cache = KeyTextCache()
        let long = String(repeating: "Nocturne ", count: 40) + "in Es"
        #expect(long.utf8.count > KeyTextCache.longestRememberedText)
        let texts = [
            "Prélude en ré mineur", "Prélude en re\u{301} mineur", "in Es", "in Eb", "in eb", "Untitled", "",
            long, long + " Dur", long,
        ]
        let generated = KeyParserGoldenTests.texts(count: 300)
        for text in texts + texts.reversed() + generated + generated {
            #expect(KeyParser.parse(text, cache: cache) == KeyParser.parse(text), "\(text.debugDescription)")
        }
    }
}
