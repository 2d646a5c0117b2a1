import Foundation
import Testing

/// The core promise on the demo library with the shipped rules: plan shows and never writes,
/// apply writes what pdfinfo then reads, a second apply writes nothing, undo restores the
/// original bytes.
struct ApplyUndoTests {
    private func paths(_ report: ReportJSON.Changes) -> [String: ReportJSON.File] {
        Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
    }

    @Test func planNeverWritesAndAttributesChangesToRules() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary()
        let original = try Fixtures.snapshot(library)
        let result = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)

        #expect(result.status == 1, "the demo library holds unreadable files")
        #expect(try Fixtures.snapshot(library) == original)
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        let files = paths(report)
        let chopin = try #require(files[Fixtures.Demo.chopin])
        #expect(chopin.status == "changed")
        #expect(chopin.after?.keysf == -3 && chopin.after?.keymi == 0, "Es-Dur is E-flat major")
        #expect(chopin.changes.map(\.field) == ["keysf", "keymi"], "it has a title, so its page is not read")
        #expect(chopin.changes.allSatisfy { !$0.rules.isEmpty })
        #expect(files[Fixtures.Demo.notPDF]?.status == "error")
        #expect(report.summary.files == 9)
        #expect(report.summary.errors == 1, "notes.pdf")
        // Read (decrypted); its page 1 is the demo's Ode to Joy engraving, which names another
        // composer than the file name (Mozart): rule 14 leaves it alone, and no rule changes it.
        #expect(files[Fixtures.Demo.encrypted]?.status == "unchanged")
        #expect(report.summary.written == 0)
        for keys in try ReportJSON.metadataKeySets(result.stdoutData) { #expect(keys == ReportJSON.metadataKeys) }

        let truncated = try #require(files[Fixtures.Demo.truncated])
        #expect(truncated.diagnostics.contains { $0.code == "repaired-file" && $0.message.hasPrefix("apply will not write") })
    }

    @Test func applyWritesSecondApplyNothingUndoRestores() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary()
        let original = try Fixtures.snapshot(library)

        let first = try CLI.run(["apply", "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        #expect(first.status == 1, "refused files make the run fail, after the others were written")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, first.stdoutData)
        let files = paths(report)
        let written = Fixtures.Demo.writable
        for name in written {
            #expect(files[name]?.status == "written", "\(name)")
        }
        #expect(report.summary.written == written.count)
        #expect(report.summary.skipped == 1, "the truncated download")
        #expect(report.summary.errors == 1, "notes.pdf")

        let chopin = try #require(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.chopin)))
        #expect(chopin["Title"] == "Nocturne")
        #expect(chopin["Keywords"] == "keysf:-3, keymi:0")
        let imslp = try #require(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.imslp)))
        #expect(imslp["Author"] == "Frédéric Chopin")
        let bach = try #require(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach)))
        #expect(bach["Keywords"] == "piano, beginner, rating:4, difficulty:2, keysf:1, keymi:0", "tags kept, legacy keyword rewritten")
        for name in Fixtures.Demo.refused + [Fixtures.Demo.encrypted] {
            #expect(try Data(contentsOf: library.appendingPathComponent(name)) == original[name], "\(name) untouched")
        }
        #expect(first.stderr.contains("\(Fixtures.Demo.truncated): warning: not written: the cross-reference data is damaged"))
        #expect(first.stderr.contains("\(Fixtures.Demo.notPDF): error: not a PDF"))

        let snapshot = try Fixtures.snapshot(library)
        let second = try CLI.run(["apply", "library", "--rules", Fixtures.rules.path], in: scratch.url)
        #expect(try Fixtures.snapshot(library) == snapshot, "a second apply writes nothing")
        #expect(second.stdout.contains("\(written.count + 1) unchanged"), "the written files and the encrypted one")
        #expect(!second.stdout.contains("written"))

        let undo = try CLI.run(["undo", "library", "--format", "json"], in: scratch.url)
        let undone = try ReportJSON.decode(ReportJSON.Changes.self, undo.stdoutData)
        #expect(undone.summary.undone == written.count)
        #expect(try Fixtures.snapshot(library) == original, "undo restores the original bytes")
        let undoChopin = try #require(paths(undone)[Fixtures.Demo.chopin])
        #expect(undoChopin.before?.keysf == -3 && undoChopin.after?.keysf == nil)

        let again = try CLI.run(["undo", "library"], in: scratch.url)
        #expect(try Fixtures.snapshot(library) == original, "nothing more to undo")
        #expect(again.stdout.contains("nothing to do"))
    }

    /// A file another tool (exiftool) updated after tagrules is left alone with a warning; a
    /// file tagrules never wrote only gets a note, so `undo` over untagged files stays quiet.
    @Test func undoWarnsAboutAFileAnotherToolUpdatedAfterTagrules() throws {
        guard let exiftool = CLI.which("exiftool") else { throw PDFInfoOracle.OracleMissing(name: "exiftool") }
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.beethoven, Fixtures.Demo.chopin])
        let beethoven = library.appendingPathComponent(Fixtures.Demo.beethoven)
        #expect(try CLI.run(["set", "library/\(Fixtures.Demo.beethoven)", "--title", "A"], in: scratch.url).status == 0)
        let edit = try CLI.execute(exiftool, ["-q", "-overwrite_original", "-Title=B", beethoven.path])
        #expect(edit.status == 0, "\(edit.stderr)")
        let edited = try Fixtures.snapshot(library)

        let undo = try CLI.run(["undo", "library"], in: scratch.url)
        #expect(undo.status == 0, "nothing failed")
        #expect(try Fixtures.snapshot(library) == edited, "neither file is changed")
        let warning = "\(Fixtures.Demo.beethoven): warning: not undone: another tool updated the file after tagrules did"
        #expect(undo.stderr.contains(warning), "\(undo.stderr)")
        #expect(!undo.stderr.contains(Fixtures.Demo.chopin), "never written by tagrules: no warning")

        try FileManager.default.removeItem(at: beethoven)
        let untagged = try CLI.run(["undo", "library"], in: scratch.url)
        #expect(untagged.status == 0)
        #expect(untagged.stderr.isEmpty, "\(untagged.stderr)")
        #expect(untagged.stdout.contains("nothing to do"))
    }

    /// A damaged file written with `--force` is rebuilt on every read; undo still removes the update.
    @Test func undoRestoresADamagedFileWrittenWithForce() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.truncated])
        let original = try Fixtures.snapshot(library)
        let set = try CLI.run(["set", "library", "--title", "X", "--force", "--yes"], in: scratch.url)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try Fixtures.snapshot(library) != original)

        let undo = try CLI.run(["undo", "library", "--format", "json"], in: scratch.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try ReportJSON.decode(ReportJSON.Changes.self, undo.stdoutData).summary.undone == 1)
        #expect(try Fixtures.snapshot(library) == original, "undo restores the original bytes")
    }

    /// `--exit-code`: 2 for pending changes, 0 once there are none, 1 for an error (even with
    /// changes pending).
    @Test func exitCodeReportsPendingChanges() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.beethoven, Fixtures.Demo.notPDF])
        let rules = Fixtures.rules.path

        let failing = try CLI.run(["plan", "library", "--rules", rules, "--exit-code"], in: scratch.url)
        #expect(failing.status == 1, "an unreadable file is an error, whatever is pending")
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("library/\(Fixtures.Demo.notPDF)"))
        #expect(try CLI.run(["plan", "library", "--rules", rules], in: scratch.url).status == 0)
        #expect(try CLI.run(["plan", "library", "--rules", rules, "--exit-code"], in: scratch.url).status == 2)
        #expect(try CLI.run(["apply", "library", "--rules", rules], in: scratch.url).status == 0)
        let after = try CLI.run(["plan", "library", "--rules", rules, "--exit-code"], in: scratch.url)
        #expect(after.status == 0)
        #expect(after.stdout.contains("nothing to do"))
    }

    @Test func jobsDoNotChangeTheReport() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let one = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json", "--jobs", "1"], in: scratch.url)
        let four = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json", "--jobs", "4"], in: scratch.url)
        #expect(one.stdoutData == four.stdoutData)
        #expect(one.stderr == four.stderr)
    }

    @Test func normalizeRewritesRetiredKeywordsOnlyWhenAsked() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.greensleeves])
        let rules = try scratch.writeRules(["10-nothing.lua": "return { name = 'nothing', apply = function(score) end }"])
        let original = try Fixtures.snapshot(library)

        let plain = try CLI.run(["apply", "library", "--rules", rules.path], in: scratch.url)
        #expect(plain.status == 0)
        #expect(try Fixtures.snapshot(library) == original, "forScore's view does not change: nothing is written")

        let normalized = try CLI.run(["apply", "library", "--rules", rules.path, "--normalize", "--format", "json"], in: scratch.url)
        #expect(normalized.status == 0, "\(normalized.stderr)")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, normalized.stdoutData)
        #expect(report.summary.written == 1)
        let bach = try #require(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach)))
        #expect(bach["Keywords"] == "piano, beginner, rating:4, difficulty:2")
        let greensleeves = Fixtures.Demo.greensleeves
        #expect(try Data(contentsOf: library.appendingPathComponent(greensleeves)) == original[greensleeves], "already canonical")
    }
}
