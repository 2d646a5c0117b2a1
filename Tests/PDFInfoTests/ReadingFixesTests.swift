import Foundation
import Testing

@testable import PDFInfo

/// Files other readers open that the reader got wrong (issue 26): page counts a page tree
/// cannot hold, crypt filters given as indirect objects, a misspelled key length. pikepdf
/// and qpdf are the oracles where they read the file.
struct ReadingFixesTests {
    /// A one-page file whose page tree root declares `count` pages.
    private static func onePage(declaring count: String) -> TestPDF {
        var pdf = TestPDF()
        pdf.onePageTree(count: count)
        pdf.classicXRef([0, 1, 2, 3], trailer: "<< /Size 4 /Root 1 0 R >>")
        return pdf
    }

    /// A few hundred bytes cannot hold 213,804,087 pages, and a root with a kid has more than
    /// none: the tree is walked, and the count is pikepdf's.
    @Test(arguments: ["213804087", "0", "-3", "1"])
    func pageCountsAreBoundedByThePageTree(declared: String) throws {
        let pdf = Self.onePage(declaring: declared)
        #expect(try pdf.document().pageCount() == 1)
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pages.pdf").path
        try Data(pdf.bytes).write(to: URL(fileURLWithPath: path))
        #expect(try Corpus.oracle([path])[path]?.pages == 1)
    }

    /// A plausible /Count is taken as it is: the tree is not walked.
    @Test func aPlausibleCountIsTrusted() throws {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 >>")
        pdf.object(3, "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 >>")
        pdf.object(4, "<< /Type /Page /Parent 2 0 R >>")
        pdf.object(5, "<< /Type /Page /Parent 3 0 R >>")
        pdf.object(6, "<< /Type /Page /Parent 3 0 R >>")
        pdf.classicXRef([0, 1, 2, 3, 4, 5, 6], trailer: "<< /Size 7 /Root 1 0 R >>")
        #expect(try pdf.document().pageCount() == 3)
    }

    /// qpdf encrypts a corpus file with `arguments`; returns its path and the folder to remove.
    private static func encrypted(_ arguments: [String]) throws -> (path: String, folder: URL) {
        let folder = try Tools.temporaryFolder()
        let path = folder.appendingPathComponent("encrypted.pdf").path
        let result = try Tools.run("qpdf", ["--allow-weak-crypto", "--object-streams=disable", "--encrypt", "", "owner"] + arguments
            + ["--", Corpus.path("qpdf-source1.pdf"), path])
        #expect(result.status == 0, "\(result.stderr)")
        return (path, folder)
    }

    /// /CF and the crypt filter in it may be indirect objects (§7.3.10): an update that makes
    /// them so leaves the file as readable as before.
    @Test func indirectCryptFiltersAreFollowed() throws {
        let (path, folder) = try Self.encrypted(["128", "--use-aes=y"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try PDFDocument.open(path: path)
        let title = try #require(try original.info()["Title"])
        let encryptRef = try #require(original.trailer["Encrypt"]?.referenceValue)
        var encrypt = try #require(try original.encryptDictionary())
        let filter = try #require(encrypt["CF"]?.dictionaryValue?["StdCF"])
        let size = try #require(original.trailer["Size"]?.integerValue)
        encrypt["CF"] = .reference(ObjectRef(size))

        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var offsets: [Int] = []
        func object(_ number: Int, _ value: PDFObject) {
            offsets.append(bytes.count)
            bytes += Array("\n\(number) 0 obj\n".utf8) + ObjectSerializer.bytes(of: value) + Array("\nendobj\n".utf8)
        }
        object(encryptRef.number, .dictionary(encrypt))
        object(size, .dictionary(PDFDictionary([("StdCF", .reference(ObjectRef(size + 1)))])))
        object(size + 1, filter)
        let xref = bytes.count
        var trailer = original.trailer
        trailer["Size"] = .integer(size + 2)
        trailer["Prev"] = .integer(original.xref.startxref)
        bytes += Array("xref\n\(encryptRef.number) 1\n\(CryptoPasswordTests.entry(offsets[0] + 1))\(size) 2\n".utf8)
        bytes += Array("\(CryptoPasswordTests.entry(offsets[1] + 1))\(CryptoPasswordTests.entry(offsets[2] + 1))trailer\n".utf8)
        bytes += ObjectSerializer.bytes(of: .dictionary(trailer)) + Array("\nstartxref\n\(xref)\n%%EOF\n".utf8)

        let document = try PDFDocument(source: MemoryByteSource(bytes))
        #expect(document.encryptRef == encryptRef)
        #expect(try document.encryptDictionary()?["CF"]?.dictionaryValue?["StdCF"] == filter)
        #expect(try document.encryption()?.method == "AES-128")
        #expect(try document.info()["Title"] == title)
    }

    /// A V2 dictionary whose /Length is misspelled: the standard's 40 bits do not open it, the
    /// 128 bits qpdf assumes do, with the empty password, and Info reads as pikepdf reads it.
    @Test func aMissingKeyLengthIsFoundByThePasswordCheck() throws {
        let (path, folder) = try Self.encrypted(["128", "--use-aes=n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let length = try #require(ByteSearch.firstIndex(of: Array("/Length 128".utf8), in: bytes))
        bytes[length + 1] = UInt8(ascii: "W")
        let misspelled = folder.appendingPathComponent("misspelled.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: misspelled))

        let document = try PDFDocument.open(path: misspelled)
        #expect(document.securityError == nil)
        #expect(try document.encryption()?.method == "RC4-128")
        let reading = try #require(try Corpus.oracle([misspelled])[misspelled])
        #expect(reading.ok, "\(reading.error ?? "")")
        guard case .text(let title)? = reading.info["Title"] else {
            Issue.record("pikepdf finds no /Title")
            return
        }
        #expect(try document.info()["Title"] == title)
    }
}
