import Foundation
import Testing

@testable import PDFInfo

/// The numbers an update gives new objects and the /Size it writes, on files whose numbering
/// is odd (issue 26): every reader must accept the result, and /Size is one more than the
/// highest object number in the file after the update. qpdf and pikepdf check it for real.
struct NewObjectNumbersTests {
    /// `pdf` with an update writing `Title`, checked by qpdf (no new kind of warning) and
    /// pikepdf; returns the update's text.
    private func writeAndCheck(_ pdf: TestPDF, expectedSize: Int) throws -> String {
        let update = try #require(try IncrementalUpdateWriter.prepare(
            document: pdf.document(), changes: ["Title": "Nocturne – Dvořák"], now: WriterTests.now, newFileID: WriterTests.fileID))
        let updated = try PDFDocument(source: MemoryByteSource(pdf.bytes + update.bytes))
        #expect(!updated.wasRepaired)
        #expect(updated.trailer["Size"] == .integer(expectedSize))
        #expect(try updated.info()["Title"] == "Nocturne – Dvořák")

        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before.pdf").path
        let after = folder.appendingPathComponent("after.pdf").path
        try Data(pdf.bytes).write(to: URL(fileURLWithPath: before))
        try Data(pdf.bytes + update.bytes).write(to: URL(fileURLWithPath: after))
        let checkBefore = try Tools.run("qpdf", ["--check", before])
        let checkAfter = try Tools.run("qpdf", ["--check", after])
        #expect(checkAfter.status == 0 || checkAfter.status == checkBefore.status, "qpdf --check: \(checkAfter.stderr)")
        #expect(Self.warningKinds(checkAfter.stderr, after).isSubset(of: Self.warningKinds(checkBefore.stderr, before)), "\(checkAfter.stderr)")
        let reading = try #require(try Corpus.oracle([after])[after])
        #expect(reading.ok, "\(reading.error ?? "")")
        if case .text(let title)? = reading.info["Title"] {
            #expect(title == "Nocturne – Dvořák")
        } else {
            Issue.record("pikepdf finds no /Title")
        }
        return String(decoding: update.bytes, as: UTF8.self)
    }

    /// qpdf's warnings without the file name and the offsets.
    private static func warningKinds(_ output: String, _ path: String) -> Set<String> {
        Set(output.split(separator: "\n").filter { $0.hasPrefix("WARNING") }.map { line in
            line.replacingOccurrences(of: path, with: "").replacingOccurrences(of: #"offset \d+"#, with: "", options: .regularExpression)
        })
    }

    /// A dangling `/Info 21 0 R` at `/Size 21`: Info is written as object 21, and /Size becomes 22.
    @Test func aDanglingInfoReferenceRaisesTheSize() throws {
        var pdf = TestPDF()
        pdf.onePageTree()
        pdf.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R /Info 21 0 R >>")
        let text = try writeAndCheck(pdf, expectedSize: 22)
        #expect(text.hasPrefix("21 0 obj"))
    }

    /// The same in a file with an xref stream: Info keeps 21, the new xref stream takes the first
    /// number past the others.
    @Test func aDanglingInfoReferenceAndANewXRefStreamGetDistinctNumbers() throws {
        var pdf = TestPDF()
        pdf.onePageTree()
        pdf.streamXRef(4, entries: [(1, 1, pdf.offsets[1]!, 0), (2, 1, pdf.offsets[2]!, 0), (3, 1, pdf.offsets[3]!, 0)],
                       extra: "/Size 5 /Root 1 0 R /Info 21 0 R")
        let text = try writeAndCheck(pdf, expectedSize: 22)
        #expect(text.hasPrefix("21 0 obj"))
        #expect(text.contains("5 0 obj"))
    }

    /// An xref that lists objects 1000–1001 under `/Size 8` in a file of a few hundred bytes:
    /// pikepdf (qpdf 12) ignores objects numbered past a third of the file's length, so Info
    /// takes the lowest number no section lists, and /Size covers 1001.
    @Test func numbersPastWhatReadersAcceptAreNotContinued() throws {
        var pdf = TestPDF()
        pdf.onePageTree()
        pdf.object(1000, "(spare)")
        pdf.object(1001, "(spare)")
        pdf.classicXRef([0, 1, 2, 3, 1000, 1001], trailer: "<< /Size 8 /Root 1 0 R >>")
        #expect(pdf.count < 1000 * 3)
        let text = try writeAndCheck(pdf, expectedSize: 1002)
        #expect(text.hasPrefix("4 0 obj"))
    }

    /// An xref subsection that starts at object 4294967296 is past what qpdf accepts: the file is
    /// damaged, refused without force, as qpdf rebuilds it.
    @Test func objectNumbersPastTwoToTheThirtyFirstAreDamage() throws {
        var pdf = minimalPDF()
        let previous = try #require(try FileFrame.locate(in: pdf.source).startxref)
        let xrefOffset = pdf.count - pdf.headerOffset
        pdf.append("xref\n4294967296 1\n0000000015 00000 n\r\ntrailer\n<< /Size 4294967297 /Root 1 0 R /Prev \(previous) >>\n")
        pdf.append("startxref\n\(xrefOffset)\n%%EOF\n")
        let document = try pdf.document()
        #expect(document.wasRepaired)
        let refusal = #expect(throws: PDFError.self) { try document.checkWritable() }
        #expect(refusal?.code == .repairedFile)
        #expect(refusal?.message.contains("4294967296") == true)

        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge-number.pdf").path
        try Data(pdf.bytes).write(to: URL(fileURLWithPath: path))
        #expect(try Tools.run("qpdf", ["--check", path]).status != 0, "qpdf faults the file too")
    }

    /// Trailer keys copied forward keep their exact bytes: `/##00##` is not re-escaped.
    @Test func trailerKeysKeepTheirSpelling() throws {
        var pdf = TestPDF()
        pdf.onePageTree()
        pdf.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R /QTest /# /Other#20Tests << /## 1 /a#b [4 /##00##] >> /A#42 1 >>")
        let text = try writeAndCheck(pdf, expectedSize: 5)
        #expect(text.contains("/QTest /#/Other#20Tests <</## 1/a#b [4 /##00##]>>/A#42 1"))
    }
}
