import MetadataModel

/// The facts of a score's document that take reading more of the PDF than its metadata: the
/// page count (`score.file.pages`) and the outline (`score.toc`).
public struct DocumentFacts: Sendable, Hashable {
    /// The number of pages, when known.
    public var pages: Int?
    /// The outline as page ranges.
    public var toc: [Bookmark]

    /// Creates facts.
    public init(pages: Int?, toc: [Bookmark]) {
        self.pages = pages
        self.toc = toc
    }
}

/// Document facts the caller left out of the inputs (`ScoreInput.file.pages` nil, `toc` empty),
/// to be read only when a rule asks for them.
///
/// A caller that reads many scores for rules that never look at pages or outlines (most rule
/// sets) saves reading every page tree and outline: it checks the rule files with
/// `RuleSet.documentFactsNamed(inFolder:)` and defers what none of them names. A rule that asks
/// anyway (`pairs(score.file)`, a computed key) still gets the right value, from `read`.
///
/// Native rules (`Rule` in Swift) read `RuleContext.input`: do not defer facts for a set that
/// has them.
public struct DeferredDocumentFacts: Sendable {
    /// Whether `score.file.pages` is deferred.
    public var pages: Bool
    /// Whether `score.toc` is deferred.
    public var toc: Bool
    /// Reads the facts of the score at a path (`ScoreInput.file.path`), when a rule first asks
    /// for a deferred one (a score's run keeps the last path's facts). Unknown facts are nil
    /// and empty.
    public var read: @Sendable (String) -> DocumentFacts

    /// Creates the deferral.
    public init(pages: Bool, toc: Bool, read: @escaping @Sendable (String) -> DocumentFacts) {
        self.pages = pages
        self.toc = toc
        self.read = read
    }
}
