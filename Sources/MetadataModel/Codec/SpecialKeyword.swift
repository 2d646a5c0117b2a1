/// The specially formatted Keywords pieces forScore reads as numbers instead of tags
/// (pdf-metadata.txt, "Specialty Keywords" and "Rating & Difficulty").
///
/// A piece is special when its lowercase form starts with the keyword's prefix, colon
/// included; `rating` alone or `my rating: 5` are ordinary tags.
enum SpecialKeyword: CaseIterable, Sendable {
    case rating, difficulty, duration, seconds, keysf, keymi
    /// Retired before forScore 10.4 (`forScore-rating:`), still read: see `ForScoreCodec`.
    case legacyRating, legacyDifficulty

    /// The lowercase prefix, colon included.
    var prefix: String {
        switch self {
        case .rating: "rating:"
        case .difficulty: "difficulty:"
        case .duration: "duration:"
        case .seconds: "seconds:"
        case .keysf: "keysf:"
        case .keymi: "keymi:"
        case .legacyRating: "forscore-rating:"
        case .legacyDifficulty: "forscore-difficulty:"
        }
    }

    /// The field the keyword sets. `duration:` and `seconds:` are the same field.
    var field: MetadataField {
        switch self {
        case .rating, .legacyRating: .rating
        case .difficulty, .legacyDifficulty: .difficulty
        case .duration, .seconds: .duration
        case .keysf: .keysf
        case .keymi: .keymi
        }
    }

    /// Whether this is one of the retired `forScore-…:` spellings.
    var isLegacy: Bool { self == .legacyRating || self == .legacyDifficulty }

    /// The keyword a trimmed Keywords piece starts with, if any (case-insensitive).
    init?(matching piece: String) {
        let lowercased = ForScoreText.lowercasedScalars(piece)
        guard let match = Self.allCases.first(where: { lowercased.starts(with: $0.prefix.unicodeScalars) }) else {
            return nil
        }
        self = match
    }

    /// The keyword written for `field`, or `nil` for text and list fields.
    ///
    /// - Parameters:
    ///   - field: A number field.
    ///   - durationKeyword: Which spelling to use for `duration`.
    init?(writing field: MetadataField, durationKeyword: DurationKeyword) {
        switch field {
        case .rating: self = .rating
        case .difficulty: self = .difficulty
        case .duration: self = durationKeyword == .duration ? .duration : .seconds
        case .keysf: self = .keysf
        case .keymi: self = .keymi
        case .title, .composers, .genres, .tags, .labels: return nil
        }
    }

    /// The piece written for `value`, e.g. `rating:3`.
    func written(_ value: Int) -> String { prefix + String(value) }
}
