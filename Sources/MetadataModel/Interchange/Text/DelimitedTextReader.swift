/// Splits CSV (RFC 4180) or TSV text into records of fields, remembering the line each record
/// starts on: the one reader of forScore's library CSV (``LibraryCSV/decode(_:separator:)``)
/// and of the rules' data files (`tagrules.data`).
///
/// Always: LF, CRLF and CR each end a line (inside a quoted field they are kept as written); a
/// final record needs no line end; a UTF-8 byte order mark at the very start is dropped; empty
/// lines are skipped. With `quoting` (CSV; TSV as forScore writes it), a field that starts with
/// `"` is quoted, may hold separators and line breaks, and writes `"` as `""`; a `"` inside an
/// unquoted field, text after a closing quote and a quoted field that never ends are errors.
/// Without it (the rules' TSV, IANA text/tab-separated-values) a `"` is text like any other.
///
/// With `dataFileSyntax`, for hand-written data files: a line whose first non-blank character
/// is `#` is a comment (quote a first field that really starts with `#`), every field is
/// trimmed of whitespace (inside quotes too, and whitespace may follow a closing quote), and a
/// line of only whitespace is empty.
///
/// The text is read as UTF-8 bytes: separators, quotes and line ends are ASCII, and no byte of a
/// multi-byte scalar is ASCII, so fields are taken run by run and only a scalar that starts a
/// field or follows a closing quote is decoded (to ask whether it is whitespace). An unquoted
/// field is one run of the text and becomes a String straight from it; only a quoted field,
/// whose doubled quotes are written once, is gathered byte by byte first.
public struct DelimitedTextReader: Sendable {
    /// One record and the 1-based line it starts on.
    public struct Record: Sendable, Hashable {
        /// Where the record starts, for messages.
        public var line: Int
        /// The record's fields, in order.
        public var fields: [String]

        /// Creates a record.
        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// The field separator: `,`, tab or `;`.
    public let separator: Unicode.Scalar
    /// Whether `"` quotes a field.
    public let quoting: Bool
    /// Whether `#` lines are comments and fields are trimmed of whitespace.
    public let dataFileSyntax: Bool

    /// Creates a reader. `separator` must be ASCII and neither a quote nor a line end (a
    /// programmer's choice, not input).
    public init(separator: Unicode.Scalar, quoting: Bool = true, dataFileSyntax: Bool = false) {
        precondition(
            separator.isASCII && separator != "\"" && separator != "\n" && separator != "\r",
            "DelimitedTextReader: the separator must be ASCII and not a quote or line end")
        self.separator = separator
        self.quoting = quoting
        self.dataFileSyntax = dataFileSyntax
    }

    /// Reads every record of `text`.
    /// - Throws: ``InterchangeError`` `.badQuoting` with the line and column.
    public func records(in text: String) throws(InterchangeError) -> [Record] {
        var records: [Record] = []
        try forEachRecord(in: text) { records.append($0) }
        return records
    }

    /// Hands every record of `text` to `body`, in order, without collecting them.
    /// - Throws: ``InterchangeError`` `.badQuoting` with the line and column; the records
    ///   before the error have been handed over.
    public func forEachRecord(in text: String, _ body: (Record) -> Void) throws(InterchangeError) {
        var scanner = Scanner(bytes: Array(text.utf8), reader: self)
        try scanner.run(body)
    }
}

extension DelimitedTextReader {
    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, comment
    }

    /// One pass over the bytes of a text.
    private struct Scanner {
        let bytes: [UInt8]
        let reader: DelimitedTextReader
        let separator: UInt8
        var fields: [String] = []
        /// The text of a quoted field so far (its doubled quotes written once).
        var field: [UInt8] = []
        /// Where the unquoted field being read starts in `bytes`; it runs up to the byte read.
        var fieldStart = 0
        var state = State.fieldStart
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var quoted = false  // the record has a quoted field
        /// The "\n" of a "\r\n" pair: part of the line end already counted.
        var afterCarriageReturn = false

        init(bytes: [UInt8], reader: DelimitedTextReader) {
            self.bytes = bytes
            self.reader = reader
            separator = UInt8(reader.separator.value)
        }

        mutating func run(_ body: (Record) -> Void) throws(InterchangeError) {
            let quote = UInt8(ascii: "\""), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while index < bytes.count {
                // Inside a field or a comment, a run of bytes that are not line ends, quotes or
                // separators is taken whole.
                if state == .quoted || state == .unquoted || state == .comment {
                    var end = index
                    while end < bytes.count {
                        let byte = bytes[end]
                        if byte == lineFeed || byte == carriageReturn || byte == quote
                            || (state == .unquoted && byte == separator) { break }
                        end += 1
                    }
                    if end > index {
                        if state == .quoted { field.append(contentsOf: bytes[index..<end]) }
                        afterCarriageReturn = false
                        index = end
                        continue
                    }
                }
                let byte = bytes[index]
                if byte >= 0x80 {
                    // A multi-byte scalar at a field start or after a closing quote.
                    let end = min(index + Self.scalarLength(lead: byte), bytes.count)
                    afterCarriageReturn = false
                    if reader.dataFileSyntax && isWhitespace(index, end) {
                        index = end
                    } else if state == .afterQuote {
                        throw textAfterQuote()
                    } else {
                        startUnquoted(at: index)
                    }
                    continue
                }
                index += 1
                let continuesLineEnd = afterCarriageReturn && byte == lineFeed
                afterCarriageReturn = byte == carriageReturn
                let newline = byte == lineFeed || byte == carriageReturn
                switch state {
                case .comment:
                    if byte == quote { continue }
                    if newline && !continuesLineEnd {
                        line += 1
                        recordLine = line
                        state = .fieldStart
                    }
                    continue
                case .quoted:
                    if byte == quote {
                        state = .afterQuote
                    } else {
                        if newline && !continuesLineEnd { line += 1 }
                        field.append(byte)
                    }
                    continue
                case .afterQuote:
                    if continuesLineEnd { continue }
                    if byte == quote {
                        field.append(quote)  // "" inside quotes
                        state = .quoted
                        continue
                    }
                    if !newline && byte != separator {
                        guard reader.dataFileSyntax && Self.isASCIIWhitespace(byte) else { throw textAfterQuote() }
                        continue
                    }
                case .fieldStart:
                    if continuesLineEnd { continue }
                    if reader.dataFileSyntax {
                        if byte == UInt8(ascii: "#") && fields.isEmpty {
                            state = .comment
                            continue
                        }
                        if Self.isASCIIWhitespace(byte) && !newline && byte != separator { continue }
                    }
                    if reader.quoting && byte == quote {
                        quoteLine = line
                        quoted = true
                        state = .quoted
                        continue
                    }
                case .unquoted:
                    if continuesLineEnd { continue }
                    if byte == quote && reader.quoting {
                        throw InterchangeError(
                            .badQuoting, "a '\"' inside an unquoted cell; quote the whole cell and double the '\"'",
                            line: line, column: fields.count + 1)
                    }
                }
                if newline {
                    endRecord(body, fieldEnd: index - 1)
                    line += 1
                    recordLine = line
                } else if byte == separator {
                    endField(end: index - 1)
                    state = .fieldStart
                } else if state != .unquoted {
                    startUnquoted(at: index - 1)
                }
            }
            switch state {
            case .quoted:
                throw InterchangeError(
                    .badQuoting, "a quoted cell starting here never ends; a closing '\"' is missing",
                    line: quoteLine, column: fields.count + 1)
            case .comment:
                break
            case .fieldStart where fields.isEmpty && !quoted:
                break
            case .fieldStart, .unquoted, .afterQuote:
                endRecord(body, fieldEnd: bytes.count)
            }
        }

        /// Starts an unquoted field at `index`.
        private mutating func startUnquoted(at index: Int) {
            fieldStart = index
            state = .unquoted
        }

        /// Ends the field read: an unquoted one runs up to `end` (the separator or line end),
        /// a quoted one is `field`, and one that never started is empty.
        private mutating func endField(end: Int) {
            switch state {
            case .unquoted:
                fields.append(text(bytes[fieldStart..<end]))
            case .afterQuote:
                fields.append(text(field[...]))
                field.removeAll(keepingCapacity: true)
            default:
                fields.append("")
            }
        }

        /// The text of a field's bytes, trimmed in data files.
        private func text(_ bytes: ArraySlice<UInt8>) -> String {
            reader.dataFileSyntax ? Self.trimmed(bytes) : String(decoding: bytes, as: UTF8.self)
        }

        /// Hands the record over unless it is an empty line; its last field runs up to `fieldEnd`.
        private mutating func endRecord(_ body: (Record) -> Void, fieldEnd: Int) {
            endField(end: fieldEnd)
            if fields.count != 1 || !fields[0].isEmpty || (quoted && !reader.dataFileSyntax) {
                body(Record(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
            quoted = false
            state = .fieldStart
        }

        private func textAfterQuote() -> InterchangeError {
            InterchangeError(
                .badQuoting, "text after a closing '\"'; double a '\"' that belongs to the cell",
                line: line, column: fields.count + 1)
        }

        /// The UTF-8 text `field` trimmed of whitespace and newlines, as Characters see them.
        private static func trimmed(_ field: ArraySlice<UInt8>) -> String {
            var start = field.startIndex, end = field.endIndex
            while start < end, isASCIIWhitespace(field[start]) { start += 1 }
            while end > start, isASCIIWhitespace(field[end - 1]) { end -= 1 }
            if start == end { return "" }
            let text = String(decoding: field[start..<end], as: UTF8.self)
            // No ASCII scalar joins a neighbouring whitespace into one Character (only "\r\n",
            // itself whitespace): text with ASCII edges is trimmed.
            guard field[start] >= 0x80 || field[end - 1] >= 0x80 else { return text }
            guard let first = text.firstIndex(where: { !$0.isWhitespace }),
                let last = text.lastIndex(where: { !$0.isWhitespace })
            else { return "" }
            return String(text[first...last])
        }

        /// The number of bytes of the UTF-8 sequence that starts with `lead`.
        private static func scalarLength(lead: UInt8) -> Int {
            lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }

        /// `Unicode.Scalar.Properties.isWhitespace` for an ASCII byte: tab, line feed, vertical
        /// tab, form feed, carriage return and space.
        private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
        }

        /// Whether the scalar whose UTF-8 is `bytes[start..<end]` (two to four bytes) is whitespace.
        private func isWhitespace(_ start: Int, _ end: Int) -> Bool {
            var value = UInt32(bytes[start]) & (0x7F >> (end - start))
            for index in (start + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
            return Unicode.Scalar(value)?.properties.isWhitespace ?? false
        }
    }
}
