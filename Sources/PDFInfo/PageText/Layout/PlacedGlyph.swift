/// A glyph with text, where the page shows it: in display space (points from the page's
/// top-left corner as displayed, y downward).
struct PlacedGlyph {
    /// What the glyph shows.
    var text: String
    /// The glyph's origin (on its baseline).
    var x: Double
    var y: Double
    /// The direction of the text's baseline, a unit vector (1, 0) for upright text.
    var directionX: Double
    var directionY: Double
    /// How far the glyph advances along the baseline.
    var advance: Double
    /// The printed font size.
    var size: Double
    /// Whether the glyph shows only whitespace: a word break, not a word's character.
    var isSpace: Bool
}
