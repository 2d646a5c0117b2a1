import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Thousands of files at once, and a shutdown in the middle of them: part of the serialized
/// watch suite.
extension WatchEndToEndTests {
    /// Writes `count` small PDFs into `folder` as fast as possible; returns their bytes by name.
    private func burst(_ count: Int, into folder: URL) throws -> [String: Data] {
        var originals: [String: Data] = [:]
        for index in 0..<count {
            let name = String(format: "burst-%04d.pdf", index)
            let bytes = TinyPDF.make(title: "Burst \(index)")
            try bytes.write(to: folder.appendingPathComponent(name))
            originals[name] = bytes
        }
        return originals
    }

    @Test func aBurstOfTwoThousandFilesIsAllTaggedInBoundedMemory() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let originals = try burst(2_000, into: setup.inbox)

        let done = WatchProcess.eventually(timeout: 120) { watcher.lineCount >= 2_000 }
        #expect(done, "\(watcher.lineCount) of 2000 tagged")
        let memory = try #require(watcher.peakMemory)
        #expect(memory < 300 << 20, "peak resident memory \(memory >> 20) MB")
        Thread.sleep(forTimeInterval: 1)
        let records = watcher.records
        #expect(records.count == 2_000 && Set(records.map(\.path)).count == 2_000, "one line per file, none twice")
        #expect(records.allSatisfy { $0.status == "written" })
        for (name, original) in originals {
            let bytes = try Data(contentsOf: setup.inbox.appendingPathComponent(name))
            #expect(TinyPDF.revisions(bytes) == 2 && bytes.prefix(original.count) == original, "\(name)")
        }
        for name in originals.keys.sorted().prefix(5) {
            #expect(try PDFInfoOracle.fields(of: setup.inbox.appendingPathComponent(name))?["Keywords"] == "watched")
        }
        #expect(watcher.stop() == 0)
    }

    @Test func sigtermInTheMiddleOfABurstLeavesNoPartialFileAndExitsZero() throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let watcher = try setup.watch()
        let originals = try burst(600, into: setup.inbox)
        #expect(WatchProcess.eventually(timeout: 60) { watcher.lineCount >= 10 })
        #expect(watcher.stop(signal: SIGTERM) == 0)

        let processed = watcher.records.count
        #expect(processed < originals.count, "stopped before the end of the burst (\(processed) files)")
        var tagged = 0
        for (name, original) in originals {
            let url = setup.inbox.appendingPathComponent(name)
            let bytes = try Data(contentsOf: url)
            guard bytes != original else { continue }
            tagged += 1
            #expect(bytes.prefix(original.count) == original && TinyPDF.revisions(bytes) == 2, "\(name): a complete update")
            #expect(try PDFInfoOracle.fields(of: url)?["Keywords"] == "watched", "\(name): readable by pdfinfo")
        }
        #expect(tagged == watcher.records.filter { $0.status == "written" }.count, "every file written was reported")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.inbox.path).filter { $0.hasPrefix(".tagrules-") }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }
}
