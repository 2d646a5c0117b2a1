import Foundation
import Testing

@testable import PDFInfo
import TestSupport

/// `UpdateBasis`: an update prepared from the facts saved when a document was read (after
/// reading everything a scan reads) equals the one prepared from the file opened afresh, and a
/// basis is only paired with the version of the file it was read from.
struct UpdateBasisTests {
    static let changes: [String: String?] = [
        "Title": "Nocturne in E♭ major", "Author": "Frédéric Chopin", "Subject": nil, "Keywords": "piano, rating:4",
    ]

    /// Every corpus file the writer accepts, read as `tagrules` reads it (Info, page count,
    /// outline) before the basis is taken: the saved facts give the bytes the writer gives
    /// when it opens the file again.
    @Test func savedFactsPrepareTheUpdateTheFileOpenedAgainGives() throws {
        var compared = 0
        for name in Corpus.files {
            let path = Corpus.path(name)
            guard let scanned = try? PDFDocument.open(path: path), (try? scanned.info()) != nil else { continue }
            _ = try? scanned.pageCount()
            _ = try? scanned.outline()
            guard let basis = try? UpdateBasis(document: scanned), basis.refusal == nil, !basis.wasRepaired else { continue }
            let source = try FileByteSource(path: path)
            #expect(basis.describes(source), "\(name)")
            let saved = try IncrementalUpdateWriter.prepare(
                basis: basis, source: source, changes: Self.changes, now: WriterTests.now, newFileID: WriterTests.fileID)
            let afresh = try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: path), changes: Self.changes, now: WriterTests.now, newFileID: WriterTests.fileID)
            if scanned.security == nil {
                #expect(saved == afresh, "\(name)")
            } else {
                // New AES strings get random initialisation vectors: only their lengths agree.
                #expect(saved?.bytes.count == afresh?.bytes.count && saved?.baseLength == afresh?.baseLength, "\(name)")
            }
            #expect(saved != nil, "\(name)")
            compared += 1
        }
        #expect(compared > 100, "only \(compared) corpus files compared")
    }

    /// A refused document keeps its refusal, which `prepare` throws, as it throws for the document.
    @Test func aRefusedDocumentKeepsItsRefusal() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("damaged.pdf").path
        // Wrong offsets: the xref is rebuilt by scanning, so the writer refuses without --force.
        let text = String(decoding: minimalPDF().bytes, as: UTF8.self)
        let damaged = text.replacingOccurrences(of: "0000000015 00000 n", with: "0000000999 00000 n")
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
        let document = try PDFDocument.open(path: path)
        let basis = try UpdateBasis(document: document)
        let refusal = try #require(basis.refusal)
        #expect(refusal.code == .repairedFile)
        #expect(basis.info == nil)
        #expect(throws: refusal) {
            try IncrementalUpdateWriter.prepare(
                basis: basis, source: document.source, changes: Self.changes, now: WriterTests.now, newFileID: WriterTests.fileID)
        }
        #expect(throws: refusal) {
            try IncrementalUpdateWriter.prepare(
                document: PDFDocument.open(path: path), changes: Self.changes, now: WriterTests.now, newFileID: WriterTests.fileID)
        }
        let forced = try UpdateBasis(document: PDFDocument.open(path: path), options: WriteOptions(force: true))
        #expect(forced.refusal == nil && forced.wasRepaired)
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case none, touched, appended, rewrittenSameLength, replacedByRename, permissionsChanged
        var testDescription: String { rawValue }
    }

    /// The basis describes the file only while nobody wrote to it, touched it, changed its
    /// attributes or put another file under its name.
    @Test(arguments: Change.allCases)
    func aBasisDescribesOnlyTheVersionItWasReadFrom(_ change: Change) throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("score.pdf").path
        let original = minimalPDF().bytes
        try Data(original).write(to: URL(fileURLWithPath: path))
        let basis = try UpdateBasis(document: PDFDocument.open(path: path))
        // Timestamps are to the nanosecond, but some filesystems keep them coarser.
        usleep(20_000)
        switch change {
        case .none: break
        case .touched: #expect(utimes(path, nil) == 0)
        case .appended: try appendBytes("% another program\n".utf8, toFileAt: path)
        case .rewrittenSameLength:
            var other = original
            other[other.count - 2] = UInt8(ascii: "\n")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: other)
            try handle.close()
        case .replacedByRename:
            try Data(original).write(to: URL(fileURLWithPath: path), options: .atomic)
        case .permissionsChanged: #expect(chmod(path, 0o600) == 0)
        }
        #expect(basis.describes(try FileByteSource(path: path)) == (change == .none))
    }
}
