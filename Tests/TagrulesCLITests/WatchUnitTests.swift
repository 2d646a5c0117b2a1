import Foundation
import MetadataModel
import PDFInfo
import Testing

@testable import TagrulesKit

/// In-process tests of watch mode's pieces: names, completeness, the debouncer, the memory of
/// what was dealt with, moving, and the JSON lines.
struct WatchUnitTests {
    @Test(arguments: [
        ("Score.pdf", true), ("SCORE.PDF", true), ("Nocturne Op. 9.Pdf", true),
        ("Score.pdf.tmp", false), ("Score.pdf.part", false), ("Score.pdf.crdownload", false),
        ("Score.pdf.icloud", false), (".Score.pdf.icloud", false), (".~lock.Score.pdf#", false),
        ("._Score.pdf", false), (".syncthing.Score.pdf.tmp", false), (".Score.pdf", false),
        (".tagrules-Score.pdf-123-456.tmp", false), ("Score.txt", false), ("pdf", false),
    ])
    func namesThatAreLookedAt(name: String, isScore: Bool) {
        #expect(WatchNames.isScore(name) == isScore)
    }

    @Test func partialAndHiddenFoldersAreNotEntered() {
        #expect(WatchNames.isWatchedFolder("Scores"))
        #expect(!WatchNames.isWatchedFolder(".git"))
        #expect(!WatchNames.isWatchedFolder("Score.pdf.download"), "Safari's download bundle")
    }

    @Test(arguments: [
        ("%PDF-1.4 … startxref\n123\n%%EOF", true), ("…%%EOF\n", true), ("…%%EOF\r\n", true),
        ("…%%EOF \n\0\0\0", true), ("…%%EOF\u{0C}", true), ("…%%EO", false), ("…%%EOF garbage", false),
        ("", false), ("%%EOF", true), ("\n\n", false),
    ])
    func theEndOfFileMarker(tail: String, complete: Bool) {
        #expect(PDFTail.endsWithMarker(Array(tail.utf8)) == complete)
    }

    @Test func theMarkerIsLookedForInTheLastKibibyteOnly() throws {
        let folder = try Fixtures.Scratch()
        defer { folder.remove() }
        let padded = folder.url.appendingPathComponent("padded.pdf")
        try Data(Array("%PDF-1.4\n%%EOF".utf8) + [UInt8](repeating: 0, count: 1000)).write(to: padded)
        #expect(PDFTail.isComplete(padded.path))
        let far = folder.url.appendingPathComponent("far.pdf")
        try Data(Array("%PDF-1.4\n%%EOF".utf8) + [UInt8](repeating: 0x20, count: 2000)).write(to: far)
        #expect(!PDFTail.isComplete(far.path), "2,000 bytes of padding: not a file's end")
        #expect(!PDFTail.isComplete(folder.url.appendingPathComponent("missing.pdf").path))
    }

    private func stamp(_ size: Int64, inode: UInt64 = 1) -> FileStamp {
        let time = FileTime(seconds: 100, nanoseconds: 0)
        return FileStamp(identity: FileIdentity(device: 1, inode: inode), size: size, modified: time, changed: time)
    }

    @Test func eventsForOnePathAreCoalescedAndTheQuietPeriodRestarts() {
        var pending = PendingFiles(debounce: 100)
        pending.note("a.pdf", stamp: stamp(1), now: 0)
        pending.note("b.pdf", stamp: stamp(1), now: 10)
        for time in stride(from: 20 as UInt64, through: 90, by: 10) {
            pending.note("a.pdf", stamp: stamp(Int64(time)), now: time)
        }
        #expect(pending.count == 2, "one entry per path however many events")
        #expect(pending.nextDue == 110)
        #expect(pending.takeDue(now: 109).isEmpty)
        #expect(pending.takeDue(now: 110).map(\.path) == ["b.pdf"])
        pending.postpone("a.pdf", now: 150)
        pending.postpone("c.pdf", now: 150)
        #expect(pending.takeDue(now: 200).isEmpty, "written to: the period started again")
        #expect(!pending.contains("c.pdf"), "a write alone does not make a file pending")
        let due = pending.takeDue(now: 250)
        #expect(due.map(\.path) == ["a.pdf"] && due.first?.stamp == stamp(90), "the stamp of the last event")
        #expect(pending.count == 0)
    }

    @Test func readyFilesLeaveInArrivalOrderAndGoBackToWaitingWhenTheyChange() {
        var pending = PendingFiles(debounce: 100)
        for (index, name) in ["c", "a", "b", "d"].enumerated() {
            pending.markReady(name, stamp: stamp(Int64(index)))
        }
        pending.note("a", stamp: stamp(9), now: 0)
        #expect(pending.ready["a"] == nil && pending.waiting["a"] != nil)
        #expect(pending.takeReady(limit: 2).map(\.path) == ["c", "b"])
        pending.markReady("a", stamp: stamp(9))
        #expect(pending.takeReady(limit: 10).map(\.path) == ["d", "a"])
        #expect(pending.takeReady(limit: 10).isEmpty)
    }

    @Test func theMemoryTellsOwnWritesFromRealChanges() {
        var seen = SeenFiles()
        seen.remember("in/a.pdf", stamp(10))
        seen.remember("in/sub/b.pdf", stamp(20))
        seen.remember("other/c.pdf", stamp(30))
        #expect(seen.isCurrent("in/a.pdf", stamp(10)), "the version written: nothing to do")
        #expect(!seen.isCurrent("in/a.pdf", stamp(11)), "saved again: a real change")
        #expect(!seen.isCurrent("in/a.pdf", stamp(10, inode: 2)), "replaced by another file of the same size")
        seen.prune(under: "in", keeping: ["in/a.pdf"])
        #expect(seen.count == 2 && !seen.isCurrent("in/sub/b.pdf", stamp(20)) && seen.isCurrent("other/c.pdf", stamp(30)))
    }

    @Test(arguments: [
        ("out/Score.pdf", 1, "out/Score.pdf"), ("out/Score.pdf", 2, "out/Score (2).pdf"),
        ("out/a.b/Score.PDF", 12, "out/a.b/Score (12).PDF"), ("out/README", 3, "out/README (3)"),
    ])
    func numberedNames(path: String, attempt: Int, expected: String) {
        #expect(FileMover.numbered(path, attempt) == expected)
    }

    @Test func movingKeepsTheRelativePathAndNeverOverwrites() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let inbox = scratch.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let mover = FileMover(destination: scratch.url.appendingPathComponent("out").path)
        var moved: [String] = []
        for content in ["one", "two", "three"] {
            let source = inbox.appendingPathComponent("sub/Score.pdf")
            try Data(content.utf8).write(to: source)
            moved.append(try mover.move(source.path, from: inbox.path))
            #expect(!FileManager.default.fileExists(atPath: source.path))
        }
        let out = scratch.url.appendingPathComponent("out/sub").path
        #expect(moved == ["Score.pdf", "Score (2).pdf", "Score (3).pdf"].map { out + "/" + $0 })
        #expect(try moved.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["one", "two", "three"])
    }

    @Test func aJSONLineIsTheApplyObjectWithTimeAndMoved() throws {
        var after = ScoreMetadata()
        after.tags = ["watched"]
        let file = FileChange(path: "in/a \"b\".pdf", status: .written, before: ScoreMetadata(), after: after)
        let output = try WatchOutput(format: .json, path: nil)
        let record = WatchOutput.Record(file: file, time: Date(timeIntervalSince1970: 1_700_000_000.25), movedTo: "out/a.pdf")
        let line = output.line(record)
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"), "one line")
        #expect(line.hasPrefix(#"{"time":"2023-11-14T22:13:20.250Z","path":"in/a \"b\".pdf","status":"written","#))
        #expect(line.hasSuffix(#","moved":"out/a.pdf"}"# + "\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["time", "path", "status", "error", "before", "after", "changes", "diagnostics", "moved"])
    }

    @Test func compactAndPrettyJSON() {
        let value = JSONValue.object(["a": .array([.int(1), .string("x")]), "b": .object([]), "c": .array([])])
        #expect(value.line == #"{"a":[1,"x"],"b":{},"c":[]}"# + "\n")
        #expect(value.text == "{\n  \"a\": [\n    1,\n    \"x\"\n  ],\n  \"b\": {},\n  \"c\": []\n}\n")
    }
}
