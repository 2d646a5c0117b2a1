import Foundation
import Testing

@testable import TagrulesKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder walk (`FolderListing`: entries described by `fstatat` relative to the open
/// folder) against `stat` by path, and the rules that depend on a file's identity: a file reached twice
/// — by a hard link, a symbolic link to a file or to a folder — is listed once, under the first
/// path reached, whichever of the two lookups described it.
struct DiscoveryLinkTests {
    /// A scratch folder holding `root/`, removed by `remove()`.
    private struct Tree {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tagrules-links-\(UUID().uuidString)").path
        var root: String { base + "/root" }

        init(files: [String]) throws {
            for file in files {
                let path = root + "/" + file
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: path))
            }
        }

        func link(_ name: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: destination)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func hardLinksAreListedOnce() throws {
        let tree = try Tree(files: ["a/score.pdf", "b/other.pdf"])
        defer { tree.remove() }
        #expect(link(tree.root + "/a/score.pdf", tree.root + "/b/again.pdf") == 0)
        let found = try FileDiscovery.discover([tree.root])
        #expect(found.files == [tree.root + "/a/score.pdf", tree.root + "/b/other.pdf"])
        #expect(found.problems.isEmpty)
    }

    /// A link sorted before its target and one after it, in the same folder and in another.
    @Test func linksToAFileInTheTreeAreTheSameFile() throws {
        let tree = try Tree(files: ["m.pdf", "sub/n.pdf"])
        defer { tree.remove() }
        try tree.link("a-link.pdf", to: "m.pdf")
        try tree.link("z-link.pdf", to: "sub/n.pdf")
        try tree.link("sub/b-link.pdf", to: "../m.pdf")
        let found = try FileDiscovery.discover([tree.root])
        #expect(found.files == [tree.root + "/a-link.pdf", tree.root + "/sub/n.pdf"])
        // Named twice on the command line, directly and through the link: once.
        let named = try FileDiscovery.discover([tree.root + "/m.pdf", tree.root + "/a-link.pdf", tree.root])
        #expect(named.files == [tree.root + "/m.pdf", tree.root + "/sub/n.pdf"])
    }

    @Test func aFolderReachedByALinkIsWalkedOnce() throws {
        let tree = try Tree(files: ["real/s.pdf", "real/deep/t.pdf"])
        defer { tree.remove() }
        try tree.link("alias", to: "real")
        try tree.link("real/deep/up", to: "../..")  // a loop back to the root
        let found = try FileDiscovery.discover([tree.root])
        #expect(found.files == [tree.root + "/alias/deep/t.pdf", tree.root + "/alias/s.pdf"])
        #expect(found.problems.isEmpty)
    }

    /// A file listed in its folder as a regular file carries the mode `lstat` gives it; one
    /// named directly, reached through a link, or not described by the listing carries none.
    @Test func listedFilesCarryTheModeOfLstat() throws {
        let tree = try Tree(files: ["a.pdf", "b.pdf", "sub/c.pdf"])
        defer { tree.remove() }
        #expect(chmod(tree.root + "/b.pdf", 0o444) == 0)
        try tree.link("link.pdf", to: "sub/c.pdf")
        let found = try FileDiscovery.discover([tree.root + "/sub/c.pdf", tree.root])
        #expect(found.files == [tree.root + "/sub/c.pdf", tree.root + "/a.pdf", tree.root + "/b.pdf"])
        #expect(found.listings.count == found.files.count)
        #expect(found.listings[0] == .reached)  // named directly
        for (path, listing) in zip(found.files, found.listings).dropFirst() {
            var info = stat()
            #expect(lstat(path, &info) == 0)
            #expect(listing == .described(mode: info.st_mode) || (listing == .reached && !Self.fillsTypes(tree.root)), "\(path)")
        }
        let linked = try FileDiscovery.discover([tree.root + "/link.pdf"])
        #expect(linked.listings == [.reached])
    }

    /// What the listing says of each entry is what `stat` of its path says: files, folders,
    /// links (to files, folders, nothing), a FIFO; hidden names are not described.
    @Test func listingLookupsEqualStatByPath() throws {
        let tree = try Tree(files: ["f.pdf", "g.txt", "dir/x.pdf", ".hidden.pdf"])
        defer { tree.remove() }
        try tree.link("to-file.pdf", to: "f.pdf")
        try tree.link("to-dir", to: "dir")
        try tree.link("nowhere.pdf", to: "missing.pdf")
        #expect(mkfifo(tree.root + "/pipe.pdf", 0o600) == 0)
        let prefix = tree.root + "/"
        let listing = try #require(FolderListing(tree.root))
        let names = listing.entries.map { String(decoding: $0.name, as: UTF8.self) }
        #expect(names == [".hidden.pdf", "dir", "f.pdf", "g.txt", "nowhere.pdf", "pipe.pdf", "to-dir", "to-file.pdf"])
        for (text, entry) in zip(names, listing.entries) {
            var info = stat()
            let byPath = FolderListing.Lookup(result: stat(prefix + text, &info), info)
            #expect(entry.lookup == (text.hasPrefix(".") ? .unknown : byPath), "\(text)")
        }
    }

    /// A folder that can be listed but not searched (no `x` bit): every entry's lookup fails
    /// as `stat` of its path fails, so the same problems are reported. Root searches anyway.
    @Test(.enabled(if: geteuid() != 0)) func unsearchableFolderReportsWhatStatReports() throws {
        let tree = try Tree(files: ["locked/p.pdf", "locked/q.txt"])
        defer {
            chmod(tree.root + "/locked", 0o755)
            tree.remove()
        }
        #expect(chmod(tree.root + "/locked", 0o644) == 0)
        let found = try FileDiscovery.discover([tree.root])
        #expect(found.files.isEmpty)
        #expect(found.problems.map(\.severity) == [.error, .warning])
        #expect(found.problems.allSatisfy { $0.message == "cannot read: permission denied" })
    }

    /// Whether the file system at `folder` fills `d_type` (tmpfs, ext4, btrfs, xfs do); where
    /// it does not, every entry takes the path's way.
    private static func fillsTypes(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) { return false }
        }
        return true
    }
}
