/// One line of text printed on a page, as a reader sees it: the words on one baseline that
/// belong together, left to right.
///
/// Coordinates are in points (1/72 inch) on the page as displayed: the origin is the top-left
/// corner of the visible area (the crop box, after the page's /Rotate), x grows to the right and
/// y grows **downward**, so lines near the top of the page have small `y`.
public struct PageTextLine: Sendable, Hashable, Codable {
    /// The line's text: its words separated by single spaces.
    public var text: String
    /// The font size in points as printed (after the text and transformation matrices): the
    /// size of most of the line's characters.
    public var size: Double
    /// Where the line starts, in points from the page's left edge: the origin of its first
    /// character on the baseline (the left end, for upright text).
    public var x: Double
    /// The baseline's distance from the page's top edge, in points.
    public var y: Double

    /// Creates a line.
    public init(text: String, size: Double, x: Double, y: Double) {
        self.text = text
        self.size = size
        self.x = x
        self.y = y
    }
}
