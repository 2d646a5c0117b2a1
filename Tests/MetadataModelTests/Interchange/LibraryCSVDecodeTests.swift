import MetadataModel
import Testing

/// Reading forScore's library CSV by position, whatever the header says.
struct LibraryCSVDecodeTests {
    @Test func danishHeaderWithRenamedColumnsImportsByPosition() throws {
        let table = try LibraryCSV.decode(try Golden.text("danish-renamed.csv"))
        #expect(table.header?.first == "Arkivnavn")
        #expect(table.header?[7] == "Besætning")
        #expect(table.records.map(\.line) == [2, 3, 4, 5, 6])
        let satie = try #require(table.records.first).row.metadata
        #expect(
            satie.metadata
                == ScoreMetadata(
                    title: "Gymnopédie nr. 1", composers: ["Erik Satie"], genres: ["Impressionisme", "Klaver"],
                    tags: ["forår"], labels: ["Solo"], rating: 5, difficulty: 1, duration: 185, keysf: 2, keymi: 0))
        #expect(satie.diagnostics.isEmpty)
        let bach = table.records[1].row
        #expect(bach.reference == "BWV Anh. 114")
        #expect(bach.metadata.metadata.composers == ["Bach", "Petzold"])
        #expect(bach.metadata.metadata.tags == ["klaver", "begynder"])
        #expect(table.records.map(\.row.isBookmark) == [false, false, false, true, true])
        #expect(
            table.records.compactMap(\.row.bookmark) == [
                Bookmark(title: "Præludium", firstPage: 1, lastPage: 2),
                Bookmark(title: "Allemande \"lento\"", firstPage: 3, lastPage: 5),
            ])
    }

    @Test func fileWithoutHeaderIsAllData() throws {
        let table = try LibraryCSV.decode("a.pdf,A,,,,,,,,0,0,,,,\nb.pdf,B,,,,,,,,3,1,2,0,-1,1")
        #expect(table.header == nil)
        #expect(table.records.map(\.row.filename) == ["a.pdf", "b.pdf"])
        #expect(table.records[1].row.metadata.metadata.key == Key(name: "D minor"))
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func anyLineEndIsAccepted(lineEnd: String) throws {
        let text = ["Filename,Title,S,E,C,G,T,L,R,Rating,D,M,Sec,keysf,keymi", "a.pdf,\"two\(lineEnd)lines\",,,,,,,,0,0,,,,", "", "b.pdf,B,,,,,,,,0,0,,,,"]
            .joined(separator: lineEnd) + lineEnd
        let table = try LibraryCSV.decode(text)
        #expect(table.records.map(\.row.title) == ["two\(lineEnd)lines", "B"])
        #expect(table.records.map(\.line) == [2, 5])
    }

    @Test func tsvIsReadWithTheTabSeparator() throws {
        let text = "Filename\tTitle\tS\tE\tC\tG\tT\tL\tR\tRating\tD\tM\tSec\tkeysf\tkeymi\n"
            + "a.pdf\tA, B\t\t\tx, y\t\t\t\t\t2\t0\t\t\t\t\n"
        let row = try #require(try LibraryCSV.decode(text, separator: .tab).records.first).row
        #expect(row.title == "A, B")
        #expect(row.metadata.metadata.composers == ["x", "y"])
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var separator: LibraryCSV.Separator = .comma
        var code: InterchangeError.Code
        var line: Int
        var column: Int?
        var testDescription: String { name }
    }

    static let header = "Filename,Title,Start Page,End Page,Composers,Genres,Tags,Labels,Reference,Rating,Difficulty,Minutes,Seconds,keysf,keymi\r\n"

    static let badFiles: [BadFile] = [
        BadFile(name: "14 columns", text: header + "a.pdf,A,,,,,,,,0,0,,,\r\n", code: .columnCount, line: 2),
        BadFile(name: "16 columns", text: header + "a.pdf,A,,,,,,,,0,0,,,,\r\nb.pdf,B,,,,,,,,0,0,,,,,\r\n", code: .columnCount, line: 3),
        BadFile(name: "header of 16", text: "Filename,Title,S,E,C,G,T,L,R,Rating,D,M,Sec,keysf,keymi,Extra\r\n", code: .columnCount, line: 1),
        BadFile(name: "TSV read as CSV", text: "a.pdf\tA\t\t\t\t\t\t\t\t0\t0\t\t\t\t\n", code: .columnCount, line: 1),
        BadFile(name: "empty", text: "\u{FEFF}\r\n\r\n", code: .empty, line: 1),
        BadFile(name: "shifted columns", text: header + "a.pdf,A,,,Bach,Baroque,,,,Jazz,0,,,,\r\n", code: .notANumber, line: 2, column: 10),
        BadFile(name: "word as keymi", text: "a.pdf,A,,,,,,,,0,0,,,0,minor\n", code: .notANumber, line: 1, column: 15),
        BadFile(name: "partial header", text: "Filename,Title,Start,End,C,G,T,L,R,Rating,3,M,S,keysf,keymi\n", code: .notANumber, line: 1, column: 3),
        BadFile(name: "reordered English header", text: "Title,Filename,S,E,C,G,T,L,R,Rating,D,M,Sec,keysf,keymi\n", code: .columnOrder, line: 1, column: 1),
        BadFile(name: "swapped lists", text: "Filename,Title,S,E,Genres,Composers,T,L,R,Rating,D,M,Sec,keysf,keymi\n", code: .columnOrder, line: 1, column: 5),
        BadFile(name: "blank filename", text: header + " ,A,,,,,,,,0,0,,,,\r\n", code: .emptyFilename, line: 2, column: 1),
        BadFile(name: "unterminated quote", text: header + "a.pdf,\"A,,,,,,,,0,0,,,,\r\nb.pdf\r\n", code: .badQuoting, line: 2, column: 2),
        BadFile(name: "text after quote", text: header + "\r\na.pdf,\"A\"x,,,,,,,,0,0,,,,\r\n", code: .badQuoting, line: 3, column: 2),
        BadFile(name: "bare quote", text: "a.pdf,\"A\",12\" vinyl,,,,,,,0,0,,,,\n", code: .badQuoting, line: 1, column: 3),
    ]

    @Test(arguments: badFiles)
    func wrongLayoutsAreClearErrors(_ file: BadFile) {
        #expect {
            try LibraryCSV.decode(file.text, separator: file.separator)
        } throws: { error in
            guard let error = error as? InterchangeError else { return false }
            return error.code == file.code && error.line == file.line && error.column == file.column
        }
    }

    @Test func columnCountMessageNamesTheLayoutAndHintsAtTSV() {
        do {
            _ = try LibraryCSV.decode("a.pdf\tA\t\t\t\t\t\t\t\t0\t0\t\t\t\t\n")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "line 1: 1 column, expected 15; forScore's 15 columns are Filename, Title, Start Page, End Page, "
                    + "Composers, Genres, Tags, Labels, Reference, Rating, Difficulty, Minutes, Seconds, keysf, keymi "
                    + "(the cells look tab-separated, not comma-separated) [column-count]")
        }
    }

    /// The demo library's CSV as a spreadsheet in a European locale saves it: `;` between cells.
    private static func demoLibrary(separator: LibraryCSV.Separator) throws -> (text: String, table: LibraryCSV.Table) {
        let table = try LibraryCSV.decode(try Golden.text("demo-library.csv"))
        let text = LibraryCSV.encode(rows: table.records.map(\.row), header: table.header, separator: separator)
        return (text, table)
    }

    @Test(arguments: LibraryCSV.Separator.allCases)
    func theSeparatorIsToldFromTheFirstRow(_ separator: LibraryCSV.Separator) throws {
        let (text, table) = try Self.demoLibrary(separator: separator)
        #expect(text.contains(separator.rawValue))
        for named in LibraryCSV.Separator.allCases {
            #expect(LibraryCSV.separator(of: text, preferring: named) == separator)
        }
        #expect(try LibraryCSV.decode(text, separator: separator).records.map(\.row) == table.records.map(\.row))
    }

    @Test func aSemicolonFileOneCellShortNamesTheSeparator() throws {
        // 14 cells, and a quoted title: read with commas, the quote would stand inside a cell.
        let text = "a.pdf;\"Menuet; G\";;;;;;;0;0;;;;\n"
        let separator = LibraryCSV.separator(of: text, preferring: .comma)
        #expect(separator == .semicolon)
        do {
            _ = try LibraryCSV.decode(text, separator: separator)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .columnCount)
            #expect(error.message.hasPrefix("14 columns (read as semicolon-separated), expected 15;"))
        }
    }

    @Test func aSingleCellNamesTheSeparatorItLooksLike() throws {
        do {
            _ = try LibraryCSV.decode("a.pdf;A\n", separator: .comma)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasSuffix("(the cells look semicolon-separated, not comma-separated)"))
        }
    }

    @Test func aQuotedCellWithSemicolonsDoesNotMisleadTheGuess() {
        let text = "a.pdf,\"x; y; z; w; v; u; t; s; r; q; p; o; n; m\",,,,,,,,0,0,,,,\n"
        #expect(LibraryCSV.separator(of: text, preferring: .comma) == .comma)
        #expect(LibraryCSV.separator(of: text, preferring: .semicolon) == .comma)
    }

    @Test func notANumberMessageQuotesTheCell() {
        do {
            _ = try LibraryCSV.decode("a.pdf,A,,,,,,,,Jazz,0,,,,\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 10)
            #expect(error.message.hasPrefix("Rating cell 'Jazz' is not a whole number; forScore's 15 columns are Filename"))
        }
    }
}
