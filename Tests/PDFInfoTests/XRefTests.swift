import Testing
@testable import PDFInfo

/// Cross-reference reading on small PDFs built in the test (ISO 32000-1 §7.5; pdf-notes §2).
struct XRefTests {
    @Test func classicTableAndInfo() throws {
        let document = try minimalPDF(info: "<< /Title (Nocturne) /Custom (x) >>").document()
        #expect(!document.wasRepaired)
        #expect(document.newestXRefForm == .table)
        let info = try document.info()
        #expect(info["Title"] == "Nocturne")
        #expect(info["Custom"] == "x")
        #expect(info.ref == ObjectRef(4))
        #expect(try document.pageCount() == 1)
    }

    @Test func junkBeforeTheHeaderShiftsOffsets() throws {
        let pdf = minimalPDF(junk: "garbage from a mail client\n")
        let document = try pdf.document()
        #expect(document.headerOffset == 27)
        #expect(!document.wasRepaired)
        #expect(try document.info()["Title"] == "Old")
    }

    @Test func prevChainNewestEntryWinsAndFreeEntriesDelete() throws {
        var pdf = minimalPDF(info: "<< /Title (First) /Subject (S) >>")
        let previous = try #require(FileFrame.locate(in: pdf.source).startxref)
        pdf.object(4, "<< /Title (Second) >>")
        pdf.object(5, "(orphan)")
        pdf.classicXRef([4, 5], trailer: "<< /Size 6 /Root 1 0 R /Info 4 0 R /Prev \(previous) >>")
        let secondXRef = try #require(FileFrame.locate(in: pdf.source).startxref)
        pdf.classicXRef([5], trailer: "<< /Size 6 /Root 1 0 R /Info 4 0 R /Prev \(secondXRef) >>", free: [5])
        let document = try pdf.document()
        #expect(try document.info()["Title"] == "Second")
        #expect(try document.info()["Subject"] == nil)
        #expect(try document.object(ObjectRef(5)) == nil)
        #expect(document.xref.sectionOffsets.count == 3)
    }

    /// A /Prev loop makes qpdf rebuild the cross-reference data by scanning the file: so does
    /// the reader, and the newest copy of each object in the file wins.
    @Test func prevLoopIsDamageAndTheFileIsRebuilt() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        pdf.object(3, "<< /Title (Old) >>")
        // Section A points back at section B, which is written after it: a two-section loop.
        let sectionA = pdf.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R /Info 3 0 R /Prev 0000000000 >>")
        pdf.object(3, "<< /Title (Looped) >>")
        let sectionB = pdf.classicXRef([3], trailer: "<< /Size 4 /Root 1 0 R /Info 3 0 R /Prev \(sectionA) >>")
        let placeholder = try #require(ByteSearch.firstIndex(of: Array("0000000000 >>".utf8), in: pdf.bytes))
        let patched = String(repeating: "0", count: 10 - String(sectionB).count) + String(sectionB)
        pdf.bytes.replaceSubrange(placeholder..<(placeholder + 10), with: Array(patched.utf8))
        let document = try pdf.document()
        #expect(document.wasRepaired)
        #expect(document.repairReason?.message.contains("loop") == true)
        #expect(try document.info()["Title"] == "Looped")
    }

    @Test func xrefStreamWithObjectStreamAndIndirectLength() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        // Objects 2 (pages) and 4 (Info) live in object stream 6.
        let pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >> "
        let info = "<< /Title (In ObjStm) /Author <FEFF00440076006F015900E1006B> >>"
        let header = "2 0 4 \(pages.utf8.count) "
        let body = Array((header + pages + info).utf8)
        pdf.stream(6, "/Type /ObjStm /N 2 /First \(header.utf8.count)", data: body)
        pdf.object(3, "<< /Type /Page /Parent 2 0 R /Contents 7 0 R >>")
        pdf.offsets[7] = pdf.count - pdf.headerOffset
        pdf.append("7 0 obj\n<< /Length 8 0 R >>\nstream\nBT ET\nendstream\nendobj\n")
        pdf.object(8, "5")
        pdf.streamXRef(9, entries: [
            (1, 1, pdf.offsets[1]!, 0), (2, 2, 6, 0), (3, 1, pdf.offsets[3]!, 0), (4, 2, 6, 1),
            (6, 1, pdf.offsets[6]!, 0), (7, 1, pdf.offsets[7]!, 0), (8, 1, pdf.offsets[8]!, 0),
        ], extra: "/Size 10 /Root 1 0 R /Info 4 0 R")
        let document = try pdf.document()
        #expect(!document.wasRepaired)
        #expect(document.newestXRefForm == .stream)
        #expect(try document.info()["Title"] == "In ObjStm")
        #expect(try document.info()["Author"] == "Dvořák")
        #expect(try document.pageCount() == 1)
        guard case .stream(let contents)? = try document.object(ObjectRef(7)) else {
            Issue.record("object 7 is not a stream")
            return
        }
        #expect(contents.dataLength == 5)
    }

    @Test func hybridFileReadsHiddenObjectsFromXRefStm() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        let members = "<< /Title (Hidden) >>"
        pdf.stream(5, "/Type /ObjStm /N 1 /First 4", data: Array(("4 0 " + members).utf8))
        let xrefStm = pdf.count - pdf.headerOffset
        pdf.stream(6, "/Type /XRef /W [1 4 2] /Index [4 1] /Size 7", data: [2, 0, 0, 0, 5, 0, 0])
        // The table marks 4 as free for old readers; the /XRefStm entry must win.
        pdf.classicXRef([0, 1, 2, 4, 5], trailer: "<< /Size 7 /Root 1 0 R /Info 4 0 R /XRefStm \(xrefStm) >>", free: [4])
        let document = try pdf.document()
        #expect(try document.info()["Title"] == "Hidden")
        #expect(document.newestXRefForm == .table)
    }

    @Test func wrongOffsetsAreRepairedByScanning() throws {
        var pdf = minimalPDF(info: "<< /Title (Found by scan) >>")
        // Corrupt every offset in the table by rewriting startxref to a bogus place.
        let text = String(decoding: pdf.bytes, as: UTF8.self)
        let fixed = text.replacingOccurrences(of: "0000000015 00000 n", with: "0000000999 00000 n")
        pdf.bytes = Array(fixed.utf8)
        let document = try pdf.document()
        #expect(document.wasRepaired)
        #expect(document.diagnostics.contains { $0.code == "xref-reconstructed" })
        #expect(try document.info()["Title"] == "Found by scan")
        #expect(throws: PDFError.self) { try document.checkWritable() }
    }

    @Test func missingStartxrefIsRepaired() throws {
        var pdf = minimalPDF(info: "<< /Title (No tail) >>")
        let tail = try #require(ByteSearch.lastIndex(of: Array("startxref".utf8), in: pdf.bytes))
        pdf.bytes.removeSubrange(tail...)
        let document = try pdf.document()
        #expect(document.wasRepaired)
        #expect(try document.info()["Title"] == "No tail")
    }

    @Test func notAPDFIsATypedError() {
        #expect(throws: PDFError(.notAPDF, "not a PDF (no %PDF- header, no startxref, no objects)")) {
            try PDFDocument(source: MemoryByteSource(Array("just some notes\n".utf8)))
        }
        #expect(throws: PDFError(.emptyFile, "file is empty")) { try PDFDocument(source: MemoryByteSource([])) }
    }
}
