import Foundation
import PDFInfo
import Testing

@testable import TagrulesKit
import TestSupport

/// `GroupCommitter`: copies staged on several threads are put in place as groups, each slot's
/// outcome kept; an original changed after staging is left alone; a tiny byte bound (a group
/// committed by the worker that fills it) neither deadlocks nor loses a file.
struct GroupCommitterTests {
    private static let now = PDFDate(secondsSince1970: 1_790_000_000, utcOffsetMinutes: 0)
    private static let original = TinyPDF.make(title: "Untitled")

    /// Writes `count` small PDFs into `folder` and stages a new title for each.
    private func stageLibrary(_ count: Int, in folder: URL) throws -> [(path: String, expected: [UInt8], staged: StagedReplacement)] {
        try (0..<count).map { index in
            let path = folder.appendingPathComponent("score-\(index).pdf").path
            try Self.original.write(to: URL(fileURLWithPath: path))
            let update = try #require(try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: path), changes: ["Title": "Etude \(index)"], now: Self.now,
                newFileID: UniqueNumbers.fileIdentifier()))
            return (path, [UInt8](Self.original) + update.bytes, try SafeFileWriter.stage(update, to: path))
        }
    }

    /// Hands `library` over from `jobs` threads (skipping `skipped` slots) and finishes.
    private func commit(
        _ library: [(path: String, expected: [UInt8], staged: StagedReplacement)], byteBound: Int, skipped: Set<Int> = [],
        jobs: Int = 4
    ) -> [PDFError??] {
        let committer = GroupCommitter(byteBound: byteBound)
        _ = WorkerPool.map(count: library.count, jobs: jobs) { index in
            if !skipped.contains(index) { committer.hand(library[index].staged, slot: index) }
        }
        let outcomes = committer.finish()
        return library.indices.map { outcomes[$0] }
    }

    @Test(arguments: [1, 200])
    func everyHandedCopyIsPutInPlaceAndNoTemporaryFileRemains(count: Int) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url
        let library = try stageLibrary(count, in: folder)
        let results = commit(library, byteBound: 256 << 20)
        #expect(results.count == count)
        for (index, file) in library.enumerated() {
            #expect(results[index].map { $0 == nil } == true, "slot \(index): \(String(describing: results[index]))")
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path))) == file.expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == count)
        #expect(try PDFInfoOracle.fields(of: URL(fileURLWithPath: library[count - 1].path))?["Title"] == "Etude \(count - 1)")
    }

    @Test func aTinyByteBoundPutsCopiesInPlaceFromTheWorkersWithoutDeadlock() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url
        let library = try stageLibrary(131, in: folder)
        let results = commit(library, byteBound: 1)
        #expect(results.allSatisfy { $0.map { $0 == nil } == true })
        for file in library {
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path))) == file.expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == library.count)
    }

    @Test func aChangedOriginalIsLeftAloneAndSlotsNotHandedOverStayEmpty() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let folder = scratch.url
        let library = try stageLibrary(74, in: folder)
        let changed = 7
        try appendBytes("% another program\n".utf8, toFileAt: library[changed].path)
        // A slot the caller never hands over (its copy is discarded by the caller).
        let skipped = 11
        SafeFileWriter.discard([library[skipped].staged])
        let results = commit(library, byteBound: 256 << 20, skipped: [skipped])
        #expect(results[changed]??.code == .fileChanged)
        #expect(results[skipped] == nil)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: library[changed].path)))
            == [UInt8](Self.original) + Array("% another program\n".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: library[skipped].path)) == Self.original)
        for (index, file) in library.enumerated() where index != changed && index != skipped {
            #expect(results[index].map { $0 == nil } == true)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path))) == file.expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == library.count)
    }
}
