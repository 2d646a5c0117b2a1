import Foundation
import Testing
@testable import TagrulesKit

/// Issue 28: `--exclude GLOB` (repeatable) on every command that takes paths.
struct ExcludeTests {
    @Test(arguments: [
        ("Archive", "lib/Archive", true),
        ("Archive", "lib/Archive/", true),
        ("Archive", "lib/Archive/x.pdf", false),  // the folder is not entered; its files are not asked
        ("*.draft.pdf", "lib/a b.draft.pdf", true),
        ("*.draft.pdf", "lib/a.pdf", false),
        ("*/old/*", "lib/old/x.pdf", true),
        ("*/old/*", "old/x.pdf", false),
        ("lib/*.pdf", "lib/sub/x.pdf", true),  // `*` matches slashes in a pattern with one
        ("[Dd]rafts", "x/drafts", true),
        ("?.pdf", "x/a.pdf", true),
    ])
    func patterns(_ pattern: String, _ path: String, _ excluded: Bool) {
        #expect(PathExclusion([pattern]).excludes(path) == excluded)
    }

    /// A library with a drafts folder and a draft file beside the scores.
    private static func library(_ scratch: Fixtures.Scratch) throws -> URL {
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.chopin])
        let drafts = library.appendingPathComponent("Drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: library.appendingPathComponent(Fixtures.Demo.bach), to: drafts.appendingPathComponent("Bach draft.pdf"))
        try FileManager.default.copyItem(
            at: library.appendingPathComponent(Fixtures.Demo.chopin), to: library.appendingPathComponent("Chopin.draft.pdf"))
        return library
    }

    /// Every command that takes paths leaves the excluded files out.
    @Test(arguments: [
        ["inspect", "library"], ["plan", "library", "--rules", "builtin", "-v"], ["set", "library", "--rating", "2", "--dry-run", "-v"],
        ["undo", "library", "-v"], ["export", "csv", "library"], ["export", "annotations", "library"],
        ["setlist", "--title", "S", "library"], ["apply", "library", "--rules", "builtin", "-v"],
    ])
    func everyCommandWithPathsLeavesThemOut(_ arguments: [String]) throws {
        for excluding in [false, true] {
            let scratch = try Fixtures.Scratch()
            defer { scratch.remove() }
            _ = try Self.library(scratch)
            let result = try CLI.run(arguments + (excluding ? ["--exclude", "Drafts", "--exclude", "*.draft.pdf"] : []), in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Chopin Nocturne"), "\(result.stdout)")
            #expect(result.stdout.contains("Bach draft") == !excluding, "\(result.stdout)")
            #expect(result.stdout.contains("Chopin.draft") == !excluding, "\(result.stdout)")
        }
    }

    @Test func libraryCommandsLeaveThemOut() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try Self.library(scratch)
        let csv = scratch.url.appendingPathComponent("rows.csv")
        let export = try CLI.run(["export", "csv", "library", "-o", csv.path], in: scratch.url)
        #expect(export.status == 0)
        let plain = try CLI.run(["import", "csv", csv.path, "--library", "library", "--format", "json"], in: scratch.url)
        #expect(plain.stdout.contains("Bach draft.pdf"))
        let imported = try CLI.run(
            ["import", "csv", csv.path, "--library", "library", "--exclude", "Drafts", "--format", "json"], in: scratch.url)
        #expect(!imported.stdout.contains("library/Drafts/"), "\(imported.stdout)")
        #expect(imported.stdout.contains("\"unmatched\""), "the draft's row now has no PDF: \(imported.stdout)")

        let setlist = scratch.url.appendingPathComponent("s.4ss")
        _ = try CLI.run(["setlist", "--title", "S", "library", "-o", setlist.path], in: scratch.url)
        #expect(try CLI.run(["setlist", "check", setlist.path, "--library", "library"], in: scratch.url).status == 0)
        let check = try CLI.run(["setlist", "check", setlist.path, "--library", "library", "--exclude", "*draft*"], in: scratch.url)
        #expect(check.status == 1, "the drafts are missing from the library now")
        #expect(check.stdout.contains("missing"))
    }

    /// `watch --exclude`: a file matching it lands and is left alone; the others are tagged.
    @Test func watchLeavesThemOut() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let inbox = scratch.url.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("Drafts"), withIntermediateDirectories: true)
        let watch = try WatchProcess(
            ["inbox", "--rules", "builtin", "--exclude", "Drafts", "--exclude", "*.draft.pdf", "--debounce", "50"], in: scratch.url)
        let source = Fixtures.library.appendingPathComponent(Fixtures.Demo.chopin)
        for name in ["Drafts/a.pdf", "b.draft.pdf", "c.pdf"] {
            try FileManager.default.copyItem(at: source, to: inbox.appendingPathComponent(name))
        }
        #expect(WatchProcess.eventually(timeout: 30) { watch.stdout.contains("inbox/c.pdf") })
        Thread.sleep(forTimeInterval: 1)
        #expect(watch.stop() == 0)
        #expect(!watch.stdout.contains("a.pdf") && !watch.stdout.contains("b.draft.pdf"), "\(watch.stdout)")
    }
}
