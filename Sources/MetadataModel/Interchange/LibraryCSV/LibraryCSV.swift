/// forScore's library metadata CSV (file-types.txt, "CSV/TSV indexes … to import/export
/// library metadata in the Backups panel"; forscore-notes.md, "forScore's library metadata
/// CSV"): 15 positional columns, one row per score plus one per bookmark.
///
/// The functions here are pure: the CLI reads and writes the files.
public enum LibraryCSV {
    /// The 15 columns in forScore's fixed order; the raw value is the 0-based position.
    public enum Column: Int, Sendable, Hashable, Codable, CaseIterable {
        /// Columns 1–9: file name, title, bookmark pages, the four lists, Reference.
        case filename, title, startPage, endPage, composers, genres, tags, labels, reference
        /// Columns 10–15: the numbers.
        case rating, difficulty, minutes, seconds, keysf, keymi

        /// The English header name tagrules writes, e.g. `Start Page`, `keysf`.
        public var englishName: String {
            switch self {
            case .filename: "Filename"
            case .title: "Title"
            case .startPage: "Start Page"
            case .endPage: "End Page"
            case .composers: "Composers"
            case .genres: "Genres"
            case .tags: "Tags"
            case .labels: "Labels"
            case .reference: "Reference"
            case .rating: "Rating"
            case .difficulty: "Difficulty"
            case .minutes: "Minutes"
            case .seconds: "Seconds"
            case .keysf: "keysf"
            case .keymi: "keymi"
            }
        }

        /// Whether the column holds a whole number or nothing: the pages, rating, difficulty,
        /// minutes, seconds, keysf and keymi. These eight cells are how the reader tells a
        /// header from data and a foreign layout from forScore's.
        public var isNumeric: Bool {
            switch self {
            case .startPage, .endPage, .rating, .difficulty, .minutes, .seconds, .keysf, .keymi: true
            case .filename, .title, .composers, .genres, .tags, .labels, .reference: false
            }
        }

        /// The 1-based column number used in messages.
        public var number: Int { rawValue + 1 }
    }

    /// The cell separator: `,` for CSV, tab for TSV (file-types.txt lists both), and `;`, which
    /// spreadsheets set to a European locale write in a "CSV" file.
    public enum Separator: String, Sendable, Hashable, Codable, CaseIterable {
        /// `,`: a `.csv` file.
        case comma = ","
        /// Tab: a `.tsv` file.
        case tab = "\t"
        /// `;`: a `.csv` file from a spreadsheet whose locale writes `,` as the decimal mark.
        case semicolon = ";"

        /// The separator as a scalar, for the reader and writer.
        var scalar: Unicode.Scalar { rawValue.unicodeScalars.first! }

        /// The separator as people name it in messages.
        public var name: String {
            switch self {
            case .comma: "comma"
            case .tab: "tab"
            case .semicolon: "semicolon"
            }
        }
    }

    /// tagrules' English header: `Filename,Title,Start Page,End Page,Composers,Genres,Tags,
    /// Labels,Reference,Rating,Difficulty,Minutes,Seconds,keysf,keymi`.
    ///
    /// forScore localizes its header and uses the user's renamed field names, so readers go by
    /// position; this header only labels the columns for people.
    public static let englishHeader: [String] = Column.allCases.map(\.englishName)

    /// The rows forScore exports for one score: a score row, then one row per bookmark.
    ///
    /// Score row, following forScore's export conventions:
    /// - Title: ``ScoreMetadata/shownTitle(filename:)`` — forScore always has a title, the
    ///   file name minus `.pdf` when the PDF has none;
    /// - Start/End Page blank; lists joined with `", "` in one cell;
    /// - Rating and Difficulty `0` when unset;
    /// - Minutes and Seconds from the duration (`72` → `1`, `12`), both blank when unset;
    /// - keysf and keymi as numbers, each blank when unset.
    ///
    /// Bookmark rows carry the Filename, the bookmark's title and its 1-based first and last
    /// page, Rating and Difficulty `0` and every other cell blank: a bookmark made from a table
    /// of contents has no metadata of its own, and forScore writes 0 for an unset rating.
    ///
    /// Values are written as given: run ``ForScoreCodec/validate(_:)`` first when they must be
    /// in range and free of commas inside list values.
    ///
    /// - Parameters:
    ///   - filename: The file's name in the library (no folders), written exactly.
    ///   - metadata: forScore's view of the score.
    ///   - bookmarks: The score's bookmarks, e.g. ``BookmarkRule/bookmarks(from:pageCount:)``.
    ///   - reference: forScore's Reference field, which PDF metadata cannot hold.
    /// - Returns: `1 + bookmarks.count` rows.
    public static func rows(
        filename: String, metadata: ScoreMetadata, bookmarks: [Bookmark] = [], reference: String? = nil
    ) -> [LibraryCSVRow] {
        func number(_ value: Int?) -> String { value.map { String($0) } ?? "" }
        var score = LibraryCSVRow(
            filename: filename, title: metadata.shownTitle(filename: filename),
            composers: metadata.composers.joined(separator: ", "), genres: metadata.genres.joined(separator: ", "),
            tags: metadata.tags.joined(separator: ", "), labels: metadata.labels.joined(separator: ", "),
            reference: reference ?? "", rating: String(metadata.rating ?? 0),
            difficulty: String(metadata.difficulty ?? 0), keysf: number(metadata.keysf), keymi: number(metadata.keymi))
        if let duration = metadata.duration {
            // Swift's / and % truncate toward zero; a negative duration (invalid) stays readable.
            score.minutes = String(duration / 60)
            score.seconds = String(duration % 60)
        }
        let marks = bookmarks.map { bookmark in
            LibraryCSVRow(
                filename: filename, title: bookmark.title, startPage: String(bookmark.firstPage),
                endPage: String(bookmark.lastPage), rating: "0", difficulty: "0")
        }
        return [score] + marks
    }

    /// Whether a cell is empty or only whitespace and newlines.
    static func isBlank(_ cell: String) -> Bool {
        cell.unicodeScalars.allSatisfy(ForScoreText.isWhitespaceOrNewline)
    }
}
