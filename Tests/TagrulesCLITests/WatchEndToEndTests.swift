import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `tagrules watch` as users run it: the real binary on a scratch inbox, files arriving the
/// ways browsers, sync clients and editors make them arrive. Every wait polls for the expected
/// state with a deadline, so that a slow machine makes the tests slower, not flaky. Serialized:
/// the watchers and bursts would otherwise compete for the same cores.
@Suite(.serialized)
struct WatchEndToEndTests {
    /// A rule that makes every change visible: the tag "watched".
    static let watchedRule = """
        return {
          name = "watched",
          apply = function(score) score.tags:add("watched") end,
        }
        """

    /// A scratch folder with `inbox/` and `rules/` (the "watched" rule).
    struct Setup {
        let scratch: Fixtures.Scratch
        let inbox: URL
        let rules: URL

        init(rule: String = WatchEndToEndTests.watchedRule) throws {
            scratch = try Fixtures.Scratch()
            inbox = scratch.url.appendingPathComponent("inbox")
            try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
            rules = try scratch.writeRules(["10-watched.lua": rule])
        }

        /// Starts watching `inbox` with the rules, plus `extra` arguments.
        func watch(_ extra: [String] = []) throws -> WatchProcess {
            try WatchProcess(["inbox", "--rules", "rules", "--jobs", "2"] + extra, in: scratch.url)
        }

        /// The demo library's Bach minuet: a real score, one revision.
        var bach: URL { Fixtures.library.appendingPathComponent(Fixtures.Demo.bach) }
    }

    @Test func aCopiedScoreIsTaggedOnceAndStaysSo() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let target = setup.inbox.appendingPathComponent("Minuet.pdf")
        let original = try Data(contentsOf: setup.bach)
        try FileManager.default.copyItem(at: setup.bach, to: target)

        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "Minuet.pdf").count == 1 })
        Thread.sleep(forTimeInterval: 3)
        let records = watcher.records(named: "Minuet.pdf")
        #expect(records.map(\.status) == ["written"], "one line, one write: \(watcher.stdout)")
        #expect(records.first?.after?.tags.contains("watched") == true)
        let written = try Data(contentsOf: target)
        #expect(TinyPDF.revisions(written) == TinyPDF.revisions(original) + 1, "exactly one revision appended")
        #expect(written.prefix(original.count) == original, "an incremental update keeps every original byte")
        #expect(try PDFInfoOracle.fields(of: target)?["Keywords"]?.contains("watched") == true)
        #expect(watcher.stop() == 0)
    }

    /// Once the files in hand are tagged, watch waits for events without using the CPU: its
    /// worker threads end with each batch, and nothing polls.
    @Test func anIdleWatchUsesNoCPU() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        try FileManager.default.copyItem(at: setup.bach, to: setup.inbox.appendingPathComponent("Minuet.pdf"))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "Minuet.pdf").count == 1 })
        Thread.sleep(forTimeInterval: 1)
        let before = try #require(watcher.cpuSeconds)
        Thread.sleep(forTimeInterval: 3)
        let after = try #require(watcher.cpuSeconds)
        #expect(after - before <= 0.02, "an idle watch used \(after - before) s of CPU in 3 s")
        #expect(watcher.stop() == 0)
    }

    @Test(arguments: [false, true])
    func aScoreWrittenSlowlyIsNotTouchedBeforeItIsComplete(reopeningForEachChunk: Bool) throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let target = setup.inbox.appendingPathComponent("Slow.pdf")
        let bytes = try Data(contentsOf: setup.bach)
        let chunk = bytes.count / 5 + 1
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        var handle = try FileHandle(forWritingTo: target)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            if reopeningForEachChunk {
                handle = try FileHandle(forWritingTo: target)
                try handle.seekToEnd()
            }
            try handle.write(contentsOf: bytes[start..<min(start + chunk, bytes.count)])
            if reopeningForEachChunk { try handle.close() }
            // Pauses longer than the debounce: a check in between must find the file incomplete.
            Thread.sleep(forTimeInterval: 0.3)
            let written = min(start + chunk, bytes.count)
            guard written < bytes.count else { break }
            #expect(try Data(contentsOf: target) == bytes.prefix(written), "untouched while incomplete")
            #expect(watcher.records(named: "Slow.pdf").isEmpty)
        }
        if !reopeningForEachChunk { try handle.close() }

        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "Slow.pdf").count == 1 })
        #expect(watcher.records(named: "Slow.pdf").first?.status == "written")
        #expect(TinyPDF.revisions(at: target) == TinyPDF.revisions(bytes) + 1)
        #expect(watcher.stop() == 0)
    }

    /// Issue 26: a writer that reopens the file to append, pausing before the last revision of
    /// an Acrobat-updated file (a complete PDF by itself, so watch tags it in the pause). Its
    /// later bytes land after watch's revision, with offsets that count without it: watch takes
    /// its revision out and tags the completed file again, which every reader then opens.
    @Test func aWriterAppendingAfterWatchsRevisionIsUndoneAndTaggedAgain() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let bytes = try Data(contentsOf: Fixtures.corpus.appendingPathComponent("pdflib-with_update_sections.pdf"))
        // The end of the revision before the last: its `%%EOF` and line end.
        let marker = Data("%%EOF".utf8)
        let lastEOF = try #require(bytes.range(of: marker, options: .backwards))
        var firstRevision = try #require(bytes.range(of: marker, options: .backwards, in: 0..<lastEOF.lowerBound)).upperBound
        while bytes[firstRevision] == 0x0D || bytes[firstRevision] == 0x0A { firstRevision += 1 }

        let watcher = try setup.watch()
        let target = setup.inbox.appendingPathComponent("Updated.pdf")
        _ = FileManager.default.createFile(atPath: target.path, contents: bytes.prefix(firstRevision))
        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "Updated.pdf").count == 1 })
        #expect(watcher.records(named: "Updated.pdf").first?.status == "written")
        #expect(try Data(contentsOf: target).count > firstRevision, "watch wrote its revision in the pause")

        // The writer goes on as if nothing happened: open, append the rest, close.
        let handle = try FileHandle(forWritingTo: target)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes[firstRevision...])
        try handle.close()

        #expect(WatchProcess.eventually(timeout: 20) { watcher.records(named: "Updated.pdf").count == 2 })
        #expect(watcher.records(named: "Updated.pdf").last?.status == "written")
        #expect(watcher.stderr.contains("[displaced-revision]"), "\(watcher.stderr)")
        let final = try Data(contentsOf: target)
        #expect(final.prefix(bytes.count) == bytes, "the writer's file, byte for byte, then watch's revision")
        #expect(TinyPDF.revisions(final) == TinyPDF.revisions(bytes) + 1)
        let qpdf = try CLI.execute(try #require(CLI.which("qpdf")), ["--check", target.path])
        #expect(qpdf.status == 0, "\(qpdf.stdout)")
        #expect(try PDFInfoOracle.fields(of: target)?["Keywords"]?.contains("watched") == true)
        let pikepdf = try CLI.execute(
            try #require(CLI.which("python3")),
            ["-c", "import pikepdf, sys; pdf = pikepdf.open(sys.argv[1]); print(pdf.docinfo.get('/Keywords'))", target.path])
        #expect(pikepdf.status == 0 && pikepdf.stdout.contains("watched"), "\(pikepdf.stdout)")
        #expect(watcher.stop() == 0)
    }

    @Test(arguments: ["Score.pdf.part", ".Score.pdf.tmp", "Score.pdf.crdownload", ".syncthing.Score.pdf.tmp"])
    func aScoreSavedByTemporaryFileAndRenameIsTaggedOnce(temporaryName: String) throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let temporary = setup.inbox.appendingPathComponent(temporaryName)
        let bytes = try Data(contentsOf: setup.bach)
        try bytes.write(to: temporary)
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try Data(contentsOf: temporary) == bytes, "a temporary file is never touched")
        #expect(watcher.records.isEmpty)

        let target = setup.inbox.appendingPathComponent("Score.pdf")
        #expect(rename(temporary.path, target.path) == 0)
        #expect(WatchProcess.eventually(timeout: 20) { !watcher.records(named: "Score.pdf").isEmpty })
        Thread.sleep(forTimeInterval: 1)
        #expect(watcher.records(named: "Score.pdf").map(\.status) == ["written"])
        #expect(TinyPDF.revisions(at: target) == TinyPDF.revisions(bytes) + 1)
        #expect(watcher.stop() == 0)
    }

    @Test func filesDroppedIntoANewSubfolderAtOnceAreAllTagged() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let deeper = setup.inbox.appendingPathComponent("new/deeper")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        var names: [String] = []
        for index in 0..<10 {
            let folder = index.isMultiple(of: 2) ? deeper : deeper.deletingLastPathComponent()
            let name = "Sub \(index).pdf"
            try TinyPDF.make(title: "Sub \(index)").write(to: folder.appendingPathComponent(name))
            names.append(name)
        }
        #expect(WatchProcess.eventually(timeout: 30) { Set(watcher.records.map(\.path)).count == 10 })
        #expect(Set(watcher.records.map { ($0.path as NSString).lastPathComponent }) == Set(names))
        #expect(watcher.records.allSatisfy { $0.status == "written" && $0.after?.tags == ["watched"] })
        #expect(watcher.stop() == 0)
    }
}
