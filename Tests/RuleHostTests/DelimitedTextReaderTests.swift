import Testing

@testable import RuleHost
import TestSupport

/// The byte-level CSV/TSV reader: records and errors on tricky input, written out by hand and
/// compared with the scalar-by-scalar reader it replaced (``ScalarReference``).
struct DelimitedTextReaderTests {
    typealias Record = DelimitedTextReader.Record

    private func read(_ text: String, tsv: Bool = false) -> Result<[Record], RuleError> {
        let reader = DelimitedTextReader(file: "t", delimiter: UInt8(ascii: tsv ? "\t" : ","), quoting: !tsv)
        return Result { () throws(RuleError) in try reader.records(text) }
    }

    private func reference(_ text: String, tsv: Bool = false) -> Result<[Record], RuleError> {
        let reader = ScalarReference(file: "t", delimiter: tsv ? "\t" : ",", quoting: !tsv)
        return Result { () throws(RuleError) in try reader.records(text) }
    }

    @Test(arguments: [
        // Quotes, escaped quotes, delimiters and line breaks inside quotes.
        ("a,\"b,c\",\"say \"\"hi\"\"\"\n", [Record(line: 1, fields: ["a", "b,c", "say \"hi\""])]),
        ("k,\"one\r\ntwo\"\nx,y", [Record(line: 1, fields: ["k", "one\r\ntwo"]), Record(line: 3, fields: ["x", "y"])]),
        // CRLF, CR and LF each end one line; blank lines and comments are skipped.
        ("a\r\n\r\nb\rc\n\n# note, \"x\"\r\nd", [
            Record(line: 1, fields: ["a"]), Record(line: 3, fields: ["b"]), Record(line: 4, fields: ["c"]),
            Record(line: 7, fields: ["d"]),
        ]),
        // Empty fields and fields of only whitespace; trimming inside and after quotes.
        (",, \t ,\" x \"  ,\u{A0}\"q\"\u{3000},", [Record(line: 1, fields: ["", "", "", "x", "q", ""])]),
        // Non-ASCII text, a combining mark after a delimiter, an emoji, U+2028 (not a line end).
        ("Dvořák,\u{301}x,😀\u{2028}é\n", [Record(line: 1, fields: ["Dvořák", "\u{301}x", "😀\u{2028}é"])]),
        // A "#" that is not the first field, or quoted, is data; an indented one is a comment.
        ("a,#b\n\"#c\",d\n \u{A0}# comment\n", [Record(line: 1, fields: ["a", "#b"]), Record(line: 2, fields: ["#c", "d"])]),
        // No final line end; a lone delimiter makes two empty fields.
        (",", [Record(line: 1, fields: ["", ""])]),
    ])
    func readsCSV(text: String, expected: [Record]) throws {
        #expect(try read(text).get() == expected)
        #expect(try reference(text).get() == expected)
    }

    @Test func readsTSVWithoutQuoting() throws {
        let text = "name\tera\n\"Bach\"\t \"x\"\u{85}\r\nA \tB"
        let expected = [
            Record(line: 1, fields: ["name", "era"]), Record(line: 2, fields: ["\"Bach\"", "\"x\""]),
            Record(line: 3, fields: ["A", "B"]),
        ]
        #expect(try read(text, tsv: true).get() == expected)
    }

    @Test(arguments: [
        ("a\n\"b\"c\n", 2, "text after a closing quote; write a quote inside a quoted field as \"\""),
        ("a\n\"b\"\u{A0}é\n", 2, "text after a closing quote; write a quote inside a quoted field as \"\""),
        ("a\r\n\r\n\"b\r\nc", 3, "quoted field is never closed; add the closing \""),
        ("\"a\nb\"\"\nc\"d", 3, "text after a closing quote; write a quote inside a quoted field as \"\""),
    ])
    func reportsErrorsWithLines(text: String, line: Int, message: String) {
        #expect(read(text) == .failure(RuleError(.invalidRule, message, file: "t", line: line)))
        #expect(reference(text) == .failure(RuleError(.invalidRule, message, file: "t", line: line)))
    }

    /// Random texts built from the pieces that matter to the state machine read the same, or
    /// fail the same, byte by byte as scalar by scalar.
    @Test func matchesTheScalarReaderOnRandomText() {
        let pieces = [
            ",", ",", "\"", "\"\"", "\r", "\n", "\r\n", "#", " ", "\t", "\u{0B}", "\u{A0}", "\u{3000}", "\u{85}",
            "\u{2028}", "é", "e\u{301}", "\u{301}", "😀", "Bach", "x", "1", "\u{FEFF}",
        ]
        var generator = SplitMix64(seed: 0x7461_6772_756C_6573)
        for _ in 0..<4_000 {
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for tsv in [false, true] {
                #expect(read(text, tsv: tsv) == reference(text, tsv: tsv), "\(tsv ? "TSV" : "CSV") \(text.debugDescription)")
            }
        }
    }
}

/// The reader as it was before it read bytes: scalar by scalar, asking `Unicode.Scalar` about
/// whitespace. Kept as the oracle for the byte-level reader.
struct ScalarReference {
    let file: String
    let delimiter: Unicode.Scalar
    let quoting: Bool

    func records(_ text: String) throws(RuleError) -> [DelimitedTextReader.Record] {
        var records: [DelimitedTextReader.Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var state = State.fieldStart
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var afterCarriageReturn = false

        func endField() {
            fields.append(String(TextSplitter.trim(Substring(String(field)))))
            field.removeAll()
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
                    field.append(scalar)
                }
                continue
            case .afterQuote:
                if continuesLineEnd { continue }
                if scalar == "\"" {
                    field.append("\"")
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
                if fields != [""] { records.append(.init(line: recordLine, fields: fields)) }
                fields = []
                line += 1
                recordLine = line
                state = .fieldStart
            } else if scalar == delimiter {
                endField()
                state = .fieldStart
            } else {
                field.append(scalar)
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
            records.append(.init(line: recordLine, fields: fields))
        }
        return records
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote, comment
    }
}
