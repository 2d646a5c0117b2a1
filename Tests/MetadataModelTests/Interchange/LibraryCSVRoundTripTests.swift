import MetadataModel
import TestSupport
import Testing

/// Property tests over seeded random inputs: writing then reading changes nothing.
struct LibraryCSVRoundTripTests {
    /// Cells full of what CSV quoting must survive.
    struct CellGenerator {
        var rng: SplitMix64
        static let pieces = [
            ",", "\"", "\"\"", "\n", "\r", "\r\n", "\t", " ", "a", "é", "e\u{301}", "🎻", ";", "\u{FEFF}", "'", "=1+2",
        ]

        mutating func text() -> String {
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
        }

        mutating func number() -> String {
            [
                "", "0", "5", "-7", " 3", "+2", "2.5",
                String(Int.random(in: Int.min...Int.max, using: &rng)),
            ].randomElement(using: &rng)!
        }

        mutating func row() -> LibraryCSVRow {
            var row = LibraryCSVRow(filename: "f" + text())
            for column in LibraryCSV.Column.allCases.dropFirst() {
                row[column] = column.isNumeric ? number() : text()
            }
            return row
        }
    }

    @Test(arguments: [
        (UInt64(1), LibraryCSV.Separator.comma), (2, .comma), (3, .comma), (4, .tab), (5, .tab),
    ])
    func encodeThenDecodeIsIdentity(seed: UInt64, separator: LibraryCSV.Separator) throws {
        var generator = CellGenerator(rng: SplitMix64(seed: seed))
        let rows = (0..<200).map { _ in generator.row() }
        for header in [LibraryCSV.englishHeader, nil] {
            let text = LibraryCSV.encode(rows: rows, header: header, separator: separator)
            let table = try LibraryCSV.decode(text, separator: separator)
            #expect(table.header == header)
            #expect(table.records.map(\.row) == rows)
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15])
    func exportThenImportChangesNothing(seed: UInt64) throws {
        var generator = MetadataGenerator(seed: seed)
        var rng = SplitMix64(seed: seed)
        let scores: [(String, ScoreMetadata)] = (0..<100).map { index in
            var metadata = generator.valid()
            metadata.labels = Bool.random(using: &rng) ? ["Recital", "Solo \(index)"] : []
            return ("Score \(index) – \"é\", 1.pdf", metadata)
        }
        let rows = scores.flatMap { LibraryCSV.rows(filename: $0.0, metadata: $0.1, reference: "Ref, \($0.0)") }
        let table = try LibraryCSV.decode(LibraryCSV.encode(rows: rows))
        #expect(table.records.count == scores.count)
        for (record, (filename, metadata)) in zip(table.records, scores) {
            #expect(record.row.filename == filename)
            #expect(record.row.reference == "Ref, \(filename)")
            let (imported, diagnostics) = record.row.metadata(replacing: metadata)
            #expect(imported == metadata)
            // Reading reports exactly what validating the original reports (line breaks in titles,
            // semicolons, half keys): the CSV adds no surprises of its own.
            #expect(diagnostics.map(\.code) == ForScoreCodec.validate(metadata).diagnostics.map(\.code))
        }
    }
}
