import MetadataModel

/// The metadata a transform proposes for one score.
package struct Proposal: Sendable {
    /// forScore's view after the change, validated by `ForScoreCodec.validate`.
    var after: ScoreMetadata
    /// The fields that differ from the score's metadata, with the rules that changed them.
    var changes: [ReportChange]
    /// What the transform reported (rule failures, validation findings, rule logs as notes).
    var diagnostics: [Diagnostic]

    /// What reading a score found (its `diagnostics`, `known`), then this proposal's diagnostics
    /// that do not repeat it: validation after a transform finds again what reading found about
    /// values it left alone. (`RulesTransform` also drops such findings when a rule that only
    /// touched the field is named in front of them.) Takes the score's findings alone: the
    /// caller reads them in place, without copying the whole score.
    func diagnostics(after known: [Diagnostic]) -> [Diagnostic] {
        Self.diagnostics(diagnostics, after: known)
    }

    /// `diagnostics(after: known)` of a proposal whose ``diagnostics`` are `diagnostics`: for a
    /// caller that reads the proposal in place, field by field.
    static func diagnostics(_ diagnostics: [Diagnostic], after known: [Diagnostic]) -> [Diagnostic] {
        guard !known.isEmpty else { return diagnostics }
        guard !diagnostics.isEmpty else { return known }
        // A few findings each: a scan is cheaper than a set of the messages.
        return known + diagnostics.filter { diagnostic in !known.contains { $0.locatedMessage == diagnostic.locatedMessage } }
    }
}

extension Proposal {
    /// Whether a finding about `field` concerns a value the transform changed
    /// (`changedFields`, keysf and keymi counting as one field, the key: half a key concerns
    /// both). A finding about a value left alone, made by validating the proposal or by
    /// reading another source of the same value (a CSV row), repeats what reading the score
    /// reported about it, if in other words: reading quotes the keyword the file holds
    /// (`'keysf:12'`), validation the one it would write (`'keysf:7'`).
    static func isAboutChangedValue(_ field: MetadataField?, changedFields: [MetadataField]) -> Bool {
        switch field {
        case nil: true
        case .keysf?, .keymi?: changedFields.contains(.keysf) || changedFields.contains(.keymi)
        case let field?: changedFields.contains(field)
        }
    }
}

/// Turns scores into proposals: the rules (`plan`, `apply`, `watch`, the exports) or direct
/// edits (`set`, `import csv`).
///
/// A run's workers each make the state the transform needs (`makeWorker`, a Lua state for the
/// rules) on their own thread, then propose for every score they take with it.
package protocol MetadataTransform: Sendable {
    /// What one worker needs to make proposals; used by that worker's thread only.
    associatedtype Worker

    /// The state of a new worker, made on its thread.
    func makeWorker() -> Worker

    /// The proposal for `score`, a score that was read from `document` (what rules read as
    /// `score.source` and `score.text`; its diagnostics belong in the proposal's).
    func proposal(for score: LoadedScore, document: PipelineScoreDocument, worker: inout Worker) -> Proposal
}

/// A transform that needs nothing per worker (`set`'s edit, `import csv`'s rows).
package protocol ScoreByScoreTransform: MetadataTransform where Worker == Void {
    /// The proposal for `score`.
    func proposal(for score: LoadedScore) -> Proposal
}

extension ScoreByScoreTransform {
    package func makeWorker() {}

    package func proposal(for score: LoadedScore, document: PipelineScoreDocument, worker: inout Void) -> Proposal {
        proposal(for: score)
    }
}
