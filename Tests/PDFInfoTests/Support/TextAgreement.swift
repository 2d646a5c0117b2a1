import Foundation
import MetadataModel
@testable import PDFInfo

/// How far PDFInfo's page text agrees with poppler's `pdftotext -layout` on the same page.
///
/// The metric (issue 27: "agreement of characters, whitespace normalised"): both texts are
/// normalised by dropping every whitespace character (Unicode White_Space), every control and
/// format character (Unicode Cc, Cf: poppler's bidirectional marks) and every private-use
/// character (Unicode Co: fonts map music symbols, and sometimes spaces, there; poppler prints
/// them, PDFInfo drops them, `PrintedText`). Agreement is then the length of the longest common
/// subsequence of the two character sequences divided by the length of the longer:
///
///     agreement = LCS(ours, poppler) / max(|ours|, |poppler|)
///
/// A character missing on either side, an extra one, or one read in another order lowers it.
/// Two empty texts agree fully.
///
/// The oracle is `pdftotext -layout`, not `-raw`: PDFInfo gives lines top to bottom, each left
/// to right, and so does poppler's physical layout, row by row; `-raw` keeps the order the
/// content stream draws in, which no reader of a printed page sees.
enum TextAgreement {
    /// One page compared.
    struct Comparison {
        var ours: [Unicode.Scalar]
        var poppler: [Unicode.Scalar]
        /// The length of the longest common subsequence.
        var common: Int
        var longer: Int { max(ours.count, poppler.count) }
        var agreement: Double { longer == 0 ? 1 : Double(common) / Double(longer) }

        /// The characters only one reader read, with how many more times it did.
        var differences: (onlyOurs: String, onlyPoppler: String) {
            var counts: [Unicode.Scalar: Int] = [:]
            for scalar in ours { counts[scalar, default: 0] += 1 }
            for scalar in poppler { counts[scalar, default: 0] -= 1 }
            func listed(_ keep: (Int) -> Bool) -> String {
                counts.filter { keep($0.value) }.sorted { $0.key < $1.key }.map { "\($0.key)×\(abs($0.value))" }.joined(separator: " ")
            }
            return (listed { $0 > 0 }, listed { $0 < 0 })
        }
    }

    /// The characters of `text` that count.
    static func normalized(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            !$0.properties.isWhitespace && ![.control, .format, .privateUse].contains($0.properties.generalCategory)
        }
    }

    /// The length of the longest common subsequence of `a` and `b`, from Myers' diff (which
    /// `difference(from:)` computes): |b| less the insertions that turn `a` into `b`.
    static func commonLength(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        b.count - b.difference(from: a).insertions.count
    }

    /// pdftotext's text of page `page` (1-based) of `path`, in layout mode; nil when it fails.
    static func popplerText(_ path: String, page: Int = 1) throws -> String? {
        let result = try Tools.run("pdftotext", ["-q", "-f", "\(page)", "-l", "\(page)", "-layout", "-enc", "UTF-8", path, "-"])
        return result.status == 0 ? result.stdout : nil
    }

    /// Our lines of a page joined by line breaks.
    static func ourText(_ pageText: PageText) -> String {
        pageText.lines.map(\.text).joined(separator: "\n")
    }

    /// Compares the two readings of page `page` of `path`; nil when poppler cannot read it.
    static func compare(_ path: String, page: Int = 1) throws -> Comparison? {
        guard let theirs = try popplerText(path, page: page) else { return nil }
        let document = try PDFDocument.open(path: path)
        let ours = normalized(ourText(try document.pageText(at: page - 1)))
        let poppler = normalized(theirs)
        return Comparison(ours: ours, poppler: poppler, common: commonLength(ours, poppler))
    }
}
