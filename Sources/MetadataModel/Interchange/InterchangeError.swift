/// Why a forScore interchange file (library CSV, Open Setlist 4SS) or another XML document
/// (``XMLTokenizer``: XMP, MusicXML, MuseScore) cannot be read: the one error type of
/// MetadataModel, thrown only by these readers.
///
/// Everything else in the model is total and reports ``Diagnostic``s instead; these
/// files are different because tagrules applies them to PDFs, and a file whose layout is not
/// the one forScore writes must not be half-applied.
public struct InterchangeError: Error, Sendable, Hashable, Codable {
    /// Stable kebab-case identifiers for tools and tests.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// A CSV record does not have forScore's 15 columns.
        case columnCount = "column-count"
        /// A CSV cell that must hold a whole number (a page, rating, difficulty, minutes,
        /// seconds, keysf or keymi) holds other text: the columns are not forScore's.
        case notANumber = "not-a-number"
        /// A CSV header names forScore's columns in another order (`Title` in column 1).
        case columnOrder = "column-order"
        /// A CSV record has an empty Filename, the key that matches rows to files.
        case emptyFilename = "empty-filename"
        /// CSV quoting is broken: an unterminated quoted cell, text after a closing quote,
        /// or a quote inside an unquoted cell.
        case badQuoting = "bad-quoting"
        /// The CSV holds no records at all.
        case empty
        /// The XML is not well-formed (tags, attributes, references).
        case malformedXML = "malformed-xml"
        /// An XML document nests deeper or holds more elements than the reader accepts.
        case limitExceeded = "limit-exceeded"
        /// The document's root is not `<forScore kind="setlist" version="1.0" title="…">`.
        case notASetlist = "not-a-setlist"
        /// A `score`, `bookmark` or `placeholder` lacks a required attribute.
        case missingAttribute = "missing-attribute"
        /// A `data` attribute is not Base64.
        case badBase64 = "bad-base64"
    }

    /// What went wrong.
    public var code: Code
    /// One lowercase line for people, quoting the offending text.
    public var message: String
    /// The 1-based line of the input where the problem starts (a CSV record's first line).
    public var line: Int
    /// The 1-based CSV column (the cell's position in its record, 1–15 in a well-formed
    /// file, beyond 15 in a record that is too long), or `nil` when the problem is not about
    /// one cell.
    public var column: Int?
    /// The 0-based byte offset in the input where the problem starts, when the reader knows
    /// it (the XML reader does; XMP errors name it, as PDF errors name theirs).
    public var offset: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, line: Int, column: Int? = nil, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }
}

extension InterchangeError: CustomStringConvertible {
    /// `line 3, column 10: 'Jazz' is not a whole number …` — the CLI prefixes the file path.
    public var description: String {
        let place = column.map { "line \(line), column \($0)" } ?? "line \(line)"
        return "\(place): \(message) [\(code.rawValue)]"
    }
}
