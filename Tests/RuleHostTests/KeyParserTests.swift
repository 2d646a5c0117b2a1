import Foundation
import MetadataModel
import Testing

@testable import RuleHost

/// One row of Fixtures/key-titles.tsv: a real-world title or filename and the key it states.
struct KeyTitleCase: CustomStringConvertible, Sendable {
    let line: Int
    let text: String
    let keysf: Int?
    let keymi: Int?
    let name: String

    var description: String { "line \(line): \(text)" }

    /// Reads the table beside this file (`Fixtures/key-titles.tsv`).
    static func load() throws -> [KeyTitleCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/key-titles.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [KeyTitleCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("text\t") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 4, "line \(index + 1) needs 4 tab-separated fields")
            cases.append(
                KeyTitleCase(
                    line: index + 1, text: fields[0], keysf: Int(fields[1]), keymi: Int(fields[2]), name: fields[3]))
        }
        return cases
    }
}

struct KeyParserTests {
    /// The table is ground truth: it must be big enough and consistent with forScore's key
    /// table (name and numbers agree) before it can judge the parser.
    @Test func tableIsWellFormed() throws {
        let cases = try KeyTitleCase.load()
        #expect(cases.count >= 300)
        #expect(cases.filter { $0.keysf == nil }.count >= 80)
        #expect(Set(cases.map(\.text)).count == cases.count, "texts must be unique")
        for row in cases {
            if let keysf = row.keysf, let keymi = row.keymi {
                let key = try #require(Key(keysf: keysf, keymi: keymi), "\(row)")
                #expect(Key(name: row.name) == key, "\(row): name '\(row.name)' does not match keysf/keymi")
            } else {
                #expect(row.keysf == nil && row.keymi == nil && row.name.isEmpty, "\(row): partial key")
            }
        }
    }

    /// At least 99 % of the real-world table is read correctly; every miss is listed.
    @Test func readsRealWorldTitles() throws {
        let cases = try KeyTitleCase.load()
        var misses: [String] = []
        for row in cases {
            let key = KeyParser.parse(row.text)
            if key?.keysf != row.keysf || key?.keymi != row.keymi {
                let expected = row.name.isEmpty ? "no key" : row.name
                misses.append("\(row): expected \(expected), got \(key?.name ?? "no key")")
            }
        }
        let accuracy = Double(cases.count - misses.count) / Double(cases.count)
        let report = misses.joined(separator: "\n")
        if !misses.isEmpty { print("KeyParser misses (\(misses.count) of \(cases.count)):\n\(report)") }
        #expect(accuracy >= 0.99, "accuracy \(accuracy); misses:\n\(report)")
    }

    @Test(arguments: [
        ("Prelude in D-sharp major", "E♭ major"),  // nine sharps, read enharmonically
        ("Ges-Moll", "F♯ minor"),
        ("His-Dur", "C major"),
        ("Fes-Dur", "E major"),
        ("A-sharp minor", "A♯ minor"),
        ("C-flat major", "C♭ major"),
    ])
    func respellsKeysOutsideTheTableEnharmonically(text: String, name: String) {
        #expect(KeyParser.parse(text) == Key(name: name))
    }

    /// The longest spelling each tonic reader accepts, and every first letter: the quick
    /// shape test in front of the readers must let all of them through.
    @Test(arguments: [
        ("Fsharpminor", "F♯ minor"),  // letter + "sharp" + "minor": 11 bytes
        ("Etude Bflatmajor", "B♭ major"),
        ("sol♭ maggiore", "G♭ major"),  // "sol" + "♭": 6 bytes
        ("Ut majeur", "C major"),
        ("Lab majeur", "A♭ major"),
        ("Ais-Dur", "B♭ major"),
        ("H-Moll", "B minor"),
        ("Messe in Es", "E♭ major"),
        ("Re minore", "D minor"),
        ("Mi bémol majeur", "E♭ major"),
        ("Prélude en ré mineur", "D minor"),
        ("Gymnopédie in G", "G major"),
    ])
    func readsEveryTonicShape(text: String, name: String) {
        #expect(KeyParser.parse(text) == Key(name: name))
    }

    @Test func prefersTheLeftmostStrongEvidence() {
        #expect(KeyParser.parse("Sonata in A minor (arranged in G minor)")?.name == "A minor")
        #expect(KeyParser.parse("Prelude in C - Fugue_G")?.name == "C major")
    }

    @Test func weakTrailingLetterNeedsASeparatorOtherThanSpace() {
        #expect(KeyParser.parse("Ode_to_Joy_D")?.name == "D major")
        #expect(KeyParser.parse("Ode to Joy D") == nil)
        #expect(KeyParser.parse("Ode to Joy Db")?.name == "D♭ major")
        #expect(KeyParser.parse("Dm")?.name == "D minor")
    }

    /// The whole text naming a key is that key, as the helper's documentation says.
    @Test(arguments: [("F", "F major"), ("D", "D major"), ("d", "D minor"), ("Bb", "B♭ major"), ("F#m", "F♯ minor")])
    func aTextThatIsOnlyAKeyIsThatKey(text: String, name: String) {
        #expect(KeyParser.parse(text)?.name == name)
    }

    /// A lowercase letter is minor in titles and filenames alike; after "in", a text all in
    /// lowercase says nothing by case (a lowercased filename).
    @Test(arguments: [
        ("Fuge in g", "G minor"), ("Fuge in G", "G major"), ("fuge in g", "G major"), ("Fugue in c", "C minor"),
        ("bach_bwv847_fugue_c", "C minor"), ("Mozart_Symphony_No40_g", "G minor"), ("Messe in h", "B minor"),
        ("Sonate in fis", "F♯ minor"),
    ])
    func lowercaseMeansMinor(text: String, name: String) {
        #expect(KeyParser.parse(text)?.name == name)
    }

    /// Letters of catalogue and section numbers, labels and arrangers' marks are never keys.
    @Test(arguments: [
        "Nutcracker Suite Op. 71a", "Partita BWV 1006a", "Fantasia KV 397 (385g)", "Menuett K. 1 (1e)",
        "Sonata Op. 27 No. 2b", "Hungarian Dance No. 5 (arr. A)", "Impromptu D. 899", "Sonata L. 23",
        "Hob. XVI:52", "Rhapsody S. 244", "Sonata Sz. 80", "Trio M. 67", "Sonata FWV 8", "Part B",
        "Volume A", "Suite TWV 55:C3a", "Liebestraum LW A103", "Concerto RV 522a", "L'Artabano, RV 706-d",
        "Fantasia in Echo style in D dorian", "SixStudiesA", "Toccata in G mixolydian",
    ])
    func catalogueNumbersAndLabelsAreNoKeys(text: String) {
        #expect(KeyParser.parse(text) == nil, "\(text)")
    }

    /// A key without a mode is major; a transposing instrument's key is not the piece's.
    @Test(arguments: [
        ("Suite No. 1 in E-flat - Clarinet in B-flat", "E♭ major"), ("Concerto in Es", "E♭ major"),
        ("Horn 3 in F - Romance in A-flat", "A♭ major"), ("Bes groot", "B♭ major"), ("a klein", "A minor"),
        ("Concerto en ré majeur", "D major"), ("Sonata in Re maggiore", "D major"), ("Sonata en Re mayor", "D major"),
        ("Sonate B-Dur", "B♭ major"), ("Sonate H-Dur", "B major"), ("Sonata in B", "B major"), ("Prelude in C♯", "C♯ major"),
        ("Prelude in Cmin", "C minor"), ("Es-Dur", "E♭ major"), ("As-Dur Walzer", "A♭ major"),
    ])
    func keysWithoutModeAreMajor(text: String, name: String) {
        #expect(KeyParser.parse(text)?.name == name)
    }

    @Test(arguments: ["Clarinet in B-flat", "Horn 3 in F", "Clarinetto in B", "Trumpet in C", "Bb Trumpet", "Corno in Es"])
    func transposingInstrumentsAreNoKeys(text: String) {
        #expect(KeyParser.parse(text) == nil, "\(text)")
    }

    @Test func germanBIsBFlatOnlyInGermanContext() {
        #expect(KeyParser.parse("B-Dur")?.name == "B♭ major")
        #expect(KeyParser.parse("B major")?.name == "B major")
        #expect(KeyParser.parse("Sonata in B")?.name == "B major")
        #expect(KeyParser.parse("Sonate für Klavier in B")?.name == "B♭ major")
    }

    @Test func hostileInputIsHarmless() {
        #expect(KeyParser.parse("") == nil)
        #expect(KeyParser.parse(".pdf") == nil)
        #expect(KeyParser.parse(" (1)") == nil)
        #expect(KeyParser.parse(String(repeating: "in ", count: 5000)) == nil)
        #expect(KeyParser.parse("♭♯#") == nil)
        #expect(KeyParser.parse(String(repeating: "E-flat ", count: 2000))?.name == "E♭ major")
    }
}
