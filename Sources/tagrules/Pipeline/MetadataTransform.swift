import MetadataModel

/// The metadata a transform proposes for one score.
struct Proposal: Sendable {
    /// forScore's view after the change, validated by `ForScoreCodec.validate`.
    var after: ScoreMetadata
    /// The fields that differ from the score's metadata, with the rules that changed them.
    var changes: [ReportChange]
    /// What the transform reported (rule failures, validation findings, rule logs as notes).
    var diagnostics: [ReportDiagnostic]
}

/// Turns scores into proposals: the rules (`plan`, `apply`) or direct edits (`set`).
protocol MetadataTransform {
    /// One proposal per score, in the same order.
    ///
    /// - Parameters:
    ///   - scores: Readable scores.
    ///   - jobs: How many threads the transform may use.
    ///   - progress: Advanced once per score.
    func propose(_ scores: [LoadedScore], jobs: Int, progress: ProgressBar?) -> [Proposal]
}
