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
/// The text is read scalar by scalar (delimiters, quotes and line ends are single scalars),
/// and fields are gathered as UTF-8 bytes: data files of a few thousand rows load in well
/// under a millisecond.
struct DelimitedTextReader {
    /// One record and the line it starts on (1-based).
    struct Record: Equatable {
        var line: Int
        var fields: [String]
    }

    let file: String
    let delimiter: Unicode.Scalar
    let quoting: Bool

    /// Reads every record of `text`.
    /// - Throws: `RuleError` `.invalidRule` for an unterminated quoted field or text after a
    ///   closing quote, with the line.
    func records(_ text: String) throws(RuleError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        // The "\n" of a "\r\n" pair: part of the line end already counted.
        var afterCarriageReturn = false

        func endField() {
            fields.append(String(TextSplitter.trim(Substring(decoding: field, as: UTF8.self))))
            field.removeAll(keepingCapacity: true)
        }

        for scalar in text.unicodeScalars {
            let continuesLineEnd = afterCarriageReturn && scalar == "\n"
            afterCarriageReturn = scalar == "\r"
            let newline = scalar == "\n" || scalar == "\r"
            switch state {
            case .comment:
                if newline && !continuesLineEnd {
                    line += 1
                    recordLine = line
                    state = .fieldStart
                }
                continue
            case .quoted:
                if scalar == "\"" {
                    state = .afterQuote
                } else {
                    if newline && !continuesLineEnd { line += 1 }
                    Self.append(scalar, to: &field)
                }
                continue
            case .afterQuote:
                if continuesLineEnd { continue }
                if scalar == "\"" {
                    field.append(UInt8(ascii: "\""))  // "" inside quotes
                    state = .quoted
                    continue
                }
                if !newline && scalar != delimiter {
                    guard scalar.properties.isWhitespace else {
                        throw RuleError(
                            .invalidRule, "text after a closing quote; write a quote inside a quoted field as \"\"",
                            file: file, line: line)
                    }
                    continue
                }
            case .fieldStart:
                if continuesLineEnd { continue }
                if scalar == "#" && fields.isEmpty {
                    state = .comment
                    continue
                }
                if quoting && scalar == "\"" {
                    quoteLine = line
                    state = .quoted
                    continue
                }
                if scalar.properties.isWhitespace && !newline && scalar != delimiter { continue }
            case .unquoted:
                if continuesLineEnd { continue }
            }
            if newline {
                endField()
                if fields != [""] { records.append(Record(line: recordLine, fields: fields)) }
                fields = []
                line += 1
                recordLine = line
                state = .fieldStart
            } else if scalar == delimiter {
                endField()
                state = .fieldStart
            } else {
                Self.append(scalar, to: &field)
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
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, comment
    }

    /// Appends the UTF-8 of `scalar`.
    private static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if scalar.isASCII {
            bytes.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }
}
