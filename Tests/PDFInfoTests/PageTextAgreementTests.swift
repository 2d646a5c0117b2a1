import Foundation
import Testing
@testable import PDFInfo

/// PDFInfo's first-page text against poppler's `pdftotext -layout` on every corpus file
/// (issue 27): agreement as `TextAgreement` defines it, at least 98 % over the corpus and at
/// least `fileFloor` on each file but the known differences below.
struct PageTextAgreementTests {
    static let fileFloor = 0.9

    /// Files on which the readers differ by design, and why.
    static let knownDifferences: [String: String] = [
        "pdfcpu-FreeTextAnnotation.pdf": "a FreeText annotation without an appearance stream: poppler draws one from /Contents; PDFInfo reads the appearances a file has",
        "qpdf-form-no-need-appearances-filled.pdf": "form fields without appearance streams: poppler draws their values; PDFInfo reads the appearances a file has",
        "pysf-habibi.pdf": "Arabic drawn in logical order: poppler reverses the right-to-left run and joins it to the next word; PDFInfo keeps the order drawn, which reads right",
        "pysf-habibi-oneline-cmap.pdf": "as pysf-habibi.pdf",
        "pysf-habibi-rotated.pdf": "as pysf-habibi.pdf",
        "pypdf-issue-301.pdf": "scattered OCR characters, grouped into words differently by the two readers; a '.' drawn twice at one place is read once",
    ]

    @Test func corpusFirstPagesAgreeWithPoppler() throws {
        var common = 0, ordered = 0, longer = 0, pages = 0
        var report: [String] = []
        for file in Corpus.files {
            let path = Corpus.path(file)
            guard let comparison = try? TextAgreement.compare(path), comparison.longer > 0 else { continue }
            pages += 1
            common += comparison.common
            ordered += comparison.orderedCommon
            longer += comparison.longer
            if Self.knownDifferences[file] == nil {
                #expect(comparison.agreement >= Self.fileFloor, "\(file): \(comparison.agreement) \(comparison.differences)")
            }
            if comparison.agreement < 0.98 {
                let (onlyOurs, onlyPoppler) = comparison.differences
                report.append("\(file): \(String(format: "%.3f", comparison.agreement)) (ours \(comparison.oursCharacters), poppler \(comparison.popplerCharacters))\n  only ours:    \(onlyOurs.prefix(30).joined(separator: " "))\n  only poppler: \(onlyPoppler.prefix(30).joined(separator: " "))")
            }
        }
        let total = Double(common) / Double(max(longer, 1))
        print("page text agreement: \(pages) pages, words \(common)/\(longer) = \(String(format: "%.4f", total)), in order \(String(format: "%.4f", Double(ordered) / Double(max(longer, 1))))")
        print(report.joined(separator: "\n"))
        #expect(total >= 0.98)
    }

    /// The pages `PageTextTests` makes, each read as poppler reads it.
    @Test(arguments: PageTextTests.madePages.map(\.name))
    func madePagesAgreeWithPoppler(name: String) throws {
        let page = try #require(PageTextTests.madePages.first { $0.name == name }?.page)
        let folder = try Tools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try page.write(named: "\(name).pdf", in: folder)
        let comparison = try #require(try TextAgreement.compare(path), "pdftotext cannot read \(name)")
        #expect(comparison.longer > 0)
        #expect(comparison.agreement >= 0.98, "\(name): \(comparison.differences)")
    }
}
