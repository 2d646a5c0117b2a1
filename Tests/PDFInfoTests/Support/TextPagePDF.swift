import Foundation
import MetadataModel
@testable import PDFInfo

/// A one-page PDF made for page-text tests: the page's content stream, its resources and other
/// entries as PDF source, and further objects numbered from 5 (objects 1–4 are the catalog,
/// the page tree, the page and its content).
struct TextPagePDF {
    var content: [UInt8]
    var resources = "<< /Font << /F1 \(TextPagePDF.helvetica) >> >>"
    var pageEntries = "/MediaBox [0 0 612 792]"
    /// Further objects: a number and its body, or a number, a stream dictionary and its data.
    var objects: [(number: Int, body: String)] = []
    var streams: [(number: Int, dictionary: String, data: [UInt8])] = []

    /// Helvetica as a simple font in WinAnsiEncoding, not embedded, without /Widths.
    static let helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

    init(_ content: String) { self.content = Array(content.utf8) }
    init(bytes: [UInt8]) { content = bytes }

    var pdf: TestPDF {
        var pdf = TestPDF()
        pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.object(3, "<< /Type /Page /Parent 2 0 R \(pageEntries) /Resources \(resources) /Contents 4 0 R >>")
        pdf.stream(4, "", data: content)
        for (number, body) in objects { pdf.object(number, body) }
        for (number, dictionary, data) in streams { pdf.stream(number, dictionary, data: data) }
        let numbers = [0, 1, 2, 3, 4] + objects.map(\.number) + streams.map(\.number)
        pdf.classicXRef(numbers, trailer: "<< /Size \((numbers.max() ?? 4) + 1) /Root 1 0 R >>")
        return pdf
    }

    /// The page's text as PDFInfo reads it.
    func pageText(limits: PageTextLimits = .standard) throws -> PageText {
        try pdf.document().pageText(limits: limits)
    }

    /// The page's lines' texts.
    func lines(limits: PageTextLimits = .standard) throws -> [String] {
        try pageText(limits: limits).lines.map(\.text)
    }

    /// The file written to a temporary folder (removed by the caller), for the oracles.
    func write(named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(pdf.bytes).write(to: url)
        return url.path
    }
}
