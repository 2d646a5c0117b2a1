/// Splits CSV (RFC 4180) and TSV text into records of fields, remembering each record's line.
///
/// CSV: fields are separated by `,`; a field that starts with `"` is quoted, may contain
/// commas and line breaks, and writes a `"` as `""`. TSV (IANA text/tab-separated-values):
/// fields are separated by tabs and never quoted. Both accept LF, CRLF and CR line ends.
///
/// Additions to the RFCs, for hand-written data files: blank lines are skipped, a line whose
/// first non-blank character is `#` is a comment (quote a first field that really starts with
/// `#`), and every field is trimmed of surrounding whitespace (inside quotes too).
struct DelimitedTextReader {
    /// One record and the line it starts on (1-based).
    struct Record: Equatable {
        var line: Int
        var fields: [String]
    }

    let file: String
    let delimiter: Character
    let quoting: Bool

    /// Reads every record of `text`.
    /// - Throws: `RuleError` `.invalidRule` for an unterminated quoted field or text after a
    ///   closing quote, with the line.
    func records(_ text: String) throws(RuleError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var state = State.fieldStart
        var line = 1
        var recordLine = 1
        var quoteLine = 1

        for character in text {
            let newline = Self.isNewline(character)
            switch state {
            case .comment:
                if newline {
                    line += 1
                    recordLine = line
                    state = .fieldStart
                }
                continue
            case .quoted:
                if character == "\"" {
                    state = .afterQuote
                } else {
                    if newline { line += 1 }
                    field.append(character)
                }
                continue
            case .afterQuote:
                if character == "\"" {
                    field.append("\"")  // "" inside quotes
                    state = .quoted
                    continue
                }
                if !newline && character != delimiter {
                    guard character.isWhitespace else {
                        throw RuleError(
                            .invalidRule, "text after a closing quote; write a quote inside a quoted field as \"\"",
                            file: file, line: line)
                    }
                    continue
                }
            case .fieldStart:
                if character == "#" && fields.isEmpty {
                    state = .comment
                    continue
                }
                if quoting && character == "\"" {
                    quoteLine = line
                    state = .quoted
                    continue
                }
                if character.isWhitespace && !newline && character != delimiter { continue }
            case .unquoted:
                break
            }
            if newline {
                fields.append(String(TextSplitter.trim(field[...])))
                if fields != [""] { records.append(Record(line: recordLine, fields: fields)) }
                fields = []
                field = ""
                line += 1
                recordLine = line
                state = .fieldStart
            } else if character == delimiter {
                fields.append(String(TextSplitter.trim(field[...])))
                field = ""
                state = .fieldStart
            } else {
                field.append(character)
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
            fields.append(String(TextSplitter.trim(field[...])))
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, comment
    }

    private static func isNewline(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }
}
