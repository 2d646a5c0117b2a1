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
