import Foundation
import MetadataModel
import Testing

/// The demo library in ../shared/samples/library, read by qpdf and decoded by the model: each
/// file must give exactly what forScore's rules say.
struct SampleLibraryTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var file: String
        var metadata: ScoreMetadata
        var diagnostics: [(Diagnostic.Code, MetadataField?)] = []
        var testDescription: String { file }
    }

    static let readable: [Sample] = [
        // /Composer is not one of forScore's four entries; the legacy 1-based difficulty 2
        // reads as 2 and the modern rating stands.
        Sample(
            file: "Bach - Minuet in G major BWV Anh 114.pdf",
            metadata: ScoreMetadata(title: "Minuet in G", tags: ["piano", "beginner"], rating: 4, difficulty: 2),
            diagnostics: [(.legacyKeyword, .difficulty)]),
        Sample(
            file: "Beethoven_Ode_to_Joy_D.pdf",
            metadata: ScoreMetadata(title: "Ode to Joy", composers: ["Ludwig van Beethoven"])),
        Sample(
            file: "Chopin Nocturne Op.9 No.2 Es-Dur.pdf",
            metadata: ScoreMetadata(title: "Nocturne")),
        Sample(
            file: "Greensleeves (Traditional) - E minor.pdf",
            metadata: ScoreMetadata(title: "Greensleeves", tags: ["folk; guitar"]),
            diagnostics: [(.semicolonSeparated, .tags)]),
        // "Chopin, Frédéric" is two composers to forScore.
        Sample(
            file: "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf",
            metadata: ScoreMetadata(
                title: "Prelude Op. 28 No. 7", composers: ["Chopin", "Frédéric"], genres: ["Romantic"])),
        // Encrypted with an empty user password: readable; its Info was copied from the Beethoven file.
        Sample(
            file: "Mozart - Twinkle Variations K265 (encrypted).pdf",
            metadata: ScoreMetadata(title: "Ode to Joy")),
        // Keywords "rating:9, difficulty:two, duration:-30, keysf:12".
        Sample(
            file: "Satie - Gymnopédie No. 1 in D major.pdf",
            metadata: ScoreMetadata(
                title: "Gymnopédie No. 1", composers: ["Erik Satie"], rating: 5, difficulty: 0, duration: 0, keysf: 7),
            diagnostics: [
                (.clamped, .rating), (.nonNumeric, .difficulty), (.clamped, .duration), (.clamped, .keysf),
                (.keysfWithoutKeymi, .keysf),
            ]),
    ]

    /// Files that are not readable PDFs: skipped on purpose, and checked to be unreadable.
    static let unreadable = ["Truncated download - Handel Sarabande.pdf", "notes.pdf"]

    @Test(arguments: readable)
    func decodesAsForScoreDoes(_ sample: Sample) throws {
        let info = try QPDFInfoOracle.info(of: SharedFiles.sampleLibrary.appendingPathComponent(sample.file))
        let (metadata, diagnostics) = ForScoreCodec.decode(info)
        #expect(metadata == sample.metadata)
        #expect(diagnostics.map(\.code) == sample.diagnostics.map(\.0))
        #expect(diagnostics.map(\.field) == sample.diagnostics.map(\.1))
    }

    @Test func satieMessagesQuoteTheKeywords() throws {
        let file = SharedFiles.sampleLibrary.appendingPathComponent("Satie - Gymnopédie No. 1 in D major.pdf")
        let (_, diagnostics) = ForScoreCodec.decode(try QPDFInfoOracle.info(of: file))
        #expect(
            diagnostics.map(\.message).prefix(4) == [
                "'rating:9' is read as 9, above 5; forScore shows 5",
                "'difficulty:two' has no whole number; forScore reads 0",
                "'duration:-30' is read as -30, below 0; forScore shows 0",
                "'keysf:12' is read as 12, above 7; forScore shows 7",
            ])
    }

    @Test(arguments: unreadable)
    func unreadableFilesAreSkippedExplicitly(file: String) {
        #expect(throws: QPDFInfoOracle.Failure.self) {
            try QPDFInfoOracle.info(of: SharedFiles.sampleLibrary.appendingPathComponent(file))
        }
    }

    @Test func everySampleIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedFiles.sampleLibrary.path)
        let covered = Set(Self.readable.map(\.file) + Self.unreadable)
        func normalized(_ names: some Sequence<String>) -> Set<String> {
            Set(names.map(\.precomposedStringWithCanonicalMapping))
        }
        #expect(normalized(files) == normalized(covered))
    }
}
