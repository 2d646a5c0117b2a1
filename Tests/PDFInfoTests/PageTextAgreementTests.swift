import Foundation
import Testing
@testable import PDFInfo

/// PDFInfo's first-page text against poppler's `pdftotext -layout` on every corpus file
/// (issue 27): agreement as `TextAgreement` defines it.
struct PageTextAgreementTests {
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
