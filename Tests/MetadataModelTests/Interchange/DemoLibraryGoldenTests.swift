import Foundation
import MetadataModel
import Testing

/// The demo library (../shared/samples/library) as forScore sees it, read with qpdf and
/// decoded by the model, written as a library CSV and as a 4SS setlist and compared with
/// golden files in Fixtures/.
struct DemoLibraryGoldenTests {
    /// Every readable demo file with forScore's view of it, in file-name order.
    static func library() throws -> [(file: String, metadata: ScoreMetadata)] {
        try SampleLibraryTests.readable.map { sample in
            let info = try QPDFInfoOracle.info(of: SharedFiles.sampleLibrary.appendingPathComponent(sample.file))
            return (sample.file, ForScoreCodec.decode(info).metadata)
        }
    }

    static func csv() throws -> String {
        LibraryCSV.encode(rows: try library().flatMap { LibraryCSV.rows(filename: $0.file, metadata: $0.metadata) })
    }

    /// The recital setlist: every score by title, with an interval after the third.
    static func recital() throws -> Setlist {
        let scores = SetlistOrder.title.sorted(
            try library(), filename: \.file, metadata: \.metadata, folding: .foundation)
        var entries = scores.map { Setlist.Entry.score(path: $0.file, title: $0.metadata.shownTitle(filename: $0.file)) }
        entries.insert(.placeholder(title: "Interval"), at: 3)
        return Setlist(title: "Spring recital", entries: entries)
    }

    @Test func csvMatchesGolden() throws {
        try Golden.check(try Self.csv(), against: "demo-library.csv")
    }

    @Test func goldenCSVImportsBackUnchanged() throws {
        let library = try Self.library()
        let table = try LibraryCSV.decode(try Golden.text("demo-library.csv"))
        #expect(table.header == LibraryCSV.englishHeader)
        #expect(table.records.map(\.row.filename) == library.map(\.file))
        for (record, score) in zip(table.records, library) {
            #expect(record.row.metadata(replacing: score.metadata).metadata == score.metadata, "\(score.file)")
        }
    }

    @Test func setlistMatchesGolden() throws {
        try Golden.check(try Self.recital().xml, against: "demo-library.4ss")
    }

    @Test func goldenSetlistFollowsTheRulesAndMatchesTheLibraryExactly() throws {
        let (setlist, diagnostics) = try Setlist.parse(xml: try Golden.text("demo-library.4ss"))
        #expect(diagnostics.isEmpty)
        #expect(setlist == (try Self.recital()))
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedFiles.sampleLibrary.path)
        let matcher = SetlistMatcher(library: files.map { SetlistMatcher.Item(filename: $0) }, folding: .foundation)
        let levels = setlist.entries.compactMap { matcher.match($0)?.level }
        #expect(levels == Array(repeating: .exact, count: 7))
    }

    @Test(arguments: ["Bach - Minuet in G major BWV Anh 114.pdf", "Satie - Gymnopédie No. 1 in D major.pdf"])
    func embeddedPDFDecodesToTheIdenticalBytes(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: SharedFiles.sampleLibrary.appendingPathComponent(file)))
        let setlist = Setlist(title: "Embedded", entries: [.score(path: file, title: "T", data: bytes)])
        let xml = setlist.xml
        #expect(xml.contains("data=\"\(Data(bytes).base64EncodedString())\""))
        let (parsed, _) = try Setlist.parse(xml: xml)
        guard case .score(_, _, let data?) = try #require(parsed.entries.first) else {
            Issue.record("no data")
            return
        }
        #expect(data == bytes)
    }
}
