import Foundation
import Testing

/// Which files a PATH names: folders recursively, `.pdf` in any case, hidden entries skipped,
/// symbolic-link loops cut, a deterministic order.
struct DiscoveryTests {
    @Test func foldersAreWalkedDeterministically() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let manager = FileManager.default
        let root = scratch.url.appendingPathComponent("scores")
        let source = Fixtures.library.appendingPathComponent(Fixtures.Demo.bach)
        for relative in ["b/Second.PDF", "a/First.pdf", "a/deeper/Third.Pdf", "Zeta.pdf", "alpha.pdf", ".hidden/Skipped.pdf",
                         "a/.Skipped.pdf", "a/readme.txt"] {
            let target = root.appendingPathComponent(relative)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: source, to: target)
        }
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("a/deeper/loop").path, withDestinationPath: "../..")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("b/same.pdf").path, withDestinationPath: "../alpha.pdf")

        let result = try CLI.run(["inspect", "scores", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let paths = try ReportJSON.decode(ReportJSON.Inspect.self, result.stdoutData).files.map(\.path)
        #expect(paths == [
            "scores/Zeta.pdf", "scores/a/First.pdf", "scores/a/deeper/Third.Pdf", "scores/alpha.pdf", "scores/b/Second.PDF",
        ], "byte order per folder, depth first; the link to alpha.pdf is the same file; the loop ends")

        let explicit = try CLI.run(["inspect", "scores/a/readme.txt", "scores/Zeta.pdf", "--format", "json"], in: scratch.url)
        let named = try ReportJSON.decode(ReportJSON.Inspect.self, explicit.stdoutData).files.map(\.path)
        #expect(named == ["scores/a/readme.txt", "scores/Zeta.pdf"], "files named explicitly are taken in the order given")
    }

    @Test func emptyFolderIsNotAnError() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let result = try CLI.run(["inspect", "empty"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 files"))
    }
}
