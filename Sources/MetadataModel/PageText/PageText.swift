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
