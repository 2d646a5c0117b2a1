import MetadataModel
import Testing

/// Writing forScore's library CSV: the row conventions and RFC 4180 quoting.
struct LibraryCSVEncodeTests {
    @Test func scoreRowFollowsForScoreConventions() {
        let metadata = ScoreMetadata(
            title: "Nocturne Op. 9 No. 2", composers: ["Frédéric Chopin"], genres: ["Romantic", "Piano"],
            tags: ["Proofing", "TAB"], labels: ["Recital"], rating: 4, duration: 272, keysf: -3, keymi: 0)
        let rows = LibraryCSV.rows(filename: "Chopin Nocturne.pdf", metadata: metadata, reference: "Op. 9/2")
        #expect(
            rows == [
                LibraryCSVRow(
                    filename: "Chopin Nocturne.pdf", title: "Nocturne Op. 9 No. 2", composers: "Frédéric Chopin",
                    genres: "Romantic, Piano", tags: "Proofing, TAB", labels: "Recital", reference: "Op. 9/2",
                    rating: "4", difficulty: "0", minutes: "4", seconds: "32", keysf: "-3", keymi: "0")
            ])
        #expect(
            LibraryCSV.encode(rows: rows, header: nil)
                == "Chopin Nocturne.pdf,Nocturne Op. 9 No. 2,,,Frédéric Chopin,\"Romantic, Piano\",\"Proofing, TAB\",Recital,Op. 9/2,4,0,4,32,-3,0\r\n"
        )
    }

    struct Duration: Sendable, CustomTestStringConvertible {
        var seconds: Int?
        var cells: (String, String)
        var testDescription: String { seconds.map(String.init) ?? "nil" }
    }

    @Test(arguments: [
        Duration(seconds: nil, cells: ("", "")), Duration(seconds: 0, cells: ("0", "0")),
        Duration(seconds: 59, cells: ("0", "59")), Duration(seconds: 60, cells: ("1", "0")),
        Duration(seconds: 72, cells: ("1", "12")), Duration(seconds: 3600, cells: ("60", "0")),
        Duration(seconds: Int.max, cells: ("153722867280912930", "7")),
    ])
    func durationIsSplitIntoMinutesAndSeconds(_ duration: Duration) throws {
        let row = try #require(LibraryCSV.rows(filename: "a.pdf", metadata: ScoreMetadata(duration: duration.seconds)).first)
        #expect(row.minutes == duration.cells.0)
        #expect(row.seconds == duration.cells.1)
    }

    @Test func unsetValuesAreBlankExceptRatingAndDifficulty() throws {
        let row = try #require(LibraryCSV.rows(filename: "Untitled.PDF", metadata: ScoreMetadata()).first)
        #expect(row.cells == ["Untitled.PDF", "Untitled", "", "", "", "", "", "", "", "0", "0", "", "", "", ""])
        #expect(!row.isBookmark)
    }

    @Test func halfAKeyIsWrittenAsGiven() throws {
        let row = try #require(LibraryCSV.rows(filename: "a.pdf", metadata: ScoreMetadata(keysf: 7)).first)
        #expect((row.keysf, row.keymi) == ("7", ""))
    }

    @Test func bookmarkRowsFollowTheScoreRow() {
        let toc = [
            TOCEntry(title: "Prelude", target: .page(0)), TOCEntry(title: "Recording", target: .uri("https://x")),
            TOCEntry(title: "Allemande", target: .page(2)), TOCEntry(title: "Courante", target: .page(5)),
        ]
        let bookmarks = BookmarkRule.bookmarks(from: toc, pageCount: 8)
        let rows = LibraryCSV.rows(
            filename: "Suite.pdf", metadata: ScoreMetadata(title: "Suite No. 1", composers: ["Bach"], rating: 5),
            bookmarks: bookmarks)
        #expect(rows.map(\.isBookmark) == [false, true, true, true])
        #expect(
            LibraryCSV.encode(rows: rows, header: nil) == """
                Suite.pdf,Suite No. 1,,,Bach,,,,,5,0,,,,\r
                Suite.pdf,Prelude,1,2,,,,,,0,0,,,,\r
                Suite.pdf,Allemande,3,5,,,,,,0,0,,,,\r
                Suite.pdf,Courante,6,8,,,,,,0,0,,,,\r

                """)
        #expect(rows.dropFirst().compactMap(\.bookmark) == bookmarks)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a, b", "\"a, b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""), ("cr\rhere", "\"cr\rhere\""), ("crlf\r\n", "\"crlf\r\n\""),
        ("\"", "\"\"\"\""), ("", ""), ("tab\tstays bare", "tab\tstays bare"), ("\u{FEFF}bom", "\"\u{FEFF}bom\""),
        (" padded ", " padded "),
    ])
    func cellsAreQuotedOnlyWhenNeeded(cell: String, written: String) {
        let row = LibraryCSVRow(filename: "f.pdf", title: cell)
        #expect(LibraryCSV.encode(rows: [row], header: nil) == "f.pdf,\(written),,,,,,,,,,,,,\r\n")
    }

    @Test func tsvQuotesTabsButNotCommas() {
        let row = LibraryCSVRow(filename: "f.pdf", title: "a\tb", composers: "x, y", rating: "0", difficulty: "0")
        #expect(
            LibraryCSV.encode(rows: [row], header: nil, separator: .tab)
                == "f.pdf\t\"a\tb\"\t\t\tx, y\t\t\t\t\t0\t0\t\t\t\t\r\n")
    }

    @Test func englishHeaderComesFirst() {
        #expect(
            LibraryCSV.encode(rows: []) == "Filename,Title,Start Page,End Page,Composers,Genres,Tags,Labels,Reference,"
                + "Rating,Difficulty,Minutes,Seconds,keysf,keymi\r\n")
        #expect(LibraryCSV.englishHeader.count == 15)
    }

    @Test func cellsRoundTripThroughTheInitializer() {
        let cells = (1...15).map { "c\($0)" }
        #expect(LibraryCSVRow(cells: cells)?.cells == cells)
        #expect(LibraryCSVRow(cells: Array(cells.dropLast())) == nil)
        #expect(LibraryCSVRow(cells: cells + ["x"]) == nil)
    }
}
