import MetadataModel

/// The transform of `set`: the same edit for every score, validated as forScore would read it.
package struct EditTransform: ScoreByScoreTransform {
    var edit: MetadataEdit

    package func proposal(for score: LoadedScore) -> Proposal {
        var metadata = score.metadata
        edit.apply(to: &metadata)
        let (valid, findings) = ForScoreCodec.validate(metadata)
        let changes = score.metadata.changes(to: valid)
        let changedFields = changes.map(\.field)
        let diagnostics = findings.filter {
            Proposal.isAboutChangedValue($0.field, changedFields: changedFields)
        }
        return Proposal(
            after: valid, changes: changes.map { ReportChange(change: $0, rules: ["set"]) },
            diagnostics: diagnostics.map(ReportDiagnostic.init))
    }

    /// Creates the transform that applies `edit` to every score.
    package init(edit: MetadataEdit) {
        self.edit = edit
    }
}
