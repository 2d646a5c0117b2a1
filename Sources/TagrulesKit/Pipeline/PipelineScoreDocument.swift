import MetadataModel
import Notation
import PDFInfo
import RuleHost

/// `score.source` and `score.text` of a score the pipeline has open (issue 27): the notation
/// file found beside the PDF (`NotationReader`), and the first page's text read from the
/// `PDFDocument` already open for the metadata. Nothing is looked for or read until a rule
/// asks (`RuleContext` asks each once per score); what goes wrong on the way becomes a report
/// diagnostic (``diagnostics``) instead of failing the score.
///
/// Used by the worker that processes the score, on its thread.
package final class PipelineScoreDocument: ScoreDocument {
    private let pdfPath: String
    private let pdf: PDFDocument?
    private let notationFinder: NotationFinder
    /// What reading the notation file or the page found: a notation file that cannot be read
    /// (warning), a page with no text or text only partly read (info).
    private(set) var diagnostics: [Diagnostic] = []

    /// The document of the PDF at `pdfPath`, open as `pdf` (nil: `score.text` is nil), whose
    /// notation file `notationFinder` finds (the run's finder, which lists each folder once).
    init(pdfPath: String, pdf: PDFDocument?, notationFinder: NotationFinder) {
        self.pdfPath = pdfPath
        self.pdf = pdf
        self.notationFinder = notationFinder
    }

    package func notationSource() -> NotationSource? {
        guard let path = notationFinder.find(besidePDF: pdfPath) else { return nil }
        do {
            return try NotationReader.read(path: path)
        } catch {
            diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(error.code),
                message: "notation file '\(path)' cannot be read, score.source is nil: \(error.message)"))
            return nil
        }
    }

    package func firstPageText() -> PageText? {
        guard let pdf else { return nil }
        let page: PageText
        do {
            page = try pdf.pageText(at: 0)
        } catch {
            diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(error.code), message: "page 1's text cannot be read: \(error.message)"))
            return nil
        }
        for note in page.notes {
            switch note {
            case .noText:
                diagnostics.append(Diagnostic(
                    severity: .info, code: "no-page-text", message: "page 1 has no text (a scan?)"))
            case .budgetExhausted, .unreadableContent:
                diagnostics.append(Diagnostic(severity: .info, code: "page-text-partial", message: "page 1: \(note)"))
            case .glyphsWithoutText:
                // Music symbols are drawn in such fonts on every engraved page: not news.
                break
            }
        }
        return page
    }
}
