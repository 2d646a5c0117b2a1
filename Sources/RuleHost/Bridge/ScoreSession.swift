import MetadataModel

/// The Swift side of the `score` object of one Lua state: the metadata the running rule edits
/// and the context of the score. The Lua object holds no data; every access comes here.
final class ScoreSession {
    /// Caps on what a rule may store here.
    let limits: SandboxLimits
    /// The patterns `tagrules.match` parsed.
    let patterns = PatternCache()
    /// The metadata the running rule sees; host functions change it through `edit(_:)`.
    private(set) var metadata = ScoreMetadata()
    /// The metadata as the running call found it, saved by the call's first `edit(_:)`; nil
    /// while the call has changed nothing (most calls), so that no call pays for a copy it
    /// does not need. Always nil between calls (`end(_:)` takes it).
    private var original: ScoreMetadata?
    /// The context of the running rule call; nil between calls, when `score` cannot be used.
    private(set) var context: RuleContext?
    /// The context of the last call, to tell when a call runs on another score.
    private var lastContext: RuleContext?
    /// The facts built in Lua for the current score (`ScoreFields.index` notes each), which
    /// are all `Bridge.forgetFacts` must drop.
    var builtFacts: [ScoreFacts.Name] = []
    /// `score.source` and `score.text` as built in Lua for the current score (not kept in
    /// `known`, see `ScoreFields.index`); `Bridge.forgetFacts` releases them.
    var documentFacts: [ScoreFacts.Name: LuaRef] = [:]
    /// The error a host function raised last, when its code says more than `runtime` (a data
    /// file that cannot be used): `LuaRuntime.error(for:)` gives a failure with its message
    /// this code. Cleared when a call starts.
    var hostError: RuleError?

    init(limits: SandboxLimits) {
        self.limits = limits
    }

    /// Starts a rule call in `context`, moving `metadata` in (no copy): the session holds it
    /// until `end(_:)` moves it back out.
    ///
    /// - Returns: whether the call runs on another score than the last one (another context),
    ///   so that what Lua built for the last score (`score.file` …) must be dropped.
    @discardableResult
    func begin(_ metadata: inout ScoreMetadata, context: RuleContext) -> Bool {
        swap(&self.metadata, &metadata)
        self.context = context
        guard context !== lastContext else { return false }
        lastContext = context
        return true
    }

    /// Ends the rule call, moving the metadata as the rule left it back into `metadata`.
    ///
    /// - Returns: the metadata as the call found it when the call edited it (see `edit(_:)`),
    ///   else nil: then `metadata` is unchanged.
    @discardableResult
    func end(_ metadata: inout ScoreMetadata) -> ScoreMetadata? {
        context = nil
        swap(&self.metadata, &metadata)
        // Taken out, not copied: the next call starts with none.
        var taken: ScoreMetadata?
        swap(&taken, &original)
        return taken
    }

    /// Changes the running call's metadata with `change`, saving it first as the call found it
    /// if this is the call's first change. Every host function that writes a field comes here.
    func edit<Result>(_ change: (inout ScoreMetadata) -> Result) -> Result {
        // Matched, not compared: `== nil` would compare two optional metadata values (copies).
        if case .none = original { original = metadata }
        return change(&metadata)
    }

    /// Forgets the last score, so that it is not kept alive between runs. The metadata needs
    /// no reset: between calls it is always the empty one the session started with, which
    /// `begin(_:context:)` swaps out and `end(_:)` swaps back in (host functions change it only
    /// during a call, when it is the rule's).
    func reset() {
        assert(metadata == ScoreMetadata(), "ScoreSession: metadata outside a call must be empty")
        context = nil
        lastContext = nil
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
