import MetadataModel

/// What rules may read of a score beyond its metadata and file facts (issue 27): the notation
/// file beside the PDF (`score.source`) and the first page's printed text (`score.text`).
///
/// Both cost real work (a ZIP to inflate, a content stream to interpret), so a runner asks for
/// each only when a rule first reads it, and at most once per score (``RuleContext``). RuleHost
/// sees only MetadataModel values here: the implementation over an open PDF lives with the
/// pipeline; ``ScoreDocumentValues`` serves rule examples and tests.
public protocol ScoreDocument {
    /// The notation file beside the score, read; nil when there is none or it cannot be read
    /// (the implementation reports why).
    func notationSource() -> NotationSource?

    /// The first page's text; nil when the page cannot be read at all. A page without text
    /// (a scan) gives a `PageText` without lines.
    func firstPageText() -> PageText?
}

/// A ``ScoreDocument`` given as values: what a rule example's `given` states as `source` and
/// `text`, or what a test chooses.
public struct ScoreDocumentValues: ScoreDocument, Sendable, Hashable, Codable {
    /// `score.source`.
    public var source: NotationSource?
    /// `score.text`.
    public var text: PageText?

    /// Creates a document with these values.
    public init(source: NotationSource? = nil, text: PageText? = nil) {
        self.source = source
        self.text = text
    }

    public func notationSource() -> NotationSource? { source }

    public func firstPageText() -> PageText? { text }
}
