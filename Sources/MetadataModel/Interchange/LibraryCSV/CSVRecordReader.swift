/// Splits CSV or TSV text into records of cells (RFC 4180 §2, with the separator chosen),
/// remembering the line each record starts on.
///
/// Accepted: CRLF, LF or CR line ends (inside quoted cells they are kept as written); a final
/// record without a line end; a UTF-8 byte order mark at the very start, which is dropped.
/// Completely empty lines between records are skipped.
/// Rejected with ``InterchangeError/Code/badQuoting``: a `"` inside an unquoted cell, text
/// after a closing quote, and a quoted cell that never ends — the reader does not guess.
struct CSVRecordReader {
    /// One record and the 1-based line it starts on.
    struct Record: Hashable {
        var line: Int
        var cells: [String]
    }

    private var scalars: Substring.UnicodeScalarView
    private let separator: Unicode.Scalar
    /// The 1-based line of the next scalar.
    private var line = 1

    private init(text: String, separator: Unicode.Scalar) {
        scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        self.separator = separator
    }

    /// Reads all records of `text`.
    static func records(in text: String, separator: Unicode.Scalar) throws(InterchangeError) -> [Record] {
        var reader = CSVRecordReader(text: text, separator: separator)
        var records: [Record] = []
        while let record = try reader.nextRecord() { records.append(record) }
        return records
    }

    /// The next non-empty record, or `nil` at the end of the text.
    private mutating func nextRecord() throws(InterchangeError) -> Record? {
        while scalars.first == "\r" || scalars.first == "\n" { _ = consumeLineEnd() }
        guard !scalars.isEmpty else { return nil }
        let recordLine = line
        var cells: [String] = []
        var cell = String.UnicodeScalarView()
        while let scalar = scalars.first {
            if scalar == "\r" || scalar == "\n" {
                _ = consumeLineEnd()
                break
            }
            scalars.removeFirst()
            if scalar == separator {
                cells.append(String(cell))
                cell = String.UnicodeScalarView()
            } else if scalar != "\"" {
                cell.append(scalar)
            } else if cell.isEmpty {
                try readQuoted(into: &cell, column: cells.count + 1)
            } else {
                throw InterchangeError(
                    .badQuoting, "a '\"' inside an unquoted cell; quote the whole cell and double the '\"'",
                    line: line, column: cells.count + 1)
            }
        }
        cells.append(String(cell))
        return Record(line: recordLine, cells: cells)
    }

    /// Reads a quoted cell after its opening quote, through its closing quote.
    private mutating func readQuoted(into cell: inout String.UnicodeScalarView, column: Int) throws(InterchangeError) {
        let startLine = line
        while let scalar = scalars.first {
            if scalar == "\r" || scalar == "\n" {
                cell.append(contentsOf: consumeLineEnd())
                continue
            }
            scalars.removeFirst()
            guard scalar == "\"" else {
                cell.append(scalar)
                continue
            }
            guard let next = scalars.first else { return }
            if next == "\"" {
                scalars.removeFirst()
                cell.append("\"")
            } else if next == separator || next == "\r" || next == "\n" {
                return
            } else {
                throw InterchangeError(
                    .badQuoting, "text after a closing '\"'; double a '\"' that belongs to the cell",
                    line: line, column: column)
            }
        }
        throw InterchangeError(
            .badQuoting, "a quoted cell starting here never ends; a closing '\"' is missing",
            line: startLine, column: column)
    }

    /// Consumes one line end (CRLF, LF or CR) at the front and returns it.
    private mutating func consumeLineEnd() -> [Unicode.Scalar] {
        let first = scalars.removeFirst()
        line += 1
        if first == "\r", scalars.first == "\n" {
            scalars.removeFirst()
            return ["\r", "\n"]
        }
        return [first]
    }
}
