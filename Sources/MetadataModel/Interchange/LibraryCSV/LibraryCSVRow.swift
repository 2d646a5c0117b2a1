/// One record of forScore's library metadata CSV (Backups panel; forscore-notes.md, "forScore's
/// library metadata CSV"): the 15 cells in forScore's fixed column order, as text.
///
/// Cells are kept as written so that encoding and decoding are exact inverses; ``metadata``
/// reads them the way forScore does. A score row leaves Start Page and End Page blank; a
/// bookmark row fills them (``isBookmark``).
public struct LibraryCSVRow: Sendable, Hashable, Codable {
    /// Column 1: the file's name in the library, the join key on re-import.
    public var filename: String
    /// Column 2: the score's or bookmark's title.
    public var title: String
    /// Column 3: a bookmark's first page (1-based); blank on score rows.
    public var startPage: String
    /// Column 4: a bookmark's last page (1-based); blank on score rows.
    public var endPage: String
    /// Column 5: composers, comma-separated in one cell.
    public var composers: String
    /// Column 6: genres, comma-separated.
    public var genres: String
    /// Column 7: tags, comma-separated.
    public var tags: String
    /// Column 8: labels, comma-separated.
    public var labels: String
    /// Column 9: forScore's free-text Reference field (not part of PDF metadata).
    public var reference: String
    /// Column 10: rating 0–5; forScore writes 0 when unset.
    public var rating: String
    /// Column 11: difficulty 0–3; forScore writes 0 when unset.
    public var difficulty: String
    /// Column 12: the duration's whole minutes; blank when there is no duration.
    public var minutes: String
    /// Column 13: the duration's remaining seconds; blank when there is no duration.
    public var seconds: String
    /// Column 14: keysf −7…7; blank when there is no key.
    public var keysf: String
    /// Column 15: keymi 0 (major) or 1 (minor); blank when there is no key.
    public var keymi: String

    /// Creates a row; every cell but the filename defaults to blank.
    public init(
        filename: String, title: String = "", startPage: String = "", endPage: String = "",
        composers: String = "", genres: String = "", tags: String = "", labels: String = "",
        reference: String = "", rating: String = "", difficulty: String = "", minutes: String = "",
        seconds: String = "", keysf: String = "", keymi: String = ""
    ) {
        self.filename = filename
        self.title = title
        self.startPage = startPage
        self.endPage = endPage
        self.composers = composers
        self.genres = genres
        self.tags = tags
        self.labels = labels
        self.reference = reference
        self.rating = rating
        self.difficulty = difficulty
        self.minutes = minutes
        self.seconds = seconds
        self.keysf = keysf
        self.keymi = keymi
    }

    /// The row of exactly 15 cells in column order, or `nil` for any other count.
    public init?(cells: [String]) {
        guard cells.count == LibraryCSV.Column.allCases.count else { return nil }
        self.init(filename: cells[0])
        for column in LibraryCSV.Column.allCases.dropFirst() {
            self[column] = cells[column.rawValue]
        }
    }

    /// The 15 cells in column order.
    public var cells: [String] {
        LibraryCSV.Column.allCases.map { self[$0] }
    }

    /// The cell in `column`.
    public subscript(column: LibraryCSV.Column) -> String {
        get {
            switch column {
            case .filename: filename
            case .title: title
            case .startPage: startPage
            case .endPage: endPage
            case .composers: composers
            case .genres: genres
            case .tags: tags
            case .labels: labels
            case .reference: reference
            case .rating: rating
            case .difficulty: difficulty
            case .minutes: minutes
            case .seconds: seconds
            case .keysf: keysf
            case .keymi: keymi
            }
        }
        set {
            switch column {
            case .filename: filename = newValue
            case .title: title = newValue
            case .startPage: startPage = newValue
            case .endPage: endPage = newValue
            case .composers: composers = newValue
            case .genres: genres = newValue
            case .tags: tags = newValue
            case .labels: labels = newValue
            case .reference: reference = newValue
            case .rating: rating = newValue
            case .difficulty: difficulty = newValue
            case .minutes: minutes = newValue
            case .seconds: seconds = newValue
            case .keysf: keysf = newValue
            case .keymi: keymi = newValue
            }
        }
    }

    /// Whether this is a bookmark row: Start Page or End Page is not blank.
    public var isBookmark: Bool {
        !LibraryCSV.isBlank(startPage) || !LibraryCSV.isBlank(endPage)
    }

    /// The bookmark a bookmark row describes, or `nil` for a score row or when its pages are
    /// not whole numbers with 1 ≤ start ≤ end (read with `integerValue`, like every number).
    public var bookmark: Bookmark? {
        guard isBookmark else { return nil }
        let first = IntegerValue(parsing: startPage)
        let last = IntegerValue(parsing: endPage)
        guard first.hasDigits, last.hasDigits, first.value >= 1, last.value >= first.value else { return nil }
        return Bookmark(title: title, firstPage: first.value, lastPage: last.value)
    }
}
