extension LibraryCSV {
    /// A decoded CSV: the header, if the file has one, and the records in file order.
    public struct Table: Sendable, Hashable, Codable {
        /// The first record when it is a header (in any language), else `nil`.
        public var header: [String]?
        /// The data records.
        public var records: [Record]

        /// Creates a table.
        public init(header: [String]?, records: [Record]) {
            self.header = header
            self.records = records
        }
    }

    /// One data record and the 1-based line it starts on.
    public struct Record: Sendable, Hashable, Codable {
        /// Where the record starts in the file, for messages.
        public var line: Int
        /// The record's 15 cells.
        public var row: LibraryCSVRow

        /// Creates a record.
        public init(line: Int, row: LibraryCSVRow) {
            self.line = line
            self.row = row
        }
    }

    /// Reads forScore's library CSV (or TSV) by position, whatever the header's language or
    /// the user's field names, and refuses any other layout.
    ///
    /// - Records are split by ``DelimitedTextReader`` (RFC 4180 quoting; CRLF, LF or CR; a UTF-8
    ///   byte order mark is dropped; empty lines are skipped).
    /// - Every record must have exactly 15 cells (`column-count`).
    /// - Header rule: the first record is a header when all eight number columns (Start Page,
    ///   End Page, Rating, Difficulty, Minutes, Seconds, keysf, keymi) hold text that does not
    ///   start with a number — `Vurdering`, `Stars`, `keysf`. A data record never does: forScore
    ///   writes Rating and Difficulty on every row.
    /// - Header check: a header cell that is the English name of a *different* column
    ///   (`Title` in column 1) means reordered columns (`column-order`).
    /// - Every data record needs a Filename (`empty-filename`), and each number cell must be
    ///   blank or start like a number as `integerValue` reads it (`not-a-number`): `3`, ` -2`,
    ///   `3.5` pass (``LibraryCSVRow/metadata`` reports what forScore ignores), `Jazz` fails.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - separator: `.comma` for CSV, `.tab` for TSV, `.semicolon` (``separator(of:preferring:)``
    ///     tells which a file uses).
    /// - Returns: The header and the records.
    /// - Throws: ``InterchangeError`` naming the line and, where it applies, the column.
    public static func decode(_ text: String, separator: Separator = .comma) throws(InterchangeError) -> Table {
        let records = try DelimitedTextReader(separator: separator.scalar).records(in: text)
        guard let first = records.first else {
            throw InterchangeError(.empty, "the file holds no rows; expected forScore's 15-column CSV", line: 1)
        }
        for record in records where record.fields.count != Column.allCases.count {
            throw columnCountError(record, separator: separator)
        }
        var header: [String]?
        var data = records[...]
        if isHeader(first.fields) {
            try checkHeaderOrder(first)
            header = first.fields
            data = data.dropFirst()
        }
        var table = Table(header: header, records: [])
        for record in data {
            try checkData(record)
            if let row = LibraryCSVRow(cells: record.fields) {
                table.records.append(Record(line: record.line, row: row))
            }
        }
        return table
    }

    /// The column list quoted in layout errors.
    private static let layout = "forScore's 15 columns are " + englishHeader.joined(separator: ", ")

    private static func isHeader(_ cells: [String]) -> Bool {
        Column.allCases.filter(\.isNumeric).allSatisfy { column in
            let cell = cells[column.rawValue]
            return !isBlank(cell) && !IntegerValue(parsing: cell).hasDigits
        }
    }

    private static func checkHeaderOrder(_ record: DelimitedTextReader.Record) throws(InterchangeError) {
        func name(_ text: String) -> String { ForScoreText.trimmed(text).lowercased() }
        for column in Column.allCases {
            let cell = name(record.fields[column.rawValue])
            guard cell != name(column.englishName),
                let other = Column.allCases.first(where: { name($0.englishName) == cell })
            else { continue }
            throw InterchangeError(
                .columnOrder,
                "header \(ForScoreText.quoted(record.fields[column.rawValue])) names column \(other.number) "
                    + "but stands in column \(column.number); \(layout)",
                line: record.line, column: column.number)
        }
    }

    private static func checkData(_ record: DelimitedTextReader.Record) throws(InterchangeError) {
        if isBlank(record.fields[Column.filename.rawValue]) {
            throw InterchangeError(
                .emptyFilename, "the Filename cell is empty; every row needs the PDF's file name",
                line: record.line, column: Column.filename.number)
        }
        for column in Column.allCases where column.isNumeric {
            let cell = record.fields[column.rawValue]
            guard !isBlank(cell), !IntegerValue(parsing: cell).hasDigits else { continue }
            throw InterchangeError(
                .notANumber,
                "\(column.englishName) cell \(ForScoreText.quoted(cell)) is not a whole number; \(layout)",
                line: record.line, column: column.number)
        }
    }

    private static func columnCountError(_ record: DelimitedTextReader.Record, separator: Separator) -> InterchangeError {
        let count = record.fields.count
        let readAs = separator == .comma ? "" : " (read as \(separator.name)-separated)"
        var message = "\(count) column\(count == 1 ? "" : "s")\(readAs), expected 15; \(layout)"
        if count == 1, let other = Separator.allCases.first(where: { $0 != separator && record.fields[0].unicodeScalars.contains($0.scalar) }) {
            message += " (the cells look \(other.name)-separated, not \(separator.name)-separated)"
        }
        return InterchangeError(.columnCount, message, line: record.line)
    }

    /// The separator `text` is written with: of comma, tab and semicolon, the one that splits its
    /// first record into forScore's 15 columns, trying `preferred` first (what the file name or
    /// the user says). When none does, the one that splits it into the most cells, so that
    /// ``decode(_:separator:)`` names the real problem (a missing column, not a quote inside a
    /// cell); `preferred` when none splits it at all.
    ///
    /// Only the first lines are read (a record may span lines inside quotes), by the one
    /// ``DelimitedTextReader``.
    public static func separator(of text: String, preferring preferred: Separator) -> Separator {
        let start = firstLines(of: text)
        let candidates = [preferred] + Separator.allCases.filter { $0 != preferred }
        let counts = candidates.map { candidate in
            (try? DelimitedTextReader(separator: candidate.scalar).records(in: start))?.first?.fields.count ?? 0
        }
        if let exact = counts.firstIndex(of: Column.allCases.count) { return candidates[exact] }
        guard let most = counts.max(), most > 1, let index = counts.firstIndex(of: most) else { return preferred }
        return candidates[index]
    }

    /// The text up to its eighth line end (all of it when shorter).
    private static func firstLines(of text: String) -> String {
        var lineEnds = 0
        for index in text.unicodeScalars.indices where text.unicodeScalars[index] == "\n" {
            lineEnds += 1
            if lineEnds == 8 { return String(text.unicodeScalars[...index]) }
        }
        return text
    }
}
