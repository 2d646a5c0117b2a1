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
