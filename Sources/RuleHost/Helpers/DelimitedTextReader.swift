/// Splits CSV (RFC 4180) and TSV text into records of fields, remembering each record's line.
///
/// CSV: fields are separated by `,`; a field that starts with `"` is quoted, may contain
/// commas and line breaks, and writes a `"` as `""`. TSV (IANA text/tab-separated-values):
/// fields are separated by tabs and never quoted. Both accept LF, CRLF and CR line ends.
///
/// Additions to the RFCs, for hand-written data files: blank lines are skipped, a line whose
/// first non-blank character is `#` is a comment (quote a first field that really starts with
/// `#`), and every field is trimmed of surrounding whitespace (inside quotes too).
///
/// The text is read as UTF-8 bytes: delimiters, quotes and line ends are ASCII, and no byte of
/// a multi-byte scalar is ASCII, so field contents are copied run by run and only a scalar that
/// starts a field or follows a closing quote is decoded (to ask whether it is whitespace). Data
/// files of a few thousand rows load in well under a millisecond.
struct DelimitedTextReader {
    /// One record and the line it starts on (1-based).
    struct Record: Equatable {
        var line: Int
        var fields: [String]
    }

    let file: String
    /// The field separator, an ASCII byte (`,` or tab).
    let delimiter: UInt8
    let quoting: Bool

    init(file: String, delimiter: UInt8, quoting: Bool) {
        precondition(delimiter < 0x80, "DelimitedTextReader: the delimiter must be ASCII")
        self.file = file
        self.delimiter = delimiter
        self.quoting = quoting
    }

    /// Reads every record of `text`.
    /// - Throws: `RuleError` `.invalidRule` for an unterminated quoted field or text after a
    ///   closing quote, with the line.
    func records(_ text: String) throws(RuleError) -> [Record] {
        var records: [Record] = []
        try forEachRecord(text) { records.append($0) }
        return records
    }

    /// Hands every record of `text` to `body`, in order, as `records(_:)` reads them, without
    /// collecting them: a record `body` does not keep leaves its array of fields to the next
    /// one (a data file's rows go straight into its table, no array per row made and freed).
    /// - Throws: `RuleError` `.invalidRule` for an unterminated quoted field or text after a
    ///   closing quote, with the line; or what `body` throws, which ends the reading.
    func forEachRecord(_ text: String, _ body: (Record) throws(RuleError) -> Void) throws(RuleError) {
        var text = text
        try text.withUTF8 { bytes in
            Result { () throws(RuleError) in try forEachRecord(bytes, body) }
        }.get()
    }

    private func forEachRecord(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (Record) throws(RuleError) -> Void
    ) throws(RuleError) {
        let quote = UInt8(ascii: "\""), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        // The "\n" of a "\r\n" pair: part of the line end already counted.
        var afterCarriageReturn = false

        func endField() {
            fields.append(Self.trimmedString(field))
            field.removeAll(keepingCapacity: true)
        }

        var index = 0
        while index < bytes.count {
            // Inside a field or a comment, a run of bytes that are not line ends, quotes (in a
            // quoted field) or delimiters (in an unquoted one) is taken whole.
            if state == .quoted || state == .unquoted || state == .comment {
                let stop = state == .quoted ? quote : state == .unquoted ? delimiter : lineFeed
                var end = index
                while end < bytes.count, bytes[end] != stop, bytes[end] != lineFeed, bytes[end] != carriageReturn {
                    end += 1
                }
                if end > index {
                    if state != .comment { field.append(contentsOf: bytes[index..<end]) }
                    afterCarriageReturn = false
                    index = end
                    continue
                }
            }
            let byte = bytes[index]
            if byte >= 0x80 {
                // A multi-byte scalar at a field start or after a closing quote: skipped if it
                // is whitespace, else it starts an unquoted field (read as a run) or is an error.
                let end = index + Self.scalarLength(lead: byte)
                afterCarriageReturn = false
                if Self.isWhitespace(bytes, index, end) {
                    index = end
                } else if state == .afterQuote {
                    throw RuleError(
                        .invalidRule, "text after a closing quote; write a quote inside a quoted field as \"\"",
                        file: file, line: line)
                } else {
                    state = .unquoted
                }
                continue
            }
            index += 1
            let continuesLineEnd = afterCarriageReturn && byte == lineFeed
            afterCarriageReturn = byte == carriageReturn
            let newline = byte == lineFeed || byte == carriageReturn
            switch state {
            case .comment:
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
                if !newline && byte != delimiter {
                    guard Self.isASCIIWhitespace(byte) else {
                        throw RuleError(
                            .invalidRule, "text after a closing quote; write a quote inside a quoted field as \"\"",
                            file: file, line: line)
                    }
                    continue
                }
            case .fieldStart:
                if continuesLineEnd { continue }
                if byte == UInt8(ascii: "#") && fields.isEmpty {
                    state = .comment
                    continue
                }
                if quoting && byte == quote {
                    quoteLine = line
                    state = .quoted
                    continue
                }
                if Self.isASCIIWhitespace(byte) && !newline && byte != delimiter { continue }
            case .unquoted:
                if continuesLineEnd { continue }
            }
            if newline {
                endField()
                if fields.count != 1 || !fields[0].isEmpty { try body(Record(line: recordLine, fields: fields)) }
                fields.removeAll(keepingCapacity: true)
                line += 1
                recordLine = line
                state = .fieldStart
            } else if byte == delimiter {
                endField()
                state = .fieldStart
            } else {
                field.append(byte)
                state = .unquoted
            }
        }
        switch state {
        case .quoted:
            throw RuleError(.invalidRule, "quoted field is never closed; add the closing \"", file: file, line: quoteLine)
        case .comment:
            break
        case .fieldStart where fields.isEmpty:
            break
        case .fieldStart, .unquoted, .afterQuote:
            endField()
            try body(Record(line: recordLine, fields: fields))
        }
    }

    /// `TextSplitter.trim` of the UTF-8 text `field`, as a `String`. ASCII whitespace is cut
    /// off as bytes when what is left starts and ends with an ASCII byte: no ASCII scalar joins
    /// a neighbouring whitespace into one Character (only "\r\n", itself whitespace). Anything
    /// else (a non-ASCII scalar at either edge, which may be whitespace or a combining mark) goes
    /// through `TextSplitter.trim`.
    private static func trimmedString(_ field: [UInt8]) -> String {
        var start = 0, end = field.count
        while start < end, isASCIIWhitespace(field[start]) { start += 1 }
        while end > start, isASCIIWhitespace(field[end - 1]) { end -= 1 }
        if start == end { return "" }
        guard field[start] < 0x80, field[end - 1] < 0x80 else {
            return String(TextSplitter.trim(Substring(decoding: field, as: UTF8.self)))
        }
        return String(decoding: field[start..<end], as: UTF8.self)
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, comment
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead` (valid UTF-8).
    private static func scalarLength(lead: UInt8) -> Int {
        lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// `Unicode.Scalar.Properties.isWhitespace` for an ASCII byte: tab, line feed, vertical
    /// tab, form feed, carriage return and space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Whether the scalar whose UTF-8 is `bytes[start..<end]` (two to four bytes) is whitespace.
    private static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var value = UInt32(bytes[start]) & (0x7F >> (end - start))
        for index in (start + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return Unicode.Scalar(value)?.properties.isWhitespace ?? false
    }
}
