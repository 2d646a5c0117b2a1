import Foundation
import Testing

@testable import PDFInfo

/// The system calls `SafeFileWriter.stage(_:path:source:folders:)` saves: whether the path is a
/// link comes from opening it, and a group's folders are checked once each. The answers are
/// those of the calls they replace.
struct StagingShortcutTests {
    private static func score(in folder: URL, _ name: String = "score.pdf") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func update(_ path: String, title: String = "Staged") throws -> PreparedUpdate {
        try #require(try IncrementalUpdateWriter.prepare(
            document: PDFDocument.open(path: path), changes: ["Title": title], now: WriterTests.now,
            newFileID: WriterTests.fileID))
    }

    @Test func openingTellsWhetherThePathIsALink() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.score(in: folder)
        let link = folder.appendingPathComponent("link.pdf").path, chain = folder.appendingPathComponent("chain.pdf").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: "link.pdf")
        #expect(try !FileByteSource(path: path).isLink)
        #expect(try FileByteSource(path: link).isLink)
        #expect(try FileByteSource(path: chain).isLink)
        let dangling = folder.appendingPathComponent("dangling.pdf").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.pdf")
        #expect(throws: PDFError(.ioFailure, "cannot open: No such file or directory", path: dangling)) {
            try FileByteSource(path: dangling)
        }
    }

    /// Through a link (to a link), the target is replaced and the links are kept, as when the
    /// writer resolves the path itself.
    @Test func aLinkedScoreIsWrittenInItsTargetAndTheLinkKept() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (viaSource, viaPath) = (try Self.score(in: folder, "a.pdf"), try Self.score(in: folder, "b.pdf"))
        let (linkA, linkB) = (folder.appendingPathComponent("la.pdf").path, folder.appendingPathComponent("lb.pdf").path)
        try FileManager.default.createSymbolicLink(atPath: linkA, withDestinationPath: "a.pdf")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("chain.pdf").path, withDestinationPath: "la.pdf")
        try FileManager.default.createSymbolicLink(atPath: linkB, withDestinationPath: "b.pdf")
        let chain = folder.appendingPathComponent("chain.pdf").path
        let update = try Self.update(chain)
        let staged = try SafeFileWriter.stage(update, path: chain, source: FileByteSource(path: chain), folders: FolderChecks())
        #expect(SafeFileWriter.commit([staged]) == [nil])
        try SafeFileWriter.append(update, to: linkB)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: chain) == "la.pdf")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linkA) == "a.pdf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: viaSource)) == Data(contentsOf: URL(fileURLWithPath: viaPath)))
        #expect(try PDFDocument.open(path: viaSource).info()["Title"] == "Staged")
    }

    /// Files of one group share their folder's check; the answers are the per-file ones, for a
    /// writable folder and a read-only one, and a new group sees the folder as it is now.
    @Test func aGroupChecksEachFolderOnceWithThePerFileAnswer() throws {
        let folder = try Tools.temporaryFolder()
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let paths = try (0..<3).map { try Self.score(in: folder, "s\($0).pdf") }
        let updates = try paths.map { try Self.update($0) }
        let folders = FolderChecks()
        let staged = try zip(paths, updates).map { path, update in
            try SafeFileWriter.stage(update, path: path, source: FileByteSource(path: path), folders: folders)
        }
        #expect(SafeFileWriter.commit(staged) == [nil, nil, nil])

        #expect(chmod(folder.path, 0o555) == 0)
        let later = try paths.map { try Self.update($0, title: "Later") }
        let refused = FolderChecks()
        for (path, update) in zip(paths, later) {
            let expected = try #require(SafeFileWriter.permissionRefusal(path: path))
            #expect(throws: expected) {
                try SafeFileWriter.stage(update, path: path, source: FileByteSource(path: path), folders: refused)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s0.pdf", "s1.pdf", "s2.pdf"])
        // The refusing group keeps its answer; a new group checks again.
        #expect(chmod(folder.path, 0o755) == 0)
        #expect(throws: PDFError.self) {
            try SafeFileWriter.stage(later[0], path: paths[0], source: FileByteSource(path: paths[0]), folders: refused)
        }
        let again = try SafeFileWriter.stage(later[0], path: paths[0], source: FileByteSource(path: paths[0]), folders: FolderChecks())
        #expect(SafeFileWriter.commit([again]) == [nil])
    }
    /// Temporary names and folders assembled as bytes equal the String definitions they
    /// replace, for edge and random paths (no slash, the root, non-ASCII names).
    @Test func temporaryNamesAndFoldersAreSpelledAsBefore() {
        func folder(_ path: String) -> String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
        func name(_ path: String) -> String {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "score.pdf", "Dvořák", "𝄞 Noten", " ", "/", "//", ".", "-"]
        var paths = ["", "/", "score.pdf", "/score.pdf", "dir/", "/a/b/c.pdf", "é/ü"]
        for _ in 0..<1_000 {
            paths.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for path in paths {
            let number = UInt32.random(in: 0...UInt32.max, using: &generator)
            let expected = folder(path) + "/" + SafeFileWriter.temporaryPrefix + name(path) + "-"
                + String(getpid()) + "-" + String(number) + SafeFileWriter.temporarySuffix
            #expect(SafeFileWriter.folderOf(path) == folder(path), "\(path)")
            #expect(SafeFileWriter.temporaryPath(for: path, in: folder(path), number: number) == expected, "\(path)")
        }
    }
}
