import Foundation
import Testing

@testable import PDFInfo

/// `SafeFileWriter.permissionRefusal`: the dry run's answer to "would the writer refuse this
/// file for its permissions?" is the writer's own answer.
struct PermissionRefusalTests {
    @Test func aWritableFileInAWritableFolderIsNotRefused() throws {
        let (folder, path) = try Self.score()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(SafeFileWriter.permissionRefusal(path: path) == nil)
    }

    @Test func aReadOnlyFileIsRefusedAsTheWriterRefusesIt() throws {
        let (folder, path) = try Self.score()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let refusal = try #require(SafeFileWriter.permissionRefusal(path: path))
        #expect(refusal.code == .permissionDenied)
        #expect(refusal.message == "file is read-only; nothing written")
        #expect(Self.stageError(path)?.message == refusal.message)
    }

    @Test func aFileInAReadOnlyFolderIsRefused() throws {
        let (folder, path) = try Self.score()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        let refusal = try #require(SafeFileWriter.permissionRefusal(path: path))
        #expect(refusal.message == "folder is read-only; nothing written")
        #expect(Self.stageError(path)?.message == refusal.message)
    }

    /// A link is judged by its target's folder, where the writer puts the temporary copy.
    @Test func aLinkIntoAReadOnlyFolderIsRefusedForThatFolder() throws {
        let (folder, path) = try Self.score()
        let links = try Tools.temporaryFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: links)
        }
        let link = links.appendingPathComponent("linked.pdf").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(SafeFileWriter.permissionRefusal(path: link) == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        #expect(SafeFileWriter.permissionRefusal(path: link)?.message == "folder is read-only; nothing written")
    }

    @Test func aMissingFileIsRefusedNamingIt() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gone.pdf").path
        let refusal = try #require(SafeFileWriter.permissionRefusal(path: path))
        #expect(refusal.path == path)
        #expect(refusal.message.contains("No such file"))
    }

    /// With the folders' checks kept in a `FolderChecks`, every file gets the answer it gets
    /// alone: plain files, links (to a file, to a read-only file, to nothing) and missing files,
    /// in a writable and a read-only folder, each asked twice so that the second answer comes
    /// from the kept check.
    @Test func keptFolderChecksGiveTheAnswersOfFreshOnes() throws {
        let (writable, plain) = try Self.score()
        let (readOnly, locked) = try Self.score()
        let links = try Tools.temporaryFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path)
            for folder in [writable, readOnly, links] { try? FileManager.default.removeItem(at: folder) }
        }
        let readOnlyFile = writable.appendingPathComponent("read-only.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: readOnlyFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnlyFile)
        let second = readOnly.appendingPathComponent("second.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: second))
        var paths = [plain, readOnlyFile, locked, second, writable.appendingPathComponent("gone.pdf").path]
        for (name, target) in [("plain", plain), ("read-only", readOnlyFile), ("locked", locked), ("nowhere", "/nonexistent/x.pdf")] {
            let link = links.appendingPathComponent("\(name).pdf").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            paths.append(link)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        let folders = FolderChecks()
        for path in paths + paths {
            let kept = SafeFileWriter.permissionRefusal(path: path, folders: folders)
            let fresh = SafeFileWriter.permissionRefusal(path: path)
            #expect(kept?.code == fresh?.code, "\(path)")
            #expect(kept?.message == fresh?.message, "\(path)")
            #expect(kept?.path == fresh?.path, "\(path)")
        }
        let answers = paths.map { SafeFileWriter.permissionRefusal(path: $0, folders: folders)?.message }
        #expect(answers == [
            nil, "file is read-only; nothing written", "folder is read-only; nothing written",
            "folder is read-only; nothing written", answers[4], nil, "file is read-only; nothing written",
            "folder is read-only; nothing written", answers[8],
        ])
        #expect(answers[4]?.contains("No such file") == true)
        #expect(answers[8]?.contains("No such file") == true)
    }

    private static func score() throws -> (URL, String) {
        let folder = try Tools.temporaryFolder()
        let path = folder.appendingPathComponent("score.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    private static func stageError(_ path: String) -> PDFError? {
        do {
            let update = try #require(try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: path), changes: ["Title": "Refused"], now: WriterTests.now,
                newFileID: WriterTests.fileID))
            SafeFileWriter.discard([try SafeFileWriter.stage(update, to: path)])
            return nil
        } catch let error as PDFError {
            return error
        } catch {
            return PDFError(.ioFailure, "\(error)")
        }
    }
}
