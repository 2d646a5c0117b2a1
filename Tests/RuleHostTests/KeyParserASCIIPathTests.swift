import MetadataModel
import Testing

@testable import RuleHost

/// ``KeyParser/parse(ascii:cache:)`` (``KeyASCIITokenizer``'s words, no string made) against
/// the path by `Character` (``KeyTokenizer/tokens(_:cache:)``, ``KeyWords/init(tokens:)``), key
/// by key, on edge cases, generated titles, random ASCII text and very long text.
struct KeyParserASCIIPathTests {
    /// The key of ASCII `text` by both paths.
    private func bothPaths(_ text: String) -> (fast: Key?, slow: Key?) {
        var contiguous = text
        let fast = contiguous.withUTF8 { KeyParser.parse(ascii: UnsafeRawBufferPointer($0), cache: KeyTextCache()) }
        let (tokens, hasUppercase) = KeyTokenizer.tokens(KeyTokenizer.stripFileSuffixes(text), cache: KeyTextCache())
        return (fast, KeyParser.key(in: KeyWords(tokens: tokens), hasUppercase: hasUppercase))
    }

    @Test(arguments: [
        "", " ", "a", "A", "Am", "AM", "am", "Bb", "BB", "bb", "Eb", "EB", "Ebm", "EBm", "E#", "e#m", "Es-Dur", "es-dur",
        "fis-Moll", "H-Dur", "B-Dur", "b-moll", "in B", "Sinfonie in B", "Messe in h", "in a", "in A", "in A, Op. 28",
        "Walking in a Winter Wonderland", "Once In A Lifetime", "in a flat", "in A flat", "A flat major", "a flat",
        "E flat", "E-flat", "Eflat", "Csharp minor", "key of C", "Key Of c", "KEY OF C", "of C", "Clarinet in Bb",
        "Horn 2 in F", "Horn II in F", "Bb Trumpet", "Trumpet in C", "Part_B", "Plan A", "Here I Am", "J.S.Bach_D",
        "Hoffmann_E.T.A", "Ode_to_Joy_D", "Autumn Leaves Bb", "Greensleeves - Em", "D 960", "K. 545", "in A D 959",
        "in c K. 457", "Re mayor", "re minore", "Sol majeur", "en Re", "in Re", "sib", "Si bemolle", "mi bemol", "lab",
        "Lab", "Do", "do re mi", "Fa-la-la", "Mi Amor", "Es war einmal", "fur Elise in a", "in e for violin",
        "canon_in_d", "CANON IN D", "NocturneInEFlatMajor", "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf",
        "Sonata (1).pdf", "Sonata in G (2)", "Prelude in C.PDF", "a'b in c", "Child's in D", "in D's", "Dmaj", "dmaj",
        "F#min", "Bbmajor", "Bbmaj7", "in Ess", "in ess", "in As", "in as", "in des", "in Des", "in His", "in H",
        "\u{00}in\u{7F}D", "in\tD\r\n", "in D\r\nmajor", "a - b in c", "x_-_in_-_C",
        String(repeating: "Nocturne ", count: 200) + "in Es",
        String(repeating: "AbC1", count: 300) + " in d minor",
    ])
    func edgeCasesMatchTheCharacterPath(text: String) {
        let (fast, slow) = bothPaths(text)
        #expect(fast == slow, "\(text.debugDescription)")
    }

    @Test func generatedTitlesMatchTheCharacterPath() {
        let texts = (KeyTokenizerOracleTests.texts(count: 6_000) + KeyParserGoldenTests.texts()).filter(\.isAllASCII)
        var keys = 0
        for text in texts {
            let (fast, slow) = bothPaths(text)
            #expect(fast == slow, "\(text.debugDescription)")
            if slow != nil { keys += 1 }
        }
        // Thousands of texts, hundreds of them naming a key.
        #expect(texts.count > 2_000 && keys > 300)
    }

    @Test func randomTextMatchesTheCharacterPath() {
        // Words of the vocabulary in every case, and bytes of every kind between them.
        let words = ["a", "b", "c", "d", "e", "f", "g", "h", "in", "en", "es", "is", "flat", "sharp", "m", "maj", "moll",
            "dur", "minor", "key", "of", "re", "sol", "op", "no", "horn", "for", "teil", "ii", "9", "28", "sinfonie"]
        let marks = Array(" _-.,#'()\t\r\n/&0123456789".utf8)
        var numbers = SeededNumbers(seed: 0x6173_6369_6970_0001)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var keys = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(8) {
                switch next(4) {
                case 0: bytes.append(UInt8(next(128)))
                case 1: bytes.append(marks[next(marks.count)])
                default:
                    let word = Array(words[next(words.count)].utf8)
                    bytes += next(3) == 0 ? word.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 } : word
                    if next(2) == 0 { bytes.append(UInt8(ascii: " ")) }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let (fast, slow) = bothPaths(text)
            #expect(fast == slow, "\(text.debugDescription)")
            if slow != nil { keys += 1 }
        }
        #expect(keys > 1_000)
    }
}
