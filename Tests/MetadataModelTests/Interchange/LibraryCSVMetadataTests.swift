import MetadataModel
import Testing

/// Reading a CSV row as forScore does, and applying it to a PDF's metadata.
struct LibraryCSVMetadataTests {
    func row(_ configure: (inout LibraryCSVRow) -> Void) -> LibraryCSVRow {
        var row = LibraryCSVRow(filename: "Score.pdf", rating: "0", difficulty: "0")
        configure(&row)
        return row
    }

    struct NumberCase: Sendable, CustomTestStringConvertible {
        var column: LibraryCSV.Column
        var cell: String
        var field: MetadataField
        var value: Int?
        var codes: [Diagnostic.Code]
        var testDescription: String { "\(column.englishName) '\(cell)'" }
    }

    @Test(arguments: [
        NumberCase(column: .rating, cell: "3", field: .rating, value: 3, codes: []),
        NumberCase(column: .rating, cell: " 9", field: .rating, value: 5, codes: [.clamped]),
        NumberCase(column: .rating, cell: "", field: .rating, value: nil, codes: []),
        NumberCase(column: .difficulty, cell: "2.5", field: .difficulty, value: 2, codes: [.trailingText]),
        NumberCase(column: .difficulty, cell: "-1", field: .difficulty, value: 0, codes: [.clamped]),
        NumberCase(column: .keysf, cell: "+12", field: .keysf, value: 7, codes: [.clamped, .keysfWithoutKeymi]),
        NumberCase(column: .keymi, cell: "1", field: .keymi, value: 1, codes: [.keymiWithoutKeysf]),
        NumberCase(column: .minutes, cell: "2", field: .duration, value: 120, codes: []),
        NumberCase(column: .seconds, cell: "75", field: .duration, value: 75, codes: []),
        NumberCase(column: .seconds, cell: "-30", field: .duration, value: 0, codes: [.clamped]),
        NumberCase(
            column: .minutes, cell: "99999999999999999999", field: .duration, value: Int.max, codes: []),
    ])
    func numbersUseIntegerValueAndClamp(_ test: NumberCase) {
        let (metadata, diagnostics) = row { $0[test.column] = test.cell }.metadata
        #expect(metadata[test.field] == .number(test.value))
        #expect(diagnostics.map(\.code) == test.codes)
    }

    /// A half key is quoted as the cell the CSV holds (not as a keyword it does not contain),
    /// and the fix names the cell to fill in.
    @Test func halfKeyMessagesQuoteTheCell() {
        #expect(row { $0.keysf = "+12" }.metadata.diagnostics.map(\.message) == [
            "'+12' is read as 12, above 7; forScore shows 7",
            "keysf cell '+12' has no keymi; forScore cannot name the key (fill in the keymi cell: 0 major, 1 minor)",
        ])
        #expect(row { $0.keymi = "1" }.metadata.diagnostics.map(\.message) == [
            "keymi cell '1' has no keysf; forScore cannot name the key (fill in the keysf cell: -7…7)"
        ])
    }

    @Test func durationAddsMinutesAndSeconds() {
        #expect(row { $0.minutes = "1"; $0.seconds = "12" }.metadata.metadata.duration == 72)
        #expect(row { $0.minutes = "0"; $0.seconds = "0" }.metadata.metadata.duration == 0)
        #expect(row { $0.minutes = "153722867280912930"; $0.seconds = "8" }.metadata.metadata.duration == Int.max)
        let (_, diagnostics) = row { $0.minutes = "-2" }.metadata
        #expect(diagnostics.map(\.message) == ["'minutes -2' is read as -2, below 0; forScore shows 0"])
    }

    @Test func listsAreSplitLikeEveryOtherForScoreList() {
        let (metadata, diagnostics) = row {
            $0.composers = " Bach ,, Händel "
            $0.tags = "rating:5, folk; guitar"
            $0.labels = "\n"
        }.metadata
        #expect(metadata.composers == ["Bach", "Händel"])
        #expect(metadata.tags == ["rating:5", "folk; guitar"])
        #expect(metadata.rating == 0)
        #expect(metadata.labels.isEmpty)
        #expect(diagnostics.map(\.code) == [.emptyPiece, .semicolonSeparated])
        #expect(metadata.composers == ForScoreCodec.splitList(" Bach ,, Händel "))
    }

    @Test func titleIsUsedAsIs() {
        #expect(row { $0.title = "  Spaced  " }.metadata.metadata.title == "  Spaced  ")
        #expect(row { $0.title = "" }.metadata.metadata.title == nil)
        #expect(row { $0.title = "Two\nlines" }.metadata.diagnostics.map(\.code) == [.newlineInTitle])
    }

    @Test func replacingKeepsUnsetRatingAndDefaultTitle() {
        let exported = row { $0.title = "Score" }
        #expect(exported.metadata(replacing: ScoreMetadata()).metadata == ScoreMetadata())
        let set = ScoreMetadata(title: "Real", rating: 3, difficulty: 0)
        #expect(exported.metadata(replacing: set).metadata == ScoreMetadata(title: "Score", rating: 0, difficulty: 0))
        #expect(row { $0.title = "" }.metadata(replacing: set).metadata.title == "Real")
        #expect(row { $0.rating = "4" }.metadata(replacing: ScoreMetadata()).metadata.rating == 4)
        #expect(
            row { $0.title = "Other" }.metadata(replacing: ScoreMetadata(), filename: "Other.pdf").metadata.title == nil)
    }

    @Test func replacingClearsWhatTheRowLeavesBlank() {
        let existing = ScoreMetadata(
            title: "T", composers: ["A"], tags: ["x"], labels: ["L"], duration: 60, keysf: 1, keymi: 0)
        #expect(row { $0.title = "T" }.metadata(replacing: existing).metadata == ScoreMetadata(title: "T"))
    }

    @Test(arguments: [("", "", nil), ("1", "", nil), ("3", "2", nil), ("0", "1", nil), ("x", "2", nil), ("2", "4", Bookmark(title: "B", firstPage: 2, lastPage: 4))])
    func bookmarkNeedsAValidPageRange(start: String, end: String, expected: Bookmark?) {
        let row = LibraryCSVRow(filename: "f.pdf", title: "B", startPage: start, endPage: end)
        #expect(row.isBookmark == !(start.isEmpty && end.isEmpty))
        #expect(row.bookmark == expected)
    }
}
