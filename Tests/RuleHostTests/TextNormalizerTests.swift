import Foundation
import Testing

@testable import RuleHost

struct TextNormalizerTests {
    @Test(arguments: [
        ("Frédéric Chopin", "frederic chopin"),
        ("FRÉDÉRIC  CHOPIN ", "frederic chopin"),
        ("Antonín Dvořák", "antonin dvorak"),
        ("J.S. Bach", "js bach"),
        ("J. S. Bach", "js bach"),
        ("JS Bach", "js bach"),
        ("Bach, J. S.", "bach js"),
        ("C. P. E. Bach", "cpe bach"),
        ("Rimsky-Korsakov", "rimsky korsakov"),
        ("Nikolai Rimsky Korsakov", "nikolai rimsky korsakov"),
        ("Strauß", "strauss"),
        ("Niels Gade, Ærø", "niels gade aero"),
        ("Søren", "soren"),
        ("Œuvres", "oeuvres"),
        ("Lutosławski", "lutoslawski"),
        ("A Child's Prayer", "a childs prayer"),
        ("O’Carolan", "ocarolan"),
        ("Ｊ．Ｓ．Ｂａｃｈ", "js bach"),
        ("E♭ major", "e major"),
        ("Op. 9 No. 2", "op 9 no 2"),
        ("  \t\n ", ""),
        ("", ""),
    ])
    func folds(input: String, expected: String) {
        #expect(TextNormalizer.normalize(input) == expected)
    }

    @Test func isIdempotent() {
        for text in ["Frédéric Chopin", "C. P. E. Bach", "Bach, J. S.", "Dvořák: Symphony No. 9"] {
            let once = TextNormalizer.normalize(text)
            #expect(TextNormalizer.normalize(once) == once)
        }
    }

    @Test func composedAndDecomposedAgree() {
        #expect(TextNormalizer.normalize("Fauré") == TextNormalizer.normalize("Faure\u{301}"))
    }

    /// Random ASCII and non-ASCII texts fold as they did before the one-pass ASCII path and the
    /// ASCII shortcut of the Foundation path (``reference(_:)``).
    @Test func matchesTheWordListReference() {
        let pieces = [
            "A", "b", "z", "J.", "S", " ", "  ", "'", "`", "1", "42", "-", ",", "\r\n", "\t", "é", "Æ", "ß",
            "’", "ø", "Ｊ", "\u{301}", "E♭", "Dvořák", "x", "Op.", "ı", "\u{A0}",
        ]
        var numbers = SeededNumbers(seed: 0x6E6F_726D_616C_697A)
        func next() -> Int { numbers.next(1 << 31) }
        for _ in 0..<3_000 {
            let text = (0..<(next() % 9)).map { _ in pieces[next() % pieces.count] }.joined()
            #expect(TextNormalizer.normalize(text) == reference(text), "\(text.debugDescription)")
        }
    }

    /// The normalizer as it was: words by `Character`, then initials joined.
    private func reference(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let spelledOut: [Character: String] = [
            "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d",
            "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ẞ": "ss", "ß": "ss",
        ]
        var words: [String] = []
        var word = ""
        for character in folded {
            if ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`"].contains(character) { continue }
            if let spelled = spelledOut[character] {
                word += spelled
            } else if character.isLetter || character.isNumber {
                word += character.lowercased()
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var result: [String] = []
        var initials = ""
        for word in words {
            if word.count == 1, word.first?.isLetter == true {
                initials += word
                continue
            }
            if !initials.isEmpty { result.append(initials) }
            initials = ""
            result.append(word)
        }
        if !initials.isEmpty { result.append(initials) }
        return result.joined(separator: " ")
    }
}

struct TextSplitterTests {
    @Test(arguments: [
        ("Bach, Johann Sebastian", ",", ["Bach", "Johann Sebastian"]),
        (" a ,, b ,\n c , ", ",", ["a", "b", "c"]),
        ("Chopin / Liszt", "/", ["Chopin", "Liszt"]),
        ("a - b - c", " - ", ["a", "b", "c"]),
        ("no separator here", ";", ["no separator here"]),
        ("  padded  ", "", ["padded"]),
        ("   ", ",", []),
        ("", ",", []),
    ])
    func splits(text: String, separator: String, expected: [String]) {
        #expect(TextSplitter.split(text, separator: separator) == expected)
    }
}
