/// The text printed on one page: its lines top to bottom, the page's size, and what kept any
/// text from being read.
public struct PageText: Sendable, Hashable, Codable {
    /// The lines, top to bottom (by baseline), lines on the same baseline left to right. Text
    /// set at a right angle to the page (a vertical margin note) follows the upright lines.
    public var lines: [PageTextLine]
    /// The page's width as displayed (crop box, after /Rotate), in points.
    public var width: Double
    /// The page's height as displayed, in points.
    public var height: Double
    /// Why the page shows no text, or less than it may hold; empty when all of it was read.
    public var notes: [PageTextNote]

    /// Creates the text of a page.
    public init(lines: [PageTextLine], width: Double, height: Double, notes: [PageTextNote] = []) {
        self.lines = lines
        self.width = width
        self.height = height
        self.notes = notes
    }
}

/// Why a page's text is missing or incomplete.
public enum PageTextNote: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The page draws no text at all; `images` is how many images it draws (a scanned page
    /// draws one or more and nothing else).
    case noText(images: Int)
    /// Reading stopped when the page's work budget ran out; the lines read until then are kept.
    case budgetExhausted(PageTextBudget)
    /// Part of the page could not be read: a damaged content stream, an unsupported filter.
    case unreadableContent(String)
    /// Glyphs drawn in fonts that say nothing of which characters they show (no /ToUnicode,
    /// no usable glyph names): music symbols, or text this reader cannot recover.
    case glyphsWithoutText(count: Int)

    /// One lowercase sentence for people.
    public var description: String {
        switch self {
        case .noText(let images) where images > 0:
            "the page has no text, only \(images) image\(images == 1 ? "" : "s") (a scan?)"
        case .noText:
            "the page has no text"
        case .budgetExhausted(let budget):
            "reading the page's text stopped at the limit on \(budget.description)"
        case .unreadableContent(let message):
            "part of the page's content could not be read: \(message)"
        case .glyphsWithoutText(let count):
            "\(count) glyph\(count == 1 ? "" : "s") drawn in fonts that do not say which characters they show"
        }
    }
}

/// The limits that bound the work of reading one page's text.
public enum PageTextBudget: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Tokens (operators and operands) interpreted, counting each use of a form XObject.
    case operations
    /// Bytes of content streams and fonts decoded.
    case decodedBytes = "decoded-bytes"
    /// Form XObjects nested in one another.
    case formDepth = "form-depth"
    /// Glyphs shown.
    case glyphs

    public var description: String {
        switch self {
        case .operations: "operations"
        case .decodedBytes: "decoded bytes"
        case .formDepth: "nested forms"
        case .glyphs: "glyphs"
        }
    }
}
