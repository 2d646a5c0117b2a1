import MetadataModel

/// The transform of `set`: the same edit for every score, validated as forScore would read it.
struct EditTransform: MetadataTransform {
    var edit: MetadataEdit

    /// Edits take microseconds: no threads, no progress bar.
    func propose(_ scores: [LoadedScore], jobs: Int, progress: ProgressBar?) -> [Proposal] {
        scores.map { score in
            var metadata = score.metadata
            edit.apply(to: &metadata)
            let (valid, diagnostics) = ForScoreCodec.validate(metadata)
            let changes = score.metadata.changes(to: valid).map { ReportChange(change: $0, rules: ["set"]) }
            return Proposal(after: valid, changes: changes, diagnostics: diagnostics.map(ReportDiagnostic.init))
        }
    }
}
