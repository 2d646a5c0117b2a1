import Foundation
import Testing

@testable import PDFInfo

/// `SafeFileWriter.stage` + `commit`: many files flushed together, each still replaced
/// atomically, and a file that changes between staging and commit left alone.
struct GroupCommitTests {
    @Test func aGroupOfFilesIsReplacedAndNoTemporaryFileRemains() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = SafeFileWriter.groupFlushThreshold + 4  // large enough for the syncfs path
        let original = minimalPDF().bytes
        var staged: [StagedReplacement] = []
        var updates: [PreparedUpdate] = []
        for index in 0..<count {
            let path = folder.appendingPathComponent("score-\(index).pdf").path
            try Data(original).write(to: URL(fileURLWithPath: path))
            let update = try #require(try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: path), changes: ["Title": "Nocturne \(index)"],
                now: WriterTests.now, newFileID: WriterTests.fileID))
            staged.append(try SafeFileWriter.stage(update, to: path))
            updates.append(update)
        }
        // Staged copies sit beside the originals, which are untouched until the commit.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2 * count)
        #expect(try Data(contentsOf: folder.appendingPathComponent("score-0.pdf")) == Data(original))

        // One original changes after staging: its replacement must not overwrite that change.
        let changed = folder.appendingPathComponent("score-1.pdf")
        try Data(original + Array("% edited\n".utf8)).write(to: changed)

        let results = SafeFileWriter.commit(staged)
        #expect(results[1]?.code == .fileChanged)
        #expect(try Data(contentsOf: changed) == Data(original + Array("% edited\n".utf8)))
        for index in 0..<count where index != 1 {
            #expect(results[index] == nil)
            let path = folder.appendingPathComponent("score-\(index).pdf").path
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == original + updates[index].bytes)
            #expect(try PDFDocument.open(path: path).info()["Title"] == "Nocturne \(index)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == count)
    }

    @Test func discardRemovesStagedCopiesAndLeavesTheOriginal() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("score.pdf").path
        let original = minimalPDF().bytes
        try Data(original).write(to: URL(fileURLWithPath: path))
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: PDFDocument.open(path: path), changes: ["Title": "Kept out"], now: WriterTests.now,
            newFileID: WriterTests.fileID))
        SafeFileWriter.discard([try SafeFileWriter.stage(update, to: path)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["score.pdf"])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == original)
    }
}
