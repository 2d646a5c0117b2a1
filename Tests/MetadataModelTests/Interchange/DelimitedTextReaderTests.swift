import Testing

import MetadataModel

/// The CSV/TSV reader of both library CSV import and the rules' data files: records, lines and
/// errors on tricky input written out by hand, in both syntaxes.
struct DelimitedTextReaderTests {
    typealias Record = DelimitedTextReader.Record

    private func read(_ text: String, separator: Unicode.Scalar = ",", quoting: Bool = true, dataFile: Bool)
        -> Result<[Record], InterchangeError>
    {
        let reader = DelimitedTextReader(separator: separator, quoting: quoting, dataFileSyntax: dataFile)
        return Result { () throws(InterchangeError) in try reader.records(in: text) }
    }

    /// Cases that read the same in both syntaxes.
    @Test(arguments: [
        // Quotes, escaped quotes, separators and line breaks inside quotes (kept as written).
        ("a,\"b,c\",\"say \"\"hi\"\"\"\n", [Record(line: 1, fields: ["a", "b,c", "say \"hi\""])]),
        ("k,\"one\r\ntwo\"\nx,y", [Record(line: 1, fields: ["k", "one\r\ntwo"]), Record(line: 3, fields: ["x", "y"])]),
        // CRLF, CR and LF each end one line; empty lines are skipped.
        ("a\r\n\r\nb\rc\n\nd", [
            Record(line: 1, fields: ["a"]), Record(line: 3, fields: ["b"]), Record(line: 4, fields: ["c"]),
            Record(line: 6, fields: ["d"]),
        ]),
        // Non-ASCII text, a combining mark after a separator, an emoji, U+2028 (not a line end).
        ("Dvořák,\u{301}x,😀\u{2028}é\n", [Record(line: 1, fields: ["Dvořák", "\u{301}x", "😀\u{2028}é"])]),
        // A byte order mark at the start is dropped; a lone separator makes two empty fields.
        ("\u{FEFF}name,era\n,", [Record(line: 1, fields: ["name", "era"]), Record(line: 2, fields: ["", ""])]),
    ])
    func readsCSVInBothSyntaxes(text: String, expected: [Record]) throws {
        #expect(try read(text, dataFile: false).get() == expected)
        #expect(try read(text, dataFile: true).get() == expected)
    }

    @Test func keepsWhitespaceAndHashesInLibraryCSV() throws {
        let text = " a ,# b,\" q \"\n# not a comment\n"
        #expect(try read(text, dataFile: false).get() == [
            Record(line: 1, fields: [" a ", "# b", " q "]), Record(line: 2, fields: ["# not a comment"]),
        ])
    }

    @Test func trimsAndSkipsCommentsInDataFiles() throws {
        // Fields of only whitespace; trimming inside and after quotes, Unicode spaces too.
        #expect(try read(",, \t ,\" x \"  ,\u{A0}\"q\"\u{3000},", dataFile: true).get() == [
            Record(line: 1, fields: ["", "", "", "x", "q", ""]),
        ])
        // A "#" that is not the first field, or quoted, is data; an indented one is a comment;
        // a comment may hold quotes and commas; a line of spaces is empty.
        let text = "a,#b\n\"#c\",d\n \u{A0}# comment, \"x\n   \ne\n"
        #expect(try read(text, dataFile: true).get() == [
            Record(line: 1, fields: ["a", "#b"]), Record(line: 2, fields: ["#c", "d"]), Record(line: 5, fields: ["e"]),
        ])
    }

    @Test func readsTSVWithAndWithoutQuoting() throws {
        // The rules' TSV: quotes are text.
        let text = "name\tera\n\"Bach\"\t \"x\"\u{85}\r\nA \tB"
        #expect(try read(text, separator: "\t", quoting: false, dataFile: true).get() == [
            Record(line: 1, fields: ["name", "era"]), Record(line: 2, fields: ["\"Bach\"", "\"x\""]),
            Record(line: 3, fields: ["A", "B"]),
        ])
        // forScore's TSV: quotes quote; a tab inside quotes is data.
        #expect(try read("a\t\"b\tc\"\t\n", separator: "\t", dataFile: false).get() == [
            Record(line: 1, fields: ["a", "b\tc", ""]),
        ])
        // A semicolon, as spreadsheets in many locales write CSV.
        #expect(try read("a;\"b;c\"\n", separator: ";", dataFile: false).get() == [Record(line: 1, fields: ["a", "b;c"])])
    }

    @Test(arguments: [
        ("a\n\"b\"c\n", 2, 1, "text after a closing '\"'; double a '\"' that belongs to the cell"),
        ("a\n\"b\"\u{A0}é\n", 2, 1, "text after a closing '\"'; double a '\"' that belongs to the cell"),
        ("a\r\n\r\nx,\"b\r\nc", 3, 2, "a quoted cell starting here never ends; a closing '\"' is missing"),
        ("\"a\nb\"\"\nc\"d", 3, 1, "text after a closing '\"'; double a '\"' that belongs to the cell"),
        ("a,12\" vinyl\n", 1, 2, "a '\"' inside an unquoted cell; quote the whole cell and double the '\"'"),
    ])
    func reportsErrorsWithLinesAndColumns(text: String, line: Int, column: Int, message: String) {
        for dataFile in [false, true] {
            #expect(read(text, dataFile: dataFile) == .failure(InterchangeError(.badQuoting, message, line: line, column: column)))
        }
    }

    @Test func whitespaceAfterAClosingQuoteIsAnErrorOnlyInLibraryCSV() throws {
        #expect(try read("\"a\"  ,b\n", dataFile: true).get() == [Record(line: 1, fields: ["a", "b"])])
        #expect(read("\"a\"  ,b\n", dataFile: false) == .failure(InterchangeError(
            .badQuoting, "text after a closing '\"'; double a '\"' that belongs to the cell", line: 1, column: 1)))
    }

    @Test func forEachRecordHandsOverTheRecordsBeforeAnError() {
        var lines: [Int] = []
        let reader = DelimitedTextReader(separator: ",")
        #expect(throws: InterchangeError.self) { try reader.forEachRecord(in: "a\nb\n\"c") { lines.append($0.line) } }
        #expect(lines == [1, 2])
    }
}
