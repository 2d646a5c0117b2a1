import Foundation
import MetadataModel
import PDFInfo
import Testing

@testable import TagrulesKit
import TestSupport

/// `ScoreWriter.stage` with the basis kept when the file was read: it writes what the write path
/// writes when it reads the file again, and a file changed since it was read goes through that
/// path (refused when its Info changed, written from its new version otherwise).
struct ScoreWriterBasisTests {
    private let writer = ScoreWriter(
        encoding: EncodingOptions(), force: false,
        clock: { PDFDate(secondsSince1970: 1_790_000_000, utcOffsetMinutes: 0) })

    /// The bytes with every /ID array's strings blanked: a new /ID[1] is drawn per write.
    private static func maskingIDs(_ bytes: [UInt8]) -> [UInt8] {
        var masked = bytes
        let marker = Array("/ID [<".utf8)
        var index = 0
        while index + marker.count <= masked.count {
            guard masked[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            index += marker.count
            while index < masked.count, masked[index] != UInt8(ascii: "]") {
                if masked[index] != UInt8(ascii: "<") && masked[index] != UInt8(ascii: ">") { masked[index] = UInt8(ascii: "*") }
                index += 1
            }
        }
        return masked
    }

    private func tagged(_ score: LoadedScore) -> ScoreMetadata {
        var after = score.metadata
        after.tags.append("basis-test")
        return ForScoreCodec.validate(after).metadata
    }

    /// Stages and commits `path`, read as `score`, with or without its basis.
    private func write(_ score: LoadedScore, usingBasis: Bool) throws -> [UInt8] {
        let outcome = writer.stage(
            path: score.path, password: nil, before: score.metadata, after: tagged(score),
            basis: usingBasis ? score.updateBasis : nil)
        guard case .staged(let replacement, _) = outcome else {
            Issue.record("\(score.path): expected a staged write, got \(outcome)")
            return []
        }
        #expect(SafeFileWriter.commit([replacement]) == [nil])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: score.path)))
    }

    @Test func theSavedBasisWritesWhatReadingTheFileAgainWrites() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.library.path).filter { $0.hasSuffix(".pdf") }
        let (saved, reread) = (scratch.url.appendingPathComponent("saved"), scratch.url.appendingPathComponent("reread"))
        var compared = 0
        for folder in [saved, reread] {
            try FileManager.default.copyItem(at: Fixtures.library, to: folder)
        }
        for name in names.sorted() {
            let withBasis = ScoreLoader.load(saved.appendingPathComponent(name).path, keepingUpdateBasis: true)
            let without = ScoreLoader.load(reread.appendingPathComponent(name).path)
            #expect(without.updateBasis == nil)
            guard withBasis.isReadable, withBasis.updateBasis != nil else { continue }
            #expect(withBasis.documentRefusal == nil)
            let fast = try write(withBasis, usingBasis: true)
            let slow = try write(without, usingBasis: false)
            if withBasis.diagnostics.contains(where: { $0.code == "encrypted" }) {
                // New AES strings get random initialisation vectors: only the lengths agree.
                #expect(!fast.isEmpty && fast.count == slow.count, "\(name)")
            } else {
                #expect(!fast.isEmpty && Self.maskingIDs(fast) == Self.maskingIDs(slow), "\(name)")
            }
            compared += 1
        }
        #expect(compared >= 5, "only \(compared) demo scores compared")
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case touched, appended, otherScore
        var testDescription: String { rawValue }
    }

    /// The basis is not used for a file changed since it was read: a touched or appended file
    /// is read again and written from its new version (as without a basis); one whose Info
    /// changed is refused and left as it is.
    @Test(arguments: Change.allCases)
    func aFileChangedSinceItWasReadIsReadAgain(_ change: Change) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let path = library.appendingPathComponent(Fixtures.Demo.bach).path
        let score = ScoreLoader.load(path, keepingUpdateBasis: true)
        try #require(score.updateBasis != nil)
        usleep(20_000)  // some filesystems keep coarse timestamps
        switch change {
        case .touched: #expect(utimes(path, nil) == 0)
        case .appended: try appendBytes("% another program\n".utf8, toFileAt: path)
        case .otherScore:
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: Fixtures.library.appendingPathComponent(Fixtures.Demo.satie).path, toPath: path)
        }
        let changed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        if change == .otherScore {
            let outcome = writer.stage(path: path, password: nil, before: score.metadata, after: tagged(score), basis: score.updateBasis)
            guard case .failed(let error) = outcome else {
                Issue.record("expected a refusal, got \(outcome)")
                return
            }
            #expect(error.message == "file changed since it was read; nothing written")
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == changed)
            #expect(try FileManager.default.contentsOfDirectory(atPath: library.path) == [Fixtures.Demo.bach])
            return
        }
        let written = try write(score, usingBasis: true)
        #expect(written.starts(with: changed), "the update is appended to the new version")
        // The same write from a copy of the new version, read afresh.
        let copy = scratch.url.appendingPathComponent("copy.pdf").path
        try Data(changed).write(to: URL(fileURLWithPath: copy))
        let again = try write(ScoreLoader.load(copy), usingBasis: false)
        #expect(Self.maskingIDs(written) == Self.maskingIDs(again))
    }
}
