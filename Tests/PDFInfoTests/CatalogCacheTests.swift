import Testing

@testable import PDFInfo

/// `PDFDocument.catalog` keeps the catalog once found. It must always be what resolving the
/// trailer's /Root gives at that moment: on every corpus file after the reads a tagging scan
/// makes, and after a repair that an object lookup starts late, once the document is open.
struct CatalogCacheTests {
    /// The catalog as resolved afresh, without the kept one.
    static func resolvedCatalog(_ document: PDFDocument) -> PDFDictionary? {
        try? document.resolve(document.trailer["Root"]).dictionaryValue
    }

    @Test func keptCatalogIsTheResolvedOneOnTheCorpus() throws {
        var opened = 0
        for name in Corpus.files {
            guard let document = try? PDFDocument.open(path: Corpus.path(name)) else { continue }
            opened += 1
            let first = document.catalog
            #expect(first != nil, "\(name)")
            _ = try? document.info()
            _ = try? document.pageCount()
            _ = try? document.outline()
            _ = try? document.signatureState()
            #expect(document.catalog == Self.resolvedCatalog(document), "\(name)")
            #expect(document.catalog == first, "\(name)")
        }
        #expect(opened > 100)
    }

    @Test func aLateRepairReplacesTheKeptCatalog() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R /Marker (listed) >>")
        let listedCatalog = pdf.offsets[1]!
        pdf.object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
        // Object 4's header is where its entry says, but what follows cannot be read: the
        // damage is met only when object 4 is looked up.
        pdf.object(4, "] /Title (Info) >>")
        pdf.object(5, "<< /Unused true >>")
        // A later copy of object 1 that the table does not list: a scan of the file finds it.
        pdf.append("1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Marker (scanned) >>\nendobj\n")
        let xrefOffset = pdf.count - pdf.headerOffset
        func row(_ offset: Int) -> String {
            String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n\r\n"
        }
        pdf.append("xref\n0 6\n0000000000 65535 f\r\n" + row(listedCatalog) + row(pdf.offsets[2]!) + row(pdf.offsets[3]!))
        pdf.append(row(pdf.offsets[4]!) + row(pdf.offsets[5]!))
        pdf.append("trailer\n<< /Size 6 /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n")

        let document = try pdf.document()
        #expect(!document.wasRepaired)
        #expect(document.catalog?["Marker"] == .string(Array("listed".utf8)))
        // Reading Info meets the unreadable object: the xref is rebuilt by scanning the file.
        _ = try document.info()
        #expect(document.wasRepaired)
        #expect(document.catalog == Self.resolvedCatalog(document))
        #expect(document.catalog?["Marker"] == .string(Array("scanned".utf8)))
    }
}
