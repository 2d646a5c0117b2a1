import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `plan` and `apply` ask nothing of the files a folder lists:
/// each file's identity and mode come from the descriptor that reads it (`RepeatedFiles`,
/// `LoadedScore.mode`). The results must be those of a walk that asks: a file reached twice is
/// reported once, under the first path, and a read-only file is still predicted unwritable.
struct DiscoveryOpenedFilesTests {
    /// A hard link sorted before its file and one sorted after it, each run with one and two
    /// workers: the first name is reported, the others not at all (and `apply` skips the file,
    /// whose other names a replacement would leave behind: `RefusedFilesTests`).
    @Test(arguments: ["plan", "apply"], ["1", "2"])
    func hardLinksAreReportedOnceUnderTheFirstName(command: String, jobs: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.satie])
        let bach = library.appendingPathComponent(Fixtures.Demo.bach).path
        #expect(link(bach, library.appendingPathComponent("0-first.pdf").path) == 0)
        #expect(link(bach, library.appendingPathComponent("Zz-last.pdf").path) == 0)
        let result = try CLI.run(
            [command, "library", "--rules", Fixtures.rules.path, "--format", "json", "--jobs", jobs], in: scratch.url)
        #expect(result.status == (command == "plan" ? 0 : 1), "\(result.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["library/0-first.pdf", "library/\(Fixtures.Demo.satie)"])
        #expect(report.files.map(\.status) == (command == "plan" ? ["would-skip", "changed"] : ["skipped", "written"]))
    }

    /// A read-only file listed in its folder: the dry run says apply would not write it, with
    /// the mode `fstat` gave the reader.
    @Test(arguments: ["1", "2"])
    func aReadOnlyListedFileIsPredictedUnwritable(jobs: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.bach])
        #expect(chmod(library.appendingPathComponent(Fixtures.Demo.chopin).path, 0o444) == 0)
        let result = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--jobs", jobs], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        let warning = "library/\(Fixtures.Demo.chopin): warning: apply will not write this file: file is read-only"
        #expect(lines.contains { $0.hasPrefix(warning) }, "\(result.stderr)")
        #expect(!lines.contains { $0.hasPrefix("library/\(Fixtures.Demo.bach): ") && $0.contains("apply will not write") })
    }

    /// Two names of one file that cannot be read (not a PDF): one error, under the first name.
    @Test(arguments: ["plan", "apply"])
    func aHardLinkToAnUnreadableFileGivesOneError(command: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.notPDF])
        #expect(link(library.appendingPathComponent(Fixtures.Demo.notPDF).path, library.appendingPathComponent("again.pdf").path) == 0)
        let result = try CLI.run([command, "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["library/again.pdf"])
        #expect(report.summary.errors == 1)
    }

    /// Two names of a file this user may not open: one error (the file is looked up by its
    /// path). Root opens any file, so the case needs another user.
    @Test(.enabled(if: geteuid() != 0)) func aHardLinkToAFileThatCannotBeOpenedGivesOneError() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let bach = library.appendingPathComponent(Fixtures.Demo.bach).path
        #expect(link(bach, library.appendingPathComponent("again.pdf").path) == 0)
        #expect(chmod(bach, 0) == 0)
        let result = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.map(\.path) == ["library/\(Fixtures.Demo.bach)"])  // "B" sorts before "a"
        #expect(report.files.map(\.status) == ["error"])
    }
}
