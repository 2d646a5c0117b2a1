import MetadataModel

/// The transform of `set`: the same edit for every score, validated as forScore would read it.
package struct EditTransform: ScoreByScoreTransform {
    var edit: MetadataEdit

    package func proposal(for score: LoadedScore) -> Proposal {
        var metadata = score.metadata
        edit.apply(to: &metadata)
        return Proposal.validated(metadata, from: score.metadata) { _ in ["set"] }
    }

    /// Creates the transform that applies `edit` to every score.
    package init(edit: MetadataEdit) {
        self.edit = edit
    }
}
