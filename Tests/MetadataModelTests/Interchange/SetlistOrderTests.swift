import MetadataModel
import Testing

/// The `--sort` orders for a setlist's scores.
struct SetlistOrderTests {
    struct Score {
        var file: String
        var metadata: ScoreMetadata
    }

    static let scores = [
        Score(file: "b.pdf", metadata: ScoreMetadata(title: "Étude No. 10", composers: ["Chopin"], keysf: 0, keymi: 1)),
        Score(file: "a.pdf", metadata: ScoreMetadata(title: "etude No. 2", composers: ["Satie"], keysf: -1, keymi: 1)),
        Score(file: "Zeta.pdf", metadata: ScoreMetadata(composers: ["chopin"], keysf: 0, keymi: 0)),
        Score(file: "c.pdf", metadata: ScoreMetadata(title: "Air", keysf: 9, keymi: 0)),
        Score(file: "d.pdf", metadata: ScoreMetadata(title: "Ëtude No. 2", composers: ["Ångström"], keysf: -1)),
    ]

    @Test(arguments: [
        (SetlistOrder.title, ["c.pdf", "a.pdf", "d.pdf", "b.pdf", "Zeta.pdf"]),
        (.composer, ["d.pdf", "b.pdf", "Zeta.pdf", "a.pdf", "c.pdf"]),
        (.key, ["a.pdf", "Zeta.pdf", "b.pdf", "c.pdf", "d.pdf"]),
        (.path, ["a.pdf", "b.pdf", "c.pdf", "d.pdf", "Zeta.pdf"]),
    ])
    func sortsStablyIgnoringCaseAndDiacritics(order: SetlistOrder, files: [String]) {
        let sorted = order.sorted(Self.scores, filename: \.file, metadata: \.metadata, folding: .foundation)
        #expect(sorted.map(\.file) == files)
    }

    @Test func equalKeysKeepInputOrder() {
        let same = (0..<20).map { Score(file: "f\($0).pdf", metadata: ScoreMetadata(title: $0.isMultiple(of: 2) ? "Same" : "SAME")) }
        #expect(SetlistOrder.title.sorted(same, filename: \.file, metadata: \.metadata, folding: .foundation).map(\.file) == same.map(\.file))
    }

    @Test func numbersCompareAsNumbers() {
        let titles = ["No. 10", "No. 2", "No. 1", "No. 02b", "No. 100000000000000000000000", "No.", "No. 9"]
        let scores = titles.enumerated().map { Score(file: "\($0.offset).pdf", metadata: ScoreMetadata(title: $0.element)) }
        let sorted = SetlistOrder.title.sorted(scores, filename: \.file, metadata: \.metadata, folding: .foundation)
        #expect(sorted.map { $0.metadata.title! } == ["No.", "No. 1", "No. 2", "No. 02b", "No. 9", "No. 10", "No. 100000000000000000000000"])
    }
}
