/// The part of the graphics state (ISO 32000-1 §8.4) that places text: the CTM and the text
/// state parameters (§9.3), saved and restored together by `q` and `Q`.
struct GraphicsState {
    var ctm: Matrix
    var font: TextFont?
    var fontSize = 0.0
    /// Tc, Tw, Tz (as a fraction), TL and Ts (§9.3.2–9.3.7).
    var characterSpacing = 0.0
    var wordSpacing = 0.0
    var horizontalScaling = 1.0
    var leading = 0.0
    var rise = 0.0

    init(ctm: Matrix) { self.ctm = ctm }
}
