import MetadataModel

/// Which rules changed each metadata field during one score's run, in run order: what
/// ``RuleRunner`` attributes changes and validation findings to.
///
/// A score sees few changed fields (often none), so the fields are kept in a short list
/// searched in order rather than a dictionary, which would hash on every lookup and grow
/// on the first change of every score.
struct TouchedFields {
    private var entries: [(field: MetadataField, rules: [String], places: [String])] = []

    /// Every field, listed once rather than built by `allCases` on every change.
    private static let fields = MetadataField.allCases

    /// The rules that changed `field`, first to last; empty when none did.
    subscript(field: MetadataField) -> [String] {
        entries.first { $0.field == field }?.rules ?? []
    }

    /// Where the rules that changed `field` read from (``RuleContext/reads``), without repeats.
    func places(_ field: MetadataField) -> [String] {
        entries.first { $0.field == field }?.places ?? []
    }

    /// Records that `rule`, having read from `places`, turned `before` into `after`, for each
    /// field that differs.
    mutating func record(_ rule: String, from places: [String], changing before: ScoreMetadata, to after: ScoreMetadata) {
        for field in Self.fields where Self.differs(field, before, after) {
            if let index = entries.firstIndex(where: { $0.field == field }) {
                entries[index].rules.append(rule)
                for place in places where !entries[index].places.contains(place) { entries[index].places.append(place) }
            } else {
                entries.append((field, [rule], places))
            }
        }
    }

    /// Whether `field` differs between `before` and `after`: `before[field] != after[field]`
    /// compared in place, without building a ``FieldValue`` for each side (a hot path: every
    /// rule call that changes anything).
    static func differs(_ field: MetadataField, _ before: ScoreMetadata, _ after: ScoreMetadata) -> Bool {
        switch field {
        case .title: before.title != after.title
        case .composers: before.composers != after.composers
        case .genres: before.genres != after.genres
        case .tags: before.tags != after.tags
        case .labels: before.labels != after.labels
        case .rating: before.rating != after.rating
        case .difficulty: before.difficulty != after.difficulty
        case .duration: before.duration != after.duration
        case .keysf: before.keysf != after.keysf
        case .keymi: before.keymi != after.keymi
        }
    }
}
