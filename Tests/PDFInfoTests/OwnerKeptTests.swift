import Foundation
import Testing

@testable import PDFInfo

/// The writer skips `fchown` only where a new file already has the original's owner and group;
/// the replaced file keeps its owner, group and permission bits either way.
struct OwnerKeptTests {
    private static func record(uid: uid_t, gid: gid_t, mode: mode_t) -> stat {
        var info = stat()
        info.st_uid = uid
        info.st_gid = gid
        info.st_mode = mode
        return info
    }

    private static let (user, group) = (geteuid(), getegid())
    private static let other = gid_t(group == 4321 ? 4322 : 4321)

    @Test(arguments: [
        // (file uid, file gid, file mode, folder gid, folder mode, kept)
        (user, group, 0o100644, group, 0o40755, true),
        (user, group, 0o100600, other, 0o40755, false),  // a grpid mount would give the folder's group
        (user, other, 0o100644, group, 0o40755, false),
        (user &+ 1, group, 0o100644, group, 0o40755, false),
        (user, group, 0o104755, group, 0o40755, false),  // set-user-ID: fchown clears it
        (user, group, 0o102755, group, 0o40755, false),  // set-group-ID
        (user, other, 0o100644, other, 0o42775, true),  // set-group-ID folder: its group
        (user, group, 0o100644, other, 0o42775, false),
    ] as [(uid_t, gid_t, mode_t, gid_t, mode_t, Bool)])
    func fchownIsSkippedOnlyWhenItCouldChangeNothing(
        _ uid: uid_t, _ gid: gid_t, _ mode: mode_t, _ folderGroup: gid_t, _ folderMode: mode_t, _ kept: Bool
    ) {
        let info = Self.record(uid: uid, gid: gid, mode: mode)
        let folder = Self.record(uid: 0, gid: folderGroup, mode: folderMode)
        #expect(SafeFileWriter.ownerIsKept(info: info, folderInfo: folder) == kept)
    }

    @Test func aReplacedFileKeepsItsOwnerGroupAndMode() throws {
        let (folder, path) = try Self.score(mode: 0o640)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_uid == geteuid() && info.st_gid == getegid())
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    /// Only root can give a file away, so only root can check that a file owned by someone else
    /// stays theirs (the `fchown` that is not skipped).
    @Test(.enabled(if: geteuid() == 0)) func aFileOfAnotherUserStaysTheirs() throws {
        let (folder, path) = try Self.score(mode: 0o664)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chown(path, 4321, 4322) == 0)
        try Self.write(path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_uid == 4321 && info.st_gid == 4322)
        #expect(info.st_mode & 0o7777 == 0o664)
    }

    private static func score(mode: mode_t) throws -> (URL, String) {
        let folder = try Tools.temporaryFolder()
        let path = folder.appendingPathComponent("score.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
        return (folder, path)
    }

    private static func write(_ path: String) throws {
        let document = try PDFDocument.open(path: path)
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "Owned"], now: WriterTests.now, newFileID: WriterTests.fileID))
        #expect(SafeFileWriter.commit([try SafeFileWriter.stage(update, of: document)]) == [nil])
        #expect(try PDFDocument.open(path: path).info()["Title"] == "Owned")
    }
}
