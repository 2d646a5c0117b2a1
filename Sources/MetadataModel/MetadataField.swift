/// One field of forScore's view of a score, in the order forScore's metadata panel and
/// tagrules' reports list them.
///
/// The raw values are stable: they name fields in diagnostics, JSON reports, Open In
/// annotation keys (open-in.txt) and rule files.
public enum MetadataField: String, Sendable, Hashable, Codable, CaseIterable {
    case title, composers, genres, tags, labels, rating, difficulty, duration, keysf, keymi

    /// The shape of the field's value.
    public enum Kind: Sendable, Hashable {
        /// A single optional string (`title`).
        case text
        /// An ordered list of strings (`composers`, `genres`, `tags`, `labels`).
        case list
        /// An optional whole number (`rating` … `keymi`).
        case number
    }

    /// Whether the field holds text, a list or a number.
    public var kind: Kind {
        switch self {
        case .title: .text
        case .composers, .genres, .tags, .labels: .list
        case .rating, .difficulty, .duration, .keysf, .keymi: .number
        }
    }

    /// The values forScore accepts for a number field, or `nil` for text and list fields.
    ///
    /// From pdf-metadata.txt, "Specialty Keywords": rating 0–5, difficulty 0–3, duration a
    /// non-negative number of seconds, keysf −7…7, keymi 0 (major) or 1 (minor).
    public var validRange: ClosedRange<Int>? {
        switch self {
        case .rating: 0...5
        case .difficulty: 0...3
        case .duration: 0...Int.max
        case .keysf: -7...7
        case .keymi: 0...1
        case .title, .composers, .genres, .tags, .labels: nil
        }
    }
}
