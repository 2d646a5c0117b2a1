import MetadataModel

/// The Swift side of the `score` object of one Lua state: the metadata the running rule edits
/// and the context of the score. The Lua object holds no data; every access comes here.
final class ScoreSession {
    /// Caps on what a rule may store here.
    let limits: SandboxLimits
    /// Normalized forms of list entries and helper arguments.
    let normalized = NormalizationCache()
    /// What the key parser learnt about characters and words that are not ASCII.
    let keyText = KeyTextCache()
    /// The patterns `tagrules.match` parsed.
    let patterns = PatternCache()
    /// The metadata the running rule sees and changes.
    var metadata = ScoreMetadata()
    /// The context of the running rule call; nil between calls, when `score` cannot be used.
    private(set) var context: RuleContext?
    /// Changes whenever a call runs on a different score, so Lua can drop its cached
    /// `score.file`, `score.info` and `score.toc` views.
    private(set) var serial = 0
    private var lastContext: RuleContext?

    init(limits: SandboxLimits) {
        self.limits = limits
    }

    /// Starts a rule call in `context`, moving `metadata` in (no copy): the session holds it
    /// until `end(_:)` moves it back out.
    func begin(_ metadata: inout ScoreMetadata, context: RuleContext) {
        swap(&self.metadata, &metadata)
        self.context = context
        if context !== lastContext {
            serial &+= 1
            lastContext = context
        }
    }

    /// Ends the rule call, moving the metadata as the rule left it back into `metadata`.
    func end(_ metadata: inout ScoreMetadata) {
        context = nil
        swap(&self.metadata, &metadata)
    }

    /// Forgets the last score, so that it is not kept alive between runs.
    func reset() {
        context = nil
        lastContext = nil
        metadata = ScoreMetadata()
    }
}

extension ScoreMetadata {
    /// The list stored in a list field (`composers`, `genres`, `tags`, `labels`).
    subscript(list field: MetadataField) -> [String] {
        get {
            switch field {
            case .composers: composers
            case .genres: genres
            case .tags: tags
            case .labels: labels
            default: preconditionFailure("\(field) is not a list field")
            }
        }
        set {
            switch field {
            case .composers: composers = newValue
            case .genres: genres = newValue
            case .tags: tags = newValue
            case .labels: labels = newValue
            default: preconditionFailure("\(field) is not a list field")
            }
        }
    }

    /// The number stored in a number field (`rating` … `keymi`).
    subscript(number field: MetadataField) -> Int? {
        get {
            switch field {
            case .rating: rating
            case .difficulty: difficulty
            case .duration: duration
            case .keysf: keysf
            case .keymi: keymi
            default: preconditionFailure("\(field) is not a number field")
            }
        }
        set {
            switch field {
            case .rating: rating = newValue
            case .difficulty: difficulty = newValue
            case .duration: duration = newValue
            case .keysf: keysf = newValue
            case .keymi: keymi = newValue
            default: preconditionFailure("\(field) is not a number field")
            }
        }
    }
}
