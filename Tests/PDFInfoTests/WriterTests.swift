import Foundation
import Testing
@testable import PDFInfo
import TestSupport

/// The incremental writer, the safe file replacement and undo (pdf-notes §1).
struct WriterTests {
    static let now = PDFDate(secondsSince1970: 1_790_000_000)
    static let fileID = [UInt8](repeating: 0xAB, count: 16)

    private func prepare(_ document: PDFDocument, _ changes: [String: String?]) throws -> PreparedUpdate? {
        try IncrementalUpdateWriter.prepare(document: document, changes: changes, now: Self.now, newFileID: Self.fileID)
    }

    @Test func goldenBytesForAClassicTable() throws {
        let pdf = minimalPDF()
        let update = try #require(try prepare(pdf.document(), ["Title": "Nocturne in E♭ major", "Author": "Chopin", "Producer": nil, "Keywords": ""]))
        let expected = """
        4 0 obj
        <</Title <FEFF004E006F0063007400750072006E006500200069006E00200045266D0020006D0061006A006F0072>/Author (Chopin)/ModDate (D:20260921141320Z)>>
        endobj
        xref
        4 1
        0000000510 00000 n\r
        trailer
        <</Size 5/Root 1 0 R/Info 4 0 R/ID [<0102030405060708090A0B0C0D0E0F10><ABABABABABABABABABABABABABABABAB>]/Prev 243/TagrulesBase 510>>
        startxref
        667
        %%EOF

        """
        #expect(update.baseLength == pdf.count)
        #expect(String(decoding: update.bytes, as: UTF8.self) == expected)
        // The result reads back as written, and every original byte is untouched.
        let updated = try PDFDocument(source: MemoryByteSource(pdf.bytes + update.bytes))
        let info = try updated.info()
        #expect(info["Title"] == "Nocturne in E♭ major")
        #expect(info["Author"] == "Chopin")
        #expect(info["Producer"] == nil)
        #expect(info["Keywords"] == nil)
        #expect(!updated.wasRepaired)
    }

    @Test func sameValuesAgainWriteNothing() throws {
        let pdf = minimalPDF(info: "<< /Title (Same) /Author <FEFF00440076006F> >>")
        let document = try pdf.document()
        #expect(try prepare(document, ["Title": "Same"]) == nil)
        #expect(try prepare(document, ["Subject": nil, "Keywords": ""]) == nil)
        let author = try document.info()["Author"]
        #expect(try prepare(document, ["Author": author]) == nil)
    }

    @Test func aFileWithoutInfoGetsANewInfoObject() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        pdf.classicXRef([0, 1, 2], trailer: "<< /Size 3 /Root 1 0 R >>")
        let update = try #require(try prepare(pdf.document(), ["Title": "New"]))
        let updated = try PDFDocument(source: MemoryByteSource(pdf.bytes + update.bytes))
        #expect(try updated.info()["Title"] == "New")
        #expect(updated.trailer["Info"] == .reference(ObjectRef(3)))
        #expect(updated.trailer["Size"] == .integer(4))
        // A file without /ID gets a pair of new identifiers.
        #expect(updated.trailer["ID"] == .array([.string(Self.fileID), .string(Self.fileID)]))
    }

    @Test func anXRefStreamFileGetsAnXRefStreamUpdate() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        pdf.object(3, "<< /Title (Old) /AAPL:Keywords [(a) (b)] /Keywords (a, b) >>")
        pdf.streamXRef(4, entries: [(1, 1, pdf.offsets[1]!, 0), (2, 1, pdf.offsets[2]!, 0), (3, 1, pdf.offsets[3]!, 0)], extra: "/Size 5 /Root 1 0 R /Info 3 0 R")
        let document = try pdf.document()
        let update = try #require(try prepare(document, ["Keywords": "piano, rating:4"]))
        let text = String(decoding: update.bytes, as: UTF8.self)
        #expect(text.contains("/Type /XRef") || text.contains("/Type/XRef"))
        #expect(!text.contains("\nxref\n"))
        let updated = try PDFDocument(source: MemoryByteSource(pdf.bytes + update.bytes))
        #expect(updated.newestXRefForm == .stream)
        #expect(!updated.wasRepaired)
        let info = try updated.info()
        #expect(info["Keywords"] == "piano, rating:4")
        #expect(info.entries.first { $0.key == "AAPL:Keywords" }?.value == .array([.string(Array("piano".utf8)), .string(Array("rating:4".utf8))]))
        #expect(updated.trailer["Size"] == .integer(6))
    }

    @Test func refusesEncryptedRepairedAndCertifiedFiles() throws {
        var encrypted = minimalPDF()
        encrypted.object(5, "<< /Filter /Standard /V 5 /R 6 /Length 256 /P -4 >>")
        encrypted.classicXRef([5], trailer: "<< /Size 6 /Root 1 0 R /Info 4 0 R /Encrypt 5 0 R /Prev \(try #require(FileFrame.locate(in: minimalPDF().source).startxref)) >>")
        #expect(throws: PDFError.self) { try prepare(try encrypted.document(), ["Title": "x"]) }

        var certified = TestPDF()
        certified.object(1, "<< /Type /Catalog /Pages 2 0 R /Perms << /DocMDP 3 0 R >> >>")
        certified.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        certified.object(3, "<< /Type /Sig /Reference [<< /TransformMethod /DocMDP /TransformParams << /P 1 >> >>] >>")
        certified.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R >>")
        let document = try certified.document()
        #expect(try document.signatureState().docMDPPermission == 1)
        #expect(throws: PDFError.self) {
            try IncrementalUpdateWriter.prepare(document: document, changes: ["Title": "x"], now: Self.now, newFileID: Self.fileID, options: WriteOptions(force: true))
        }
    }

    @Test func appendThenUndoRestoresTheOriginalBytesAndKeepsPermissions() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("score.pdf").path
        let original = minimalPDF().bytes
        try Data(original).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

        let update = try #require(try prepare(PDFDocument.open(path: path), ["Title": "Dvořák"]))
        try SafeFileWriter.append(update, to: path)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == original + update.bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["score.pdf"])
        let check = try Tools.run("qpdf", ["--check", path])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")

        try RevisionUndo.undo(path: path)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == original)
        // The original has no tagrules revision left to undo.
        #expect(throws: PDFError.self) { try RevisionUndo.undo(path: path) }
    }

    @Test func undoRefusesWhenAnotherToolUpdatedAfterUs() throws {
        var pdf = minimalPDF()
        let ours = try #require(try prepare(pdf.document(), ["Title": "Ours"]))
        pdf.bytes += ours.bytes
        // A foreign update that copies every trailer key, our marker included (as pdf-notes §1.8 tells writers to).
        let document = try pdf.document()
        var trailer = document.trailer
        trailer["Prev"] = .integer(try #require(FileFrame.locate(in: pdf.source).startxref))
        pdf.object(4, "<< /Title (Theirs) >>")
        let copied = String(decoding: ObjectSerializer.bytes(of: .dictionary(trailer)), as: UTF8.self)
        pdf.classicXRef([4], trailer: copied)
        let foreign = try pdf.document()
        #expect(try foreign.info()["Title"] == "Theirs")
        #expect(throws: PDFError.self) { try RevisionUndo.baseLength(of: foreign) }
    }

    @Test func aFileChangedSinceReadingIsNotWritten() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("score.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        let update = try #require(try prepare(PDFDocument.open(path: path), ["Title": "New"]))
        try appendBytes("\n".utf8, toFileAt: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: PDFError.self) { try SafeFileWriter.append(update, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aSymlinkedFileIsUpdatedThroughTheLink() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.pdf").path
        let link = folder.appendingPathComponent("link.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let update = try #require(try prepare(PDFDocument.open(path: link), ["Title": "Linked"]))
        try SafeFileWriter.append(update, to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try PDFDocument.open(path: target).info()["Title"] == "Linked")
    }
}

/// Read-only files and folders are left alone, even for root (CI runs as root).
struct ReadOnlyTests {
    @Test(arguments: [true, false])
    func readOnlyFileOrFolderIsNotWritten(readOnlyFolder: Bool) throws {
        let folder = try Tools.temporaryFolder()
        let path = folder.appendingPathComponent("score.pdf").path
        try Data(minimalPDF().bytes).write(to: URL(fileURLWithPath: path))
        let locked = readOnlyFolder ? folder.path : path
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
            try? FileManager.default.removeItem(at: folder)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: PDFDocument.open(path: path), changes: ["Title": "New"], now: WriterTests.now, newFileID: WriterTests.fileID))
        #expect(throws: PDFError.self) { try SafeFileWriter.append(update, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["score.pdf"])
    }
}
