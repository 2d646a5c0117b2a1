import Foundation
import MetadataModel
@testable import PDFInfo
import Testing

@testable import TagrulesKit

/// `ScoreWriter.infoStrings`, the write path's re-read of the four Info strings, against the
/// reading path's (`LoadedScore` from every text value): the same strings for every corpus file
/// and for Info dictionaries with repeated and non-text entries.
struct ScoreWriterInfoTests {
    private func readingPath(_ info: DocumentInfo) -> InfoStrings {
        var score = LoadedScore(path: "")
        score.info = info.textValues
        return score.infoStrings
    }

    @Test func corpusFilesReadTheSameAsTheReadingPath() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.corpus.path).filter { $0.hasSuffix(".pdf") }
        #expect(files.count > 100)
        var compared = 0
        for file in files {
            guard let info = try? PDFDocument.open(path: Fixtures.corpus.appendingPathComponent(file).path).info() else { continue }
            #expect(ScoreWriter.infoStrings(info) == readingPath(info), "\(file)")
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test(arguments: [
        [("Title", PDFObject.string(Array("First".utf8))), ("Title", .string(Array("Second".utf8)))],
        [("Keywords", .string(Array("a, b".utf8))), ("Keywords", .array([.integer(1)]))],
        [("Author", .name("Bach")), ("Subject", .integer(7)), ("Subject", .null), ("Creator", .string([0xFE, 0xFF, 0, 0x41]))],
        [("Title", .string([0xFE, 0xFF, 0x00, 0xE9])), ("Author", .bool(true)), ("Title2", .string(Array("x".utf8)))],
        [],
    ])
    func repeatedAndNonTextEntriesReadTheSame(entries: [(String, PDFObject)]) {
        let info = DocumentInfo(ref: nil, entries: entries.map { InfoEntry(key: PDFName($0.0), value: $0.1) })
        #expect(ScoreWriter.infoStrings(info) == readingPath(info))
    }
}
