import Foundation
import Testing

@testable import RuleHost

/// The key parser's answers on generated titles, compared with `Fixtures/key-parse-generated.tsv`:
/// a net under the byte-level fast paths of the tokenizer and the tonic reader, which must
/// not change a single answer.
///
/// Re-record on purpose only: `TAGRULES_RECORD_GOLDEN=1 swift test --filter KeyParserGoldenTests`
/// writes the actual answers and fails the test, so a recording never passes silently.
struct KeyParserGoldenTests {
    /// Words and marks the parser weighs: tonics in three systems, accidentals, mode words,
    /// prepositions, catalogue and label words, instruments, German markers, ordinary words.
    private static let words = [
        "C", "c", "D", "d", "E", "e", "F", "f", "G", "g", "A", "a", "B", "b", "H", "h",
        "Eb", "eb", "EB", "E♭", "F#", "f#", "C#", "Bb", "Ab", "Db", "Am", "am", "AM", "Em", "C#m", "Ebm", "Dmaj",
        "F#min", "Bbmajor", "Eflat", "Csharp", "fis", "Fis", "cis", "Es", "es", "As", "as", "des", "Ges", "his",
        "ré", "Ré", "Re", "re", "sol", "Sol", "Si", "si", "la", "La", "Do", "do", "mi", "Mi", "Fa", "ut", "sib",
        "fa#", "re♭", "lab", "flat", "Flat", "sharp", "bémol", "bemolle", "diesis", "dièse", "sostenido",
        "major", "Major", "minor", "Minor", "maj", "min", "Dur", "dur", "moll", "Moll", "majeur", "mineur",
        "maggiore", "minore", "mayor", "menor", "in", "In", "en", "key", "of", "for", "für", "pour",
        "Op", "Op.", "No.", "Nr.", "BWV", "K.", "KV", "D", "Hob", "Part", "Plan", "Track", "Vol",
        "Clarinet", "Horn", "Trumpet", "Sax", "Alto", "Sinfonie", "Sonate", "Messe", "Walzer",
        "Nocturne", "Sonata", "Prélude", "Prelude", "Walking", "Ode", "Joy", "Bach", "Ave", "Maria", "Child's",
        "9", "28", "2", "1007", "14", "II", "iv", "J.S.", "Hoffmann", "Ærø", "Ｅ", "e\u{301}", "Dvořák",
    ]

    /// What may stand between two words, including nothing (camel case, "Op28").
    private static let separators = [
        " ", " ", " ", "", "_", "-", " - ", ", ", ". ", ".", "(", ") ", "_-_", "/", ": ", "  ", "’", "'", "\t",
    ]

    /// Endings a filename may carry.
    private static let endings = ["", "", "", "", ".pdf", ".PDF", " (1)", ".mscz", ")", " ", "."]

    /// The generated texts: the same on every run.
    static func texts(count: Int = 2_000) -> [String] {
        var numbers = SeededNumbers(seed: 0x6B65_7970_6172_7365)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        return (0..<count).map { _ in
            var text = ""
            for index in 0..<(1 + next(7)) {
                if index > 0 { text += separators[next(separators.count)] }
                let word = words[next(words.count)]
                text += next(5) == 0 ? word.uppercased() : next(5) == 0 ? word.lowercased() : word
            }
            return text + endings[next(endings.count)]
        }
    }

    @Test func answersAsRecorded() throws {
        let lines = Self.texts().map { text -> String in
            let answer = KeyParser.parse(text).map { "\($0.keysf) \($0.keymi) \($0.name)" } ?? "-"
            return "\(text.debugDescription)\t\(answer)"
        }
        let actual = lines.joined(separator: "\n") + "\n"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/key-parse-generated.tsv")
        if ProcessInfo.processInfo.environment["TAGRULES_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent); review it and run again without TAGRULES_RECORD_GOLDEN")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(expected.count == lines.count)
        for (line, (actual, expected)) in zip(lines, expected).enumerated() where actual != expected {
            Issue.record("line \(line + 1): got \(actual), recorded \(expected)")
        }
    }
}
