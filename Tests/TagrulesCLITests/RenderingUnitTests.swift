import Foundation
import MetadataModel
import Testing

@testable import TagrulesKit
@testable import tagrules

/// In-process tests of the pieces the reports are made of.
struct RenderingUnitTests {
    @Test(arguments: [
        ("225", 225), ("3:45", 225), ("1:02:03", 3723), ("0", 0), ("4:75", nil), ("-5", nil), ("", nil),
        ("1:2:3:4", nil), ("3:", nil), ("٣", nil), ("99999999999999999999", nil),
    ] as [(String, Int?)])
    func durationsOnTheCommandLine(text: String, seconds: Int?) {
        #expect(FieldText.seconds(text) == seconds)
    }

    @Test(arguments: [(0, "0:00"), (59, "0:59"), (225, "3:45"), (3723, "1:02:03")])
    func durationsInReports(seconds: Int, text: String) {
        #expect(ValueText.duration(seconds) == text)
    }

    /// Every one of the 30 keys sits at keysf mod 12 on its ring; enharmonic pairs share.
    @Test func circleOfFifthsPositions() {
        for keymi in [0, 1] {
            let keys = (0..<12).flatMap { CircleOfFifthsChart.keys(position: $0, keymi: keymi) }
            #expect(Set(keys).count == 15, "all 15 keys of the mode, each once")
        }
        #expect(CircleOfFifthsChart.keys(position: 0, keymi: 0).map(\.name) == ["C major"])
        #expect(CircleOfFifthsChart.keys(position: 9, keymi: 0).map(\.name) == ["E♭ major"])
        #expect(CircleOfFifthsChart.keys(position: 11, keymi: 1).map(\.name) == ["D minor"])
        #expect(CircleOfFifthsChart.keys(position: 6, keymi: 0).map(\.name) == ["F♯ major", "G♭ major"])
        #expect(CircleOfFifthsChart.keys(position: 7, keymi: 0).map(\.name) == ["D♭ major", "C♯ major"])
        #expect(CircleOfFifthsChart.shortName(Key(keysf: -3, keymi: 1)!) == "c")
    }

    @Test func chartCountsEnharmonicKeysTogether() {
        var stats = LibraryStats([])
        stats.keys = [Key(keysf: 6, keymi: 0)!: 2, Key(keysf: -6, keymi: 0)!: 1, Key(keysf: -3, keymi: 0)!: 4]
        let svg = CircleOfFifthsChart(stats: stats).svg()
        #expect(svg.contains("<title>F♯ major: 2, G♭ major: 1</title>"))
        #expect(svg.contains(">3</text>"), "the shared position shows their sum")
        #expect(svg.contains("7 with a key"))
    }

    @Test func keyChangesMergeIntoOneLine() {
        let before = ScoreMetadata(title: "Nocturne")
        let after = ScoreMetadata(title: "Nocturne", keysf: -3, keymi: 0)
        let changes = before.changes(to: after).map { ReportChange(change: $0, rules: ["key from title"]) }
        let lines = DiffLine.lines(changes, before: before, after: after)
        #expect(lines == [DiffLine(label: "key", before: "—", after: "E♭ major", rules: ["key from title"])])
    }

    /// Labels are never written to a PDF, so a diff shows no line for them (`plan`, `apply`,
    /// `import csv`, `watch` and the Markdown and HTML reports alike).
    @Test func labelsGetNoDiffLine() {
        let before = ScoreMetadata(title: "Nocturne")
        let after = ScoreMetadata(title: "Nocturne in E-flat", labels: ["Recital"])
        let changes = before.changes(to: after).map { ReportChange(change: $0, rules: ["csv line 4"]) }
        #expect(changes.map(\.change.field) == [.title, .labels])
        let lines = DiffLine.lines(changes, before: before, after: after)
        #expect(lines == [DiffLine(label: "title", before: "\"Nocturne\"", after: "\"Nocturne in E-flat\"", rules: ["csv line 4"])])
    }

    @Test func metadataJSONWritesEveryKey() throws {
        let data = Data(ScoreMetadata(title: "x", rating: 3).json.text.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(MetadataField.allCases.map(\.rawValue)))
        #expect(object["keysf"] is NSNull)
        #expect(object["composers"] as? [String] == [])
        #expect(object["rating"] as? Int == 3)
    }

    @Test func jsonStringsRoundTrip() throws {
        let hostile = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} é 🎻 \u{2028} </script>"
        let text = JSONValue.object(["s": .string(hostile), "n": .null, "a": .array([]), "o": .object([])]).text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["s"] as? String == hostile)
        #expect(object["n"] is NSNull)
        #expect((object["a"] as? [Any])?.isEmpty == true)
        #expect(text.contains("\\u0000"))
    }

    /// Strings far longer than the sink's first allocation, escaped to six times their size.
    @Test func longAndEscapeHeavyStringsReadBack() throws {
        let controls = String(repeating: "\u{1}\u{1F}\"\\", count: 3_000)
        let long = String(repeating: "Frédéric Chopin 🎻 ", count: 2_000)
        let document = JSONValue.array([.string(controls), .string(long), .strings(Array(repeating: "x", count: 5_000))])
        for text in [document.text, document.line] {
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
            #expect(parsed[0] as? String == controls)
            #expect(parsed[1] as? String == long)
            #expect((parsed[2] as? [String])?.count == 5_000)
        }
    }

    @Test func jsonNumbersAreTheirDecimalDigits() {
        let numbers = [0, 7, -3, 10, -10, 225, 1_234_567_890, Int.max, Int.min]
        let text = JSONValue.array(numbers.map(JSONValue.int)).line
        #expect(text == "[" + numbers.map(String.init).joined(separator: ",") + "]\n")
    }

    @Test func htmlEscaping() {
        #expect(HTML.escape("<a href=\"x\">Tom & Jerry's</a>") == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }
}

/// A file name with a line break or an escape character stays on one line of the text report
/// (and cannot send terminal escape sequences).
struct TextReportPathTests {
    @Test func controlCharactersInPathsAreEscaped() {
        let report = ChangeReport(command: "plan", files: [
            FileChange(path: "lib/two\nlines\u{1B}[31m.pdf", status: .unchanged, error: nil, before: nil, after: nil),
        ])
        let text = TextRenderer(style: .plain, verbose: true).render(report)
        #expect(text.contains("lib/two\\nlines\\x1B[31m.pdf"))
        #expect(!text.contains("\u{1B}"))
    }
}
