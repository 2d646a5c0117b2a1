import MetadataModel

/// The metadata a transform proposes for one score.
struct Proposal: Sendable {
    /// forScore's view after the change, validated by `ForScoreCodec.validate`.
    var after: ScoreMetadata
    /// The fields that differ from the score's metadata, with the rules that changed them.
    var changes: [ReportChange]
    /// What the transform reported (rule failures, validation findings, rule logs as notes).
    var diagnostics: [ReportDiagnostic]

    /// What reading `score` found, then this proposal's diagnostics that do not repeat it:
    /// validation after a transform finds again what reading found about values it left alone.
    /// (`RulesTransform` also drops such findings when a rule that only touched the field is
    /// named in front of them.)
    func diagnostics(after score: LoadedScore) -> [ReportDiagnostic] {
        guard !score.diagnostics.isEmpty else { return diagnostics }
        guard !diagnostics.isEmpty else { return score.diagnostics }
        // A few findings each: a scan is cheaper than a set of the messages.
        let known = score.diagnostics
        return known + diagnostics.filter { diagnostic in !known.contains { $0.message == diagnostic.message } }
    }
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
