/// The work one page's text may cost (ISO 32000-1 says nothing of this; hostile files make it
/// necessary). Past a limit, reading stops and the lines read so far are returned with a
/// `PageTextNote.budgetExhausted` note.
public struct PageTextLimits: Sendable, Hashable {
    /// Tokens (operators and operands) interpreted in the page and its forms, counting a form
    /// each time it is drawn.
    public var maxOperations: Int
    /// Bytes decoded from the page's content streams, its forms and the font data read for
    /// encodings and maps.
    public var maxDecodedBytes: Int
    /// Form XObjects drawn inside one another.
    public var maxFormDepth: Int
    /// Glyphs shown.
    public var maxGlyphs: Int

    /// Creates limits.
    public init(maxOperations: Int = 2_000_000, maxDecodedBytes: Int = 32 * 1024 * 1024, maxFormDepth: Int = 12, maxGlyphs: Int = 200_000) {
        self.maxOperations = maxOperations
        self.maxDecodedBytes = maxDecodedBytes
        self.maxFormDepth = maxFormDepth
        self.maxGlyphs = maxGlyphs
    }

    /// Limits far above what a real page needs and low enough that a hostile one costs at
    /// most a fraction of a second.
    public static let standard = PageTextLimits()
}
