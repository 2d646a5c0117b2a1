import Foundation
import Testing
@testable import PDFInfo

/// Revisions written with `--force` to damaged files, which list every object found by the scan
/// so that readers need no scan any more, their undo, and undo of files another tool updated
/// after tagrules (pdf-notes §1, §2.10).
struct RevisionUndoDamagedTests {
    /// How a file is damaged: its xref chain cannot be followed.
    enum Damage: String, CaseIterable, CustomStringConvertible {
        /// A truncated download: objects and a trailer, no xref table, no `startxref`.
        case noStartxref
        /// `startxref` points into an object, not at the table.
        case wrongStartxref

        var description: String { rawValue }
    }

    private static func damagedPDF(_ damage: Damage) -> TestPDF {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        pdf.object(3, "<< /Title (Old) >>")
        switch damage {
        case .noStartxref:
            pdf.append("trailer\n<< /Size 4 /Root 1 0 R /Info 3 0 R >>\n")
        case .wrongStartxref:
            let xref = pdf.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R /Info 3 0 R >>")
            let text = String(decoding: pdf.bytes, as: UTF8.self)
            pdf.bytes = Array(text.replacingOccurrences(of: "startxref\n\(xref)\n", with: "startxref\n\(xref - 7)\n").utf8)
        }
        return pdf
    }

    /// `pdf` with tagrules' update appended, written with `--force` as the damage requires.
    private static func withOurUpdate(_ pdf: TestPDF) throws -> TestPDF {
        let document = try pdf.document()
        #expect(document.wasRepaired)
        var updated = pdf
        updated.bytes += try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "Ours"], now: WriterTests.now, newFileID: WriterTests.fileID,
            options: WriteOptions(force: true))).bytes
        return updated
    }

    @Test(arguments: Damage.allCases)
    func aForcedUpdateOfADamagedFileIsUndone(damage: Damage) throws {
        let original = Self.damagedPDF(damage)
        let updated = try Self.withOurUpdate(original)
        let document = try updated.document()
        #expect(!document.wasRepaired, "the update lists every object: no scan is needed")
        #expect(document.trailer["Prev"] == nil)
        #expect(try document.info()["Title"] == "Ours")
        #expect(try RevisionUndo.baseLength(of: document) == original.count)
        #expect(Array(updated.bytes.prefix(original.count)) == original.bytes)
    }

    /// How another tool's update after ours links to the file.
    enum ForeignUpdate: String, CaseIterable, CustomStringConvertible {
        /// /Prev to our section, every trailer key copied (our marker too), as exiftool does.
        case chainedCopyingOurMarker
        /// /Prev to our section, our marker not copied.
        case chainedWithoutOurMarker
        /// /Prev 0 and our marker copied: a tool that rebuilt the file's xref, as tagrules does.
        case rebuiltCopyingOurMarker

        var description: String { rawValue }
    }

    @Test(arguments: Damage.allCases, ForeignUpdate.allCases)
    func anotherToolsUpdateAfterOursOnADamagedFileIsNeverStripped(damage: Damage, foreign: ForeignUpdate) throws {
        let original = Self.damagedPDF(damage)
        var pdf = try Self.withOurUpdate(original)
        let ours = try #require(try FileFrame.locate(in: pdf.source).startxref)
        let marker = "/TagrulesBase \(original.count)"
        let trailer = switch foreign {
        case .chainedCopyingOurMarker: "<< /Size 5 /Root 1 0 R /Info 4 0 R /Prev \(ours) \(marker) >>"
        case .chainedWithoutOurMarker: "<< /Size 5 /Root 1 0 R /Info 4 0 R /Prev \(ours) >>"
        case .rebuiltCopyingOurMarker: "<< /Size 5 /Root 1 0 R /Info 4 0 R /Prev 0 \(marker) >>"
        }
        pdf.object(4, "<< /Title (Theirs) >>")
        pdf.classicXRef([4], trailer: trailer)
        let document = try pdf.document()
        #expect(try document.info()["Title"] == "Theirs")
        let error = #expect(throws: PDFError.self) { try RevisionUndo.baseLength(of: document) }
        #expect(error?.code == .ownRevisionNotLast)
    }

    @Test func anotherToolsUpdateAfterOursIsToldApartFromAFileNeverTagged() throws {
        let original = minimalPDF()
        let untagged = #expect(throws: PDFError.self) { try RevisionUndo.baseLength(of: original.document()) }
        #expect(untagged?.code == .notOwnRevision)

        var pdf = original
        pdf.bytes += try #require(try IncrementalUpdateWriter.prepare(
            document: original.document(), changes: ["Title": "Ours"], now: WriterTests.now, newFileID: WriterTests.fileID)).bytes
        #expect(try RevisionUndo.baseLength(of: pdf.document()) == original.count)
        // A foreign update that does not copy our marker: ours is found in the older trailer.
        let ours = try #require(try FileFrame.locate(in: pdf.source).startxref)
        pdf.object(5, "<< /Title (Theirs) >>")
        pdf.classicXRef([5], trailer: "<< /Size 6 /Root 1 0 R /Info 5 0 R /Prev \(ours) >>")
        let followed = #expect(throws: PDFError.self) { try RevisionUndo.baseLength(of: pdf.document()) }
        #expect(followed?.code == .ownRevisionNotLast)
    }

    /// Damaged corpus files (xref rebuilt on reading) written with `force`: qpdf reads the result
    /// without rebuilding it, pikepdf (and pdfinfo, where it read the original) read the title
    /// written, and undo restores every original byte.
    @Test(arguments: [
        "pdfa20-pdf20-utf8-test.pdf", "pdfium-bug_583.pdf", "qpdf-issue-117.pdf", "qpdf-bad-direct-root.pdf",
        "pdflib-just_metadata.pdf",
    ])
    func undoRestoresADamagedCorpusFileWrittenWithForce(name: String) throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: Corpus.path(name), toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy)
        let original = try Data(contentsOf: URL(fileURLWithPath: copy))

        let document = try PDFDocument.open(path: copy)
        #expect(document.wasRepaired)
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: ["Title": "Nocturne"], now: WriterTests.now, newFileID: WriterTests.fileID,
            options: WriteOptions(force: true)))
        try SafeFileWriter.append(update, to: copy)
        #expect(try PDFDocument.open(path: copy).info()["Title"] == "Nocturne")
        let check = try Tools.run("qpdf", ["--check", copy])
        #expect(check.status == 0 || check.status == 3, "\(name): \(check.stdout) \(check.stderr)")
        #expect(!check.stderr.contains("reconstruct"), "\(name): \(check.stderr)")
        let reading = try #require(try Corpus.oracle([copy])[copy])
        guard case .text(let title)? = reading.info["Title"] else {
            Issue.record("\(name): pikepdf finds no /Title: \(reading.error ?? "")")
            return
        }
        #expect(title == "Nocturne", "\(name)")
        if try Tools.run("pdfinfo", [Corpus.path(name)]).status == 0 {
            #expect(try Tools.run("pdfinfo", [copy]).stdout.contains("Title:           Nocturne"), "\(name)")
        }

        try RevisionUndo.undo(path: copy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == original)
    }

    /// The demo library's truncated download (no xref, no `startxref`, cut inside a stream):
    /// written with `force`, it is read by qpdf without a rebuild, and by pikepdf and pdfinfo,
    /// with the values written; undo restores it byte for byte.
    @Test func theTruncatedDemoDownloadWrittenWithForceIsReadByEveryReader() throws {
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = Tools.packageRoot.appendingPathComponent("examples/library/Truncated download - Handel Sarabande.pdf")
        let copy = folder.appendingPathComponent("truncated.pdf").path
        try FileManager.default.copyItem(atPath: demo.path, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy)
        let original = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(try Tools.run("qpdf", ["--check", copy]).status == 2, "qpdf cannot open the download itself")

        let values = ["Title": "Sarabande – Händel", "Author": "Georg Friedrich Händel"]
        let document = try PDFDocument.open(path: copy)
        #expect(document.wasRepaired)
        #expect(throws: PDFError.self) { try document.checkWritable() }
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: document, changes: values, now: WriterTests.now, newFileID: WriterTests.fileID, options: WriteOptions(force: true)))
        try SafeFileWriter.append(update, to: copy)

        let check = try Tools.run("qpdf", ["--check", copy])
        #expect(check.status == 0 || check.status == 3, "\(check.stdout) \(check.stderr)")
        #expect(!check.stderr.contains("reconstruct"), "\(check.stderr)")
        let reading = try #require(try Corpus.oracle([copy])[copy])
        #expect(reading.ok, "\(reading.error ?? "")")
        #expect(reading.pages == 1)
        let pdfinfo = try Tools.run("pdfinfo", ["-enc", "UTF-8", copy])
        #expect(pdfinfo.status == 0)
        for (key, value) in values {
            if case .text(let text)? = reading.info[key] { #expect(text == value, "pikepdf /\(key)") } else { Issue.record("pikepdf finds no /\(key)") }
            #expect(pdfinfo.stdout.contains("\(key):".padding(toLength: 17, withPad: " ", startingAt: 0) + value), "pdfinfo \(key)")
        }
        let reread = try PDFDocument.open(path: copy)
        #expect(!reread.wasRepaired)
        #expect(try reread.info()["Title"] == values["Title"])

        try RevisionUndo.undo(path: copy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == original)
    }
}
