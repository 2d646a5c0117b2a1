import Foundation
import Testing
@testable import PDFInfo

/// Issue 26: a tagrules revision written in a writer's pause, before its last revision, and
/// the writer's later bytes appended after it. Taking the revision out gives back the writer's
/// file byte for byte; a coherent update on top of the revision, or bytes that are not the
/// revision, are left alone. Over every corpus file with an earlier revision that reads
/// undamaged by itself.
struct DisplacedRevisionTests {
    /// A corpus file, and where its revision before the last ends (after its `%%EOF` line end).
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let cut: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = Corpus.files.compactMap { name in
        guard let bytes = FileManager.default.contents(atPath: Corpus.path(name)).map(Array.init) else { return nil }
        let marker = Array("%%EOF".utf8)
        var ends: [Int] = []
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                var end = index + marker.count
                while end < bytes.count, bytes[end] == 0x0A || bytes[end] == 0x0D { end += 1 }
                ends.append(end)
                index = end
            } else {
                index += 1
            }
        }
        guard ends.count >= 2, let cut = ends.dropLast().last, cut < bytes.count,
            let whole = try? PDFDocument(source: MemoryByteSource(bytes)), !whole.wasRepaired, whole.trailer["Encrypt"] == nil,
            let prefix = try? PDFDocument(source: MemoryByteSource(Array(bytes[..<cut]))), !prefix.wasRepaired,
            writable(whole), writable(prefix)
        else { return nil }
        return Case(name: name, cut: cut)
    }

    /// Whether tagrules writes the document without `--force` (not signed or certified).
    private static func writable(_ document: PDFDocument) -> Bool {
        (try? IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "x"], now: PDFDate(secondsSince1970: 0), newFileID: [UInt8](repeating: 7, count: 16))) != nil
    }

    private static func update(_ path: String, title: String) throws -> Range<Int> {
        let document = try PDFDocument.open(path: path)
        let base = document.source.count
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": title], now: PDFDate(secondsSince1970: 1_790_000_000),
            newFileID: [UInt8](repeating: 7, count: 16)))
        try SafeFileWriter.append(update, to: path)
        return base..<Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
    }

    @Test func theCorpusHasSuchFiles() {
        #expect(Self.cases.count >= 10, "\(Self.cases.map(\.name))")
    }

    @Test(arguments: cases)
    func theRevisionIsTakenOutAndTheWritersFileRemains(_ file: Case) throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file.name)))
        let path = folder.appendingPathComponent(file.name).path
        try original.prefix(file.cut).write(to: URL(fileURLWithPath: path))
        let revision = try Self.update(path, title: "Written in the pause")

        // Not displaced yet: nothing follows the revision.
        #expect(try DisplacedRevision.takeOut(revision, of: path) == false)

        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: original[file.cut...])
        try handle.close()
        #expect(try PDFDocument.open(path: path).wasRepaired, "the writer's offsets miss by the revision")

        // Bytes that are not the revision are left alone.
        let shifted = (revision.lowerBound + 1)..<(revision.upperBound + 1)
        #expect(try DisplacedRevision.takeOut(shifted, of: path) == false)

        #expect(try DisplacedRevision.takeOut(revision, of: path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test(arguments: cases.prefix(3))
    func aCoherentUpdateOnTopIsKept(_ file: Case) throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(file.name).path
        try FileManager.default.copyItem(atPath: Corpus.path(file.name), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let revision = try Self.update(path, title: "Ours")
        _ = try Self.update(path, title: "Another tool's, on top")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try DisplacedRevision.takeOut(revision, of: path) == false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
