import Foundation
import Testing

@testable import PDFInfo
import TestSupport

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

    @Test func stagingFromTheOpenDocumentWritesWhatAppendWrites() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = minimalPDF().bytes
        let (viaPath, viaDocument) = (folder.appendingPathComponent("a.pdf").path, folder.appendingPathComponent("b.pdf").path)
        for path in [viaPath, viaDocument] {
            try Data(original).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o640)
        }
        let document = try PDFDocument.open(path: viaDocument)
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "Berceuse"], now: WriterTests.now, newFileID: WriterTests.fileID))
        try SafeFileWriter.append(update, to: viaPath)
        #expect(SafeFileWriter.commit([try SafeFileWriter.stage(update, of: document)]) == [nil])
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: viaDocument)))
        #expect(written == original + update.bytes)
        #expect(written == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: viaPath)))))
        #expect((try FileManager.default.attributesOfItem(atPath: viaDocument)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.pdf", "b.pdf"])
    }

    /// The stamp compared before the rename is the one taken when the document was opened, so
    /// a change between reading and staging is refused too (not only one after staging).
    @Test func aFileChangedAfterItWasOpenedIsNotReplaced() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = minimalPDF().bytes
        let (appended, replaced) = (folder.appendingPathComponent("a.pdf").path, folder.appendingPathComponent("b.pdf").path)
        var staged: [StagedReplacement] = []
        for path in [appended, replaced] {
            try Data(original).write(to: URL(fileURLWithPath: path))
            let document = try PDFDocument.open(path: path)
            let update = try #require(try IncrementalUpdateWriter.prepare(
                document: document, changes: ["Title": "Late"], now: WriterTests.now, newFileID: WriterTests.fileID))
            if path == appended {
                try appendBytes("% another program\n".utf8, toFileAt: path)
            } else {
                // Another program saved a new file of the same length under the name.
                var other = original
                other[other.count - 2] = UInt8(ascii: "\n")
                try Data(other).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            staged.append(try SafeFileWriter.stage(update, of: document))
        }
        let results = SafeFileWriter.commit(staged)
        #expect(results.map { $0?.code } == [.fileChanged, .fileChanged])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: appended))) == original + Array("% another program\n".utf8))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: replaced))).count == original.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.pdf", "b.pdf"])
    }
}
