import Foundation
import MetadataModel
import Testing

/// One row of pdf-metadata.txt's key table, with the ASCII spelling tagrules also accepts.
struct KeyRow: Sendable, CustomTestStringConvertible {
    var keysf: Int
    var keymi: Int
    var name: String
    var ascii: String
    var testDescription: String { name }
}

/// The 30 keys, typed in from pdf-metadata.txt's table.
let keyTable: [KeyRow] = [
    KeyRow(keysf: -7, keymi: 0, name: "C♭ major", ascii: "Cb major"),
    KeyRow(keysf: -6, keymi: 0, name: "G♭ major", ascii: "Gb major"),
    KeyRow(keysf: -5, keymi: 0, name: "D♭ major", ascii: "Db major"),
    KeyRow(keysf: -4, keymi: 0, name: "A♭ major", ascii: "Ab major"),
    KeyRow(keysf: -3, keymi: 0, name: "E♭ major", ascii: "Eb major"),
    KeyRow(keysf: -2, keymi: 0, name: "B♭ major", ascii: "Bb major"),
    KeyRow(keysf: -1, keymi: 0, name: "F major", ascii: "F major"),
    KeyRow(keysf: 0, keymi: 0, name: "C major", ascii: "C major"),
    KeyRow(keysf: 1, keymi: 0, name: "G major", ascii: "G major"),
    KeyRow(keysf: 2, keymi: 0, name: "D major", ascii: "D major"),
    KeyRow(keysf: 3, keymi: 0, name: "A major", ascii: "A major"),
    KeyRow(keysf: 4, keymi: 0, name: "E major", ascii: "E major"),
    KeyRow(keysf: 5, keymi: 0, name: "B major", ascii: "B major"),
    KeyRow(keysf: 6, keymi: 0, name: "F♯ major", ascii: "F# major"),
    KeyRow(keysf: 7, keymi: 0, name: "C♯ major", ascii: "C# major"),
    KeyRow(keysf: -7, keymi: 1, name: "A♭ minor", ascii: "Ab minor"),
    KeyRow(keysf: -6, keymi: 1, name: "E♭ minor", ascii: "Eb minor"),
    KeyRow(keysf: -5, keymi: 1, name: "B♭ minor", ascii: "Bb minor"),
    KeyRow(keysf: -4, keymi: 1, name: "F minor", ascii: "F minor"),
    KeyRow(keysf: -3, keymi: 1, name: "C minor", ascii: "C minor"),
    KeyRow(keysf: -2, keymi: 1, name: "G minor", ascii: "G minor"),
    KeyRow(keysf: -1, keymi: 1, name: "D minor", ascii: "D minor"),
    KeyRow(keysf: 0, keymi: 1, name: "A minor", ascii: "A minor"),
    KeyRow(keysf: 1, keymi: 1, name: "E minor", ascii: "E minor"),
    KeyRow(keysf: 2, keymi: 1, name: "B minor", ascii: "B minor"),
    KeyRow(keysf: 3, keymi: 1, name: "F♯ minor", ascii: "F# minor"),
    KeyRow(keysf: 4, keymi: 1, name: "C♯ minor", ascii: "C# minor"),
    KeyRow(keysf: 5, keymi: 1, name: "G♯ minor", ascii: "G# minor"),
    KeyRow(keysf: 6, keymi: 1, name: "D♯ minor", ascii: "D# minor"),
    KeyRow(keysf: 7, keymi: 1, name: "A♯ minor", ascii: "A# minor"),
]

struct KeyTests {
    @Test(arguments: keyTable)
    func numbersToName(row: KeyRow) throws {
        let key = try #require(Key(keysf: row.keysf, keymi: row.keymi))
        #expect(key.name == row.name)
        #expect(key.asciiName == row.ascii)
        #expect(key.description == row.name)
    }

    @Test(arguments: keyTable)
    func nameToNumbers(row: KeyRow) throws {
        let spellings = [
            row.name, row.ascii, row.name.uppercased(), row.ascii.lowercased(),
            row.ascii.replacingOccurrences(of: "b ", with: "-flat ").replacingOccurrences(of: "# ", with: "-sharp "),
            row.ascii.replacingOccurrences(of: "b ", with: " flat ").replacingOccurrences(of: "# ", with: " sharp ")
                .lowercased(),
            "  " + row.name.replacingOccurrences(of: " ", with: "\t ") + " ",
        ]
        for spelling in spellings {
            let key = try #require(Key(name: spelling), "\(spelling)")
            #expect(key.keysf == row.keysf && key.keymi == row.keymi, "\(spelling)")
        }
    }

    @Test(arguments: keyTable)
    func metadataKeyProperty(row: KeyRow) throws {
        var metadata = ScoreMetadata()
        metadata.key = Key(name: row.name)
        #expect(metadata.keysf == row.keysf && metadata.keymi == row.keymi)
        #expect(metadata.key?.name == row.name)
        metadata.key = nil
        #expect(metadata.keysf == nil && metadata.keymi == nil)
    }

    /// Cross-checks the typed-in table against the table text in the spec itself.
    @Test func tableMatchesSpecText() throws {
        let text = try String(contentsOf: SharedFiles.forScoreSpec("pdf-metadata.txt"), encoding: .utf8)
        let row = try Regex(#"^(-?\d) ([01]) (\S+ major) (-?\d) ([01]) (\S+ minor)$"#)
        var parsed: [(Int, Int, String)] = []
        for line in text.split(separator: "\n") {
            guard let match = try row.wholeMatch(in: String(line)) else { continue }
            let cells = match.output.dropFirst().compactMap { $0.substring.map(String.init) }
            parsed.append((Int(cells[0])!, Int(cells[1])!, cells[2]))
            parsed.append((Int(cells[3])!, Int(cells[4])!, cells[5]))
        }
        #expect(parsed.count == 30)
        for (keysf, keymi, name) in parsed {
            #expect(Key(keysf: keysf, keymi: keymi)?.name == name)
            #expect(Key(name: name) == Key(keysf: keysf, keymi: keymi))
        }
        #expect(Set(parsed.map(\.2)) == Set(Key.all.map(\.name)))
    }

    @Test func allIsInTableOrder() {
        #expect(Key.all.map(\.name) == keyTable.map(\.name))
    }

    @Test(arguments: [(-8, 0), (8, 1), (0, 2), (0, -1), (Int.min, 0), (Int.max, 1)])
    func outOfRangeNumbersAreNoKey(keysf: Int, keymi: Int) {
        #expect(Key(keysf: keysf, keymi: keymi) == nil)
        #expect(ScoreMetadata(keysf: keysf, keymi: keymi).key == nil)
    }

    @Test(arguments: [
        "", "major", "E♭", "H major", "D♯ major", "G♭ minor", "E♭ dorian", "Eb  ", "E- major", "E b major",
        "Ebb major", "E♭♭ major", "Es-Dur", "C majors", "sharp C major",
    ])
    func notAKeyName(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test func halfAKeyIsNoKey() {
        #expect(ScoreMetadata(keysf: 3).key == nil)
        #expect(ScoreMetadata(keymi: 1).key == nil)
    }

    @Test func codableRejectsInvalidPairs() throws {
        let key = try #require(Key(name: "E♭ major"))
        let data = try JSONEncoder().encode(key)
        #expect(String(decoding: data, as: UTF8.self).contains("\"keysf\":-3"))
        #expect(try JSONDecoder().decode(Key.self, from: data) == key)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Key.self, from: Data(#"{"keysf": 9, "keymi": 0}"#.utf8))
        }
    }
}
