import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A full disk (issue 9): a small tmpfs mounted for the test, filled so that the temporary copy
/// beside a score runs out of space halfway. The write fails with a message naming the score,
/// the partial copy is removed, and the score keeps its bytes — for `set` and for `undo`.
///
/// Mounting needs root (CI runs as root); elsewhere the suite is skipped and says why, as no
/// honest substitute makes `write` return `ENOSPC` without a real full filesystem.
@Suite(.enabled(if: SmallDisk.canMount, "needs permission to mount a tmpfs (run as root, as CI does)"), .serialized)
struct BadInputDiskFullTests {
    @Test func setOnAFullDisk() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let score = disk.root.appendingPathComponent("score.pdf")
        try FileManager.default.copyItem(at: Fixtures.library.appendingPathComponent(Fixtures.Demo.bach), to: score)
        try disk.fill(leaving: 16 * 1024)

        let before = DiskState(disk.root)
        let result = try CLI.run(["set", disk.root.path, "--add-tag", "full"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(score.path): error: disk full; nothing written [io-failure]"), "\(result.stderr)")
        #expect(DiskState(disk.root) == before, "the score keeps its bytes; the partial copy is gone")
    }

    @Test func undoOnAFullDisk() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let score = disk.root.appendingPathComponent("score.pdf")
        try FileManager.default.copyItem(at: Fixtures.library.appendingPathComponent(Fixtures.Demo.satie), to: score)
        let written = try CLI.run(["set", score.path, "--add-tag", "before-full"])
        try #require(written.status == 0, "\(written.stderr)")
        try disk.fill(leaving: 16 * 1024)

        let before = DiskState(disk.root)
        let result = try CLI.run(["undo", disk.root.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(score.path): error: disk full; nothing written [io-failure]"), "\(result.stderr)")
        #expect(DiskState(disk.root) == before)
    }
}

/// A tmpfs of 256 KiB mounted on a scratch folder.
struct SmallDisk {
    let scratch: Fixtures.Scratch
    let root: URL

    /// Whether this process may mount one (tried once, on a throwaway folder).
    static let canMount: Bool = {
        guard geteuid() == 0, let disk = try? SmallDisk() else { return false }
        disk.unmount()
        return true
    }()

    init() throws {
        scratch = try Fixtures.Scratch()
        root = scratch.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let mount = CLI.which("mount") ?? URL(fileURLWithPath: "/bin/mount")
        let result = try CLI.execute(mount, ["-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", root.path])
        guard result.status == 0 else {
            scratch.remove()
            throw POSIXError(.EPERM)
        }
    }

    /// Fills the disk with a file of zeros until the system says it is full, then frees
    /// `leaving` bytes, so that a larger write fails midway.
    func fill(leaving: Int) throws {
        let path = root.appendingPathComponent("filler").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        var size = 0
        while true {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            size += written
        }
        try #require(errno == ENOSPC, "the tmpfs fills up")
        try #require(ftruncate(descriptor, off_t(max(size - leaving, 0))) == 0)
    }

    func unmount() {
        let umount = CLI.which("umount") ?? URL(fileURLWithPath: "/bin/umount")
        if (try? CLI.execute(umount, [root.path]))?.status != 0 {
            _ = try? CLI.execute(umount, ["-l", root.path])
        }
        scratch.remove()
    }
}
