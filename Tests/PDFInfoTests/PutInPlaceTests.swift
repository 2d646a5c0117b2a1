import Foundation
import Testing

@testable import PDFInfo
import TestSupport

/// `SafeFileWriter.putInPlace`, the middle step of a commit: the copy replaces the original,
/// unless the original changed since it was staged.
struct PutInPlaceTests {
    private func staged(in folder: URL, name: String, title: String) throws -> (path: String, update: PreparedUpdate, staged: StagedReplacement) {
        let path = folder.appendingPathComponent(name).path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: PDFDocument.open(path: path), changes: ["Title": title], now: WriterTests.now,
            newFileID: WriterTests.fileID))
        return (path, update, try SafeFileWriter.stage(update, to: path))
    }

    @Test func theCopyReplacesTheOriginal() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, update, staged) = try staged(in: folder, name: "score.pdf", title: "Impromptu")
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(SafeFileWriter.flush([staged], asGroup: false) == [nil])

        try SafeFileWriter.putInPlace(staged)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == minimalPDF().bytes + update.bytes)
        #expect(try PDFDocument.open(path: path).info()["Title"] == "Impromptu")
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino != before.st_ino, "the copy took the name")
        SafeFileWriter.syncFolders([staged.folder])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["score.pdf"])
    }

    @Test func anOriginalChangedSinceStagingIsLeftAloneAndTheCopyRemoved() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, _, staged) = try staged(in: folder, name: "score.pdf", title: "Late")
        try appendBytes("% another program\n".utf8, toFileAt: path)
        do {
            try SafeFileWriter.putInPlace(staged)
            Issue.record("a changed original was replaced")
        } catch {
            #expect(error.code == .fileChanged)
            #expect(error.path == path)
        }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == minimalPDF().bytes + Array("% another program\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["score.pdf"])
    }

    @Test func anOriginalThatVanishedIsReportedAsChanged() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, _, staged) = try staged(in: folder, name: "score.pdf", title: "Gone")
        #expect(unlink(path) == 0)
        #expect(throws: PDFError.self) { _ = try SafeFileWriter.putInPlace(staged) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
