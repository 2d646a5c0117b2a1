import Foundation
import MetadataModel
@testable import PDFInfo

/// How far PDFInfo's page text agrees with poppler's `pdftotext -layout` on the same page.
///
/// The metric (issue 27's "agreement of characters, whitespace normalised"): each reader's text
/// is split into words at whitespace (Unicode White_Space) and at private-use characters
/// (Unicode Co: poppler prints them, PDFInfo drops them, `PrintedText`; fonts map music
/// symbols, as MuseScore's do, and sometimes spaces to them), and control and format characters
/// (Unicode Cc, Cf: poppler's bidirectional marks) are dropped. Agreement is the number of
/// characters in the words both readers read — the same word, character for character, as
/// often on both sides — divided by the character count of the reader that read more:
///
///     agreement = Σ_w min(ours(w), poppler(w)) · length(w) / max(characters(ours), characters(poppler))
///
/// A wrong, missing or extra character loses its whole word on both sides, and so does a
/// space put in or left out inside a word; the order of lines and columns, which each reader
/// decides by its own layout analysis, does not count. `orderedAgreement` also reports the
/// order-sensitive figure (longest common subsequence of the characters ÷ the longer text).
/// Two empty texts agree fully.
enum TextAgreement {
    /// One page compared.
    struct Comparison {
        var ours: [String]
        var poppler: [String]
        /// Characters in words both readers read.
        var common: Int
        var oursCharacters: Int { ours.reduce(0) { $0 + $1.unicodeScalars.count } }
        var popplerCharacters: Int { poppler.reduce(0) { $0 + $1.unicodeScalars.count } }
        var longer: Int { max(oursCharacters, popplerCharacters) }
        var agreement: Double { longer == 0 ? 1 : Double(common) / Double(longer) }

        /// Characters in common in reading order: the longest common subsequence of the two
        /// texts' characters (words joined), from Myers' diff.
        var orderedCommon: Int {
            let a = Array(ours.joined().unicodeScalars), b = Array(poppler.joined().unicodeScalars)
            return b.count - b.difference(from: a).insertions.count
        }

        /// The words only one reader read, each with how many more times it did.
        var differences: (onlyOurs: [String], onlyPoppler: [String]) {
            var counts: [String: Int] = [:]
            for word in ours { counts[word, default: 0] += 1 }
            for word in poppler { counts[word, default: 0] -= 1 }
            return (counts.filter { $0.value > 0 }.map { "\($0.key)×\($0.value)" }.sorted(),
                    counts.filter { $0.value < 0 }.map { "\($0.key)×\(-$0.value)" }.sorted())
        }
    }

    /// The words of `text` that count.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .privateUse {
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            } else if scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format {
                word.append(scalar)
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// Characters in the words of `a` also in `b`, counted as often as both have them.
    static func commonCharacters(_ a: [String], _ b: [String]) -> Int {
        var counts: [String: Int] = [:]
        for word in b { counts[word, default: 0] += 1 }
        var common = 0
        for word in a where counts[word, default: 0] > 0 {
            counts[word]! -= 1
            common += word.unicodeScalars.count
        }
        return common
    }

    /// pdftotext's text of page `page` (1-based) of `path`, in layout mode; nil when it fails.
    static func popplerText(_ path: String, page: Int = 1) throws -> String? {
        let result = try Tools.run("pdftotext", ["-q", "-f", "\(page)", "-l", "\(page)", "-layout", "-enc", "UTF-8", path, "-"])
        return result.status == 0 ? result.stdout : nil
    }

    /// Our lines of page `page` joined by line breaks.
    static func ourText(_ pageText: PageText) -> String {
        pageText.lines.map(\.text).joined(separator: "\n")
    }

    /// Compares the two readings of page `page` of `path`; nil when poppler cannot read it.
    static func compare(_ path: String, page: Int = 1) throws -> Comparison? {
        guard let theirs = try popplerText(path, page: page) else { return nil }
        let document = try PDFDocument.open(path: path)
        let ours = words(ourText(try document.pageText(at: page - 1)))
        let poppler = words(theirs)
        return Comparison(ours: ours, poppler: poppler, common: commonCharacters(ours, poppler))
    }
}
