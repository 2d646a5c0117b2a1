import Foundation
import Testing

/// Files that must not be written are reported with a clear message and left byte for byte as
/// they were; the run goes on with the others.
struct RefusedFilesTests {
    @Test func readOnlyFileIsSkippedAndUntouched() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.beethoven])
        let locked = library.appendingPathComponent(Fixtures.Demo.chopin)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked.path)
        let before = try Data(contentsOf: locked)

        let result = try CLI.run(["set", "library", "--add-tag", "checked", "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        #expect(try Data(contentsOf: locked) == before)
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        let statuses = Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.status) })
        #expect(statuses[Fixtures.Demo.chopin] == "skipped")
        #expect(statuses[Fixtures.Demo.beethoven] == "written", "the run goes on")
        #expect(result.stderr.contains("\(Fixtures.Demo.chopin): warning: not written: file is read-only"))
        #expect(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.beethoven))?["Keywords"] == "checked")
    }

    /// Corpus files: a signed file, an encrypted one that forbids changes, a damaged one, and
    /// ordinary and encrypted ones beside them.
    /// A file with two names (hard links) is skipped: replacing one name would leave the
    /// other with the old metadata, silently, and the next run would write again. The plan says
    /// so ahead; `--force` writes the name given; `undo` leaves a linked file alone too.
    @Test func hardLinkedFileIsSkippedUnlessForced() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.beethoven])
        let first = library.appendingPathComponent(Fixtures.Demo.beethoven)
        let second = scratch.url.appendingPathComponent("second name.pdf")
        try FileManager.default.linkItem(at: first, to: second)
        let before = try Data(contentsOf: first)

        let plan = try CLI.run(["set", "library", "--title", "Linked", "--dry-run"], in: scratch.url)
        #expect(plan.stderr.contains("warning: apply will not write this file: the file has 2 names (hard links)"), "\(plan.stderr)")
        for _ in 0..<2 {
            let result = try CLI.run(["set", "library", "--title", "Linked", "--yes", "--format", "json"], in: scratch.url)
            #expect(result.status == 1)
            #expect(try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData).files.map(\.status) == ["skipped"])
            #expect(result.stderr.contains("[hard-linked]"), "\(result.stderr)")
            #expect(try Data(contentsOf: first) == before)
            #expect(try Data(contentsOf: second) == before)
        }
        let forced = try CLI.run(["set", "library", "--title", "Linked", "--force", "--yes"], in: scratch.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try PDFInfoOracle.fields(of: first)?["Title"] == "Linked")
        #expect(try Data(contentsOf: second) == before, "the other name keeps the old file")

        // Undo leaves a tagged file that has been linked since alone as well.
        let third = scratch.url.appendingPathComponent("third name.pdf")
        try FileManager.default.linkItem(at: first, to: third)
        let tagged = try Data(contentsOf: first)
        let undo = try CLI.run(["undo", "library", "--format", "json"], in: scratch.url)
        #expect(undo.status == 1, "\(undo.stderr)")
        #expect(try ReportJSON.decode(ReportJSON.Changes.self, undo.stdoutData).files.map(\.status) == ["skipped"])
        #expect(undo.stderr.contains("undoing would give this name the earlier file"), "\(undo.stderr)")
        #expect(try Data(contentsOf: first) == tagged)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.path) == [Fixtures.Demo.beethoven], "no temporary file is left")
    }

    @Test func corpusMixOfWritableAndRefusedFiles() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let refused = [
            "pdflib-with_signature.pdf": "warning: not written: digitally signed",
            "qpdf-enc-R3_V2_O_master.pdf": "warning: not written: encrypted (RC4-128) and its permissions do not allow changes",
            "pdflib-missing_xref_trailer_dict.pdf": "warning: not written: the cross-reference data is damaged",
        ]
        let writable = [
            "pypdf-metadata.pdf", "qpdf-c-info-out.pdf", "pdfcpu-golang.pdf", "pdfa20-PDF_2.0_with_offset_start.pdf",
            "pypdf-r2-empty-password.pdf", "qpdf-V4-aes.pdf",
        ]
        let folder = try scratch.copyCorpus(Array(refused.keys) + writable)
        let original = try Fixtures.snapshot(folder)

        let result = try CLI.run(["set", "corpus", "--add-tag", "tagrules-test", "--rating", "3"], in: scratch.url)
        #expect(result.status == 1)
        for (name, message) in refused {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == original[name], "\(name) untouched")
            let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("corpus/\(name): ") && $0.contains(message) }
            #expect(line != nil, "\(name): \(result.stderr)")
        }
        let qpdf = try #require(CLI.which("qpdf"))
        for name in writable {
            let file = folder.appendingPathComponent(name)
            let keywords = try #require(try PDFInfoOracle.fields(of: file)?["Keywords"], "\(name)")
            #expect(keywords.hasSuffix("tagrules-test, rating:3"), "\(name): \(keywords)")
            #expect(try CLI.execute(qpdf, ["--check", file.path]).status == 0, "\(name) passes qpdf --check")
            let bytes = try Data(contentsOf: file)
            let originalBytes = try #require(original[name])
            #expect(bytes.prefix(originalBytes.count) == originalBytes, "\(name): an incremental update keeps every original byte")
        }
        #expect(result.stdout.contains("\(writable.count) written"))
    }

    @Test func forceWritesTheRepairedFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.truncated])
        let file = library.appendingPathComponent(Fixtures.Demo.truncated)
        let before = try Data(contentsOf: file)

        let refused = try CLI.run(["set", "library", "--title", "Sarabande", "--yes"], in: scratch.url)
        #expect(refused.status == 1)
        #expect(try Data(contentsOf: file) == before)

        let forced = try CLI.run(["set", "library", "--title", "Sarabande", "--force", "--yes"], in: scratch.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        let inspect = try CLI.run(["inspect", "library", "--format", "json"], in: scratch.url)
        let report = try ReportJSON.decode(ReportJSON.Inspect.self, inspect.stdoutData)
        #expect(report.files.first?.metadata?.title == "Sarabande")
    }

    @Test func ownerPasswordLiftsTheRestriction() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let name = "qpdf-enc-R3_V2_O_master.pdf"
        let folder = try scratch.copyCorpus([name])
        let file = folder.appendingPathComponent(name)
        let before = try Data(contentsOf: file)

        let refused = try CLI.run(["set", "corpus", "--add-tag", "owned"], in: scratch.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("give the owner password"))
        #expect(try Data(contentsOf: file) == before)

        let written = try CLI.run(["set", "corpus", "--add-tag", "owned", "--password", "master"], in: scratch.url)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try PDFInfoOracle.fields(of: file)?["Keywords"] == "owned")
    }

    /// A copy encrypted by qpdf with a user password: refused clearly without it; read, written
    /// and undone with it (from `TAGRULES_PASSWORD`, which keeps it out of the process list).
    @Test func userPasswordFromTheEnvironment() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let qpdf = try #require(CLI.which("qpdf"))
        let source = Fixtures.library.appendingPathComponent(Fixtures.Demo.chopin)
        let file = scratch.url.appendingPathComponent("locked.pdf")
        let made = try CLI.execute(qpdf, ["--encrypt", "user pw", "owner pw", "256", "--", source.path, file.path])
        try #require(made.status == 0, "qpdf --encrypt: \(made.stderr)")
        let original = try Data(contentsOf: file)

        let locked = try CLI.run(["inspect", "locked.pdf"], in: scratch.url)
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("locked.pdf: error: the file needs a password to open; give it with --password"))

        let password = ["TAGRULES_PASSWORD": "user pw"]
        let set = try CLI.run(["set", "locked.pdf", "--key", "E-flat major"], in: scratch.url, environment: password)
        #expect(set.status == 0, "\(set.stderr)")
        let pdfinfo = try #require(CLI.which("pdfinfo"))
        let read = try CLI.execute(pdfinfo, ["-upw", "user pw", file.path])
        #expect(read.stdout.contains("keysf:-3, keymi:0"))

        let undo = try CLI.run(["undo", "locked.pdf"], in: scratch.url, environment: password)
        #expect(undo.status == 0)
        #expect(try Data(contentsOf: file) == original, "undo restores the encrypted original byte for byte")
    }
}
