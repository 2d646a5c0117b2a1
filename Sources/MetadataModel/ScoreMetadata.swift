/// forScore's view of one score: the values forScore shows after reading a PDF's
/// Info dictionary (Title, Author, Subject, Keywords), plus labels, which forScore keeps
/// in its own library (CSV, Open In) but never in PDF metadata.
///
/// Lists keep their order. Numbers are `nil` when unset. A value of this type is not
/// necessarily valid; `ForScoreCodec.validate(_:)` says what forScore would make of it.
public struct ScoreMetadata: Sendable, Hashable, Codable {
    /// The score's title (Info `/Title`, used as-is).
    public var title: String?
    /// Composers (Info `/Author`, comma-separated).
    public var composers: [String]
    /// Genres (Info `/Subject`, comma-separated).
    public var genres: [String]
    /// Free tags (Info `/Keywords`, comma-separated, minus the special keywords).
    public var tags: [String]
    /// Labels: forScore library data only (CSV, Open In); never stored in a PDF.
    public var labels: [String]
    /// `rating:N`, 0–5.
    public var rating: Int?
    /// `difficulty:N`, 0–3.
    public var difficulty: Int?
    /// `duration:N` (or `seconds:N`), whole seconds, ≥ 0.
    public var duration: Int?
    /// `keysf:N`, sharps (positive) or flats (negative), −7…7.
    public var keysf: Int?
    /// `keymi:N`, 0 major, 1 minor.
    public var keymi: Int?

    /// Creates metadata; every field defaults to unset or empty. Inlinable, so that a caller in
    /// another module builds the value in place instead of calling an initializer that copies it.
    @inlinable
    public init(
        title: String? = nil,
        composers: [String] = [],
        genres: [String] = [],
        tags: [String] = [],
        labels: [String] = [],
        rating: Int? = nil,
        difficulty: Int? = nil,
        duration: Int? = nil,
        keysf: Int? = nil,
        keymi: Int? = nil
    ) {
        self.title = title
        self.composers = composers
        self.genres = genres
        self.tags = tags
        self.labels = labels
        self.rating = rating
        self.difficulty = difficulty
        self.duration = duration
        self.keysf = keysf
        self.keymi = keymi
    }
}
