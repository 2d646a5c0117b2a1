import MetadataModel

/// The transform of changes a person reviewed (`edit`, `apply --interactive`): each score takes
/// the approved values of the fields that change and keeps the rest as it reads now; a score
/// without a target keeps everything (so that `ReviewedTransform()` shows the scores as they are).
package struct ReviewedTransform: ScoreByScoreTransform {
    /// What was approved for one score.
    package struct Target: Sendable {
        /// forScore's view as approved.
        var after: ScoreMetadata
        /// The fields to take from `after`: those that differ from the score as it was read.
        var fields: [MetadataField]
        /// Who made each change, for the report: the rules' names, or `edit` for the user's.
        var rules: [MetadataField: [String]]
        /// Where those rules read each value (`Nocturne.mscz`, `page 1`; `ReportChange.from`).
        var from: [MetadataField: [String]]

        /// The target that turns `before` into `after`, each change credited by `rules`
        /// (`edit` where it names no one) and said to come `from` where they read it.
        init(
            before: ScoreMetadata, after: ScoreMetadata, rules: [MetadataField: [String]] = [:],
            from: [MetadataField: [String]] = [:]
        ) {
            self.after = after
            fields = MetadataField.allCases.filter { before[$0] != after[$0] }
            self.rules = rules
            self.from = from
        }

        /// The target of `file` (a dry run's entry) with the user's `edited` values in place
        /// of the proposal's: a field the user changed is credited to `edit` (keysf and keymi
        /// as one, the key), the others to the rules that proposed them, and where they read it.
        init?(_ file: FileChange, edited: ScoreMetadata) {
            guard let before = file.before, let proposed = file.after else { return nil }
            let proposals = Dictionary(file.changes.map { ($0.change.field, $0) }, uniquingKeysWith: { first, _ in first })
            let keyEdited = edited.keysf != proposed.keysf || edited.keymi != proposed.keymi
            var rules: [MetadataField: [String]] = [:]
            var from: [MetadataField: [String]] = [:]
            for field in MetadataField.allCases {
                let isKey = field == .keysf || field == .keymi
                if isKey ? keyEdited : edited[field] != proposed[field] {
                    rules[field] = ["edit"]
                } else {
                    rules[field] = proposals[field]?.rules ?? []
                    from[field] = proposals[field]?.from ?? []
                }
            }
            self.init(before: before, after: edited, rules: rules, from: from)
        }
    }

    /// The targets by path.
    var targets: [String: Target]

    /// Reviews nothing: every score keeps its values.
    package init() {
        targets = [:]
    }

    /// Gives each score of `targets` (by path) its approved values.
    package init(targets: [String: Target]) {
        self.targets = targets
    }

    package func proposal(for score: LoadedScore) -> Proposal {
        guard let target = targets[score.path] else {
            return Proposal(after: score.metadata, changes: [], diagnostics: [])
        }
        var metadata = score.metadata
        for field in target.fields { metadata.take(field, from: target.after) }
        return Proposal.validated(metadata, from: score.metadata, rules: { target.rules[$0] ?? ["edit"] }) {
            target.from[$0] ?? []
        }
    }
}

extension ScoreMetadata {
    /// Puts `other`'s value of `field` in place of this one's.
    mutating func take(_ field: MetadataField, from other: ScoreMetadata) {
        switch field {
        case .title: title = other.title
        case .composers: composers = other.composers
        case .genres: genres = other.genres
        case .tags: tags = other.tags
        case .labels: labels = other.labels
        case .rating: rating = other.rating
        case .difficulty: difficulty = other.difficulty
        case .duration: duration = other.duration
        case .keysf: keysf = other.keysf
        case .keymi: keymi = other.keymi
        }
    }
}

extension Proposal {
    /// The proposal of `metadata` for a score read as `before`: validated as forScore would
    /// read it, each change credited to `rules(field)` and said to come from `places(field)`,
    /// with the validation findings about the values that change (those about values left
    /// alone repeat what reading found).
    static func validated(
        _ metadata: ScoreMetadata, from before: ScoreMetadata, rules: (MetadataField) -> [String],
        places: (MetadataField) -> [String] = { _ in [] }
    ) -> Proposal {
        let (valid, findings) = ForScoreCodec.validate(metadata)
        let changes = before.changes(to: valid)
        let changedFields = changes.map(\.field)
        let diagnostics = findings.filter { isAboutChangedValue($0.field, changedFields: changedFields) }
        return Proposal(
            after: valid, changes: changes.map { ReportChange(change: $0, rules: rules($0.field), from: places($0.field)) },
            diagnostics: diagnostics)
    }
}
