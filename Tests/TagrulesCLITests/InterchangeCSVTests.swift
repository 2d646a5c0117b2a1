import Foundation
import Testing

/// `export csv` and `import csv` on copies of the demo library, run through the built binary;
/// files on disk are checked with pdfinfo.
struct InterchangeCSVTests {
    private func byName(_ report: ReportJSON.Changes) -> [String: ReportJSON.File] {
        Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
    }

    @Test func exportOfTheDemoLibraryMatchesTheGoldenFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let result = try CLI.run(["export", "csv", "library"], in: scratch.url)
        #expect(result.status == 1, "notes.pdf is not a PDF: reported, left out, exit 1")
        #expect(result.stderr.contains("notes.pdf: error:"))
        try InterchangeGolden.check(result.stdout, against: "examples-library.csv")

        let written = try CLI.run(["export", "csv", "library", "--output", "out.tsv"], in: scratch.url)
        #expect(written.stdout.isEmpty)
        let tsv = try String(contentsOf: scratch.url.appendingPathComponent("out.tsv"), encoding: .utf8)
        #expect(tsv.hasPrefix("Filename\tTitle\tStart Page\t"), "an --output name ending in .tsv chooses TSV")
        #expect(tsv.replacingOccurrences(of: "\t", with: ",") == result.stdout.replacingOccurrences(of: "\"", with: ""))
    }

    @Test func exportWithRulesWritesTheValuesPlanWouldWrite() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        let result = try CLI.run(["export", "csv", "library", "--rules", Fixtures.rules.path], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let row = try #require(result.stdout.split(separator: "\r\n").dropFirst().first)
        #expect(row.hasPrefix(Fixtures.Demo.chopin + ","))
        #expect(row.hasSuffix(",-3,0"), "the shipped rules read Es-Dur as E-flat major")
    }

    /// forScore's header in Danish with renamed columns: read by position.
    private static let danish = [
        "\u{FEFF}Arkivnavn,Titel,Startside (bogmærke),Slutside (bogmærke),Komponister,Genrer,Mærker,Besætning,Reference,"
            + "Vurdering,Sværhedsgrad,Minutter,Sekunder,Fortegn,Toneart",
        Fixtures.Demo.bach + #","Menuet i G-dur, ""Anh. 114""",,,"Bach, Petzold",Barok,"klaver, begynder",Solo,BWV Anh. 114,3,1,1,30,1,0"#,
        Fixtures.Demo.bach + ",Menuet,1,1,,,,,,0,0,,,,",
        "Suite.pdf,Suite nr. 1,,,,,,,,0,0,,,,",
    ].map { $0 + "\r\n" }.joined()

    @Test func danishHeadersImportByPositionDryRunThenApply() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary()
        try Self.danish.write(to: scratch.url.appendingPathComponent("dansk.csv"), atomically: true, encoding: .utf8)
        let original = try Fixtures.snapshot(library)

        let plan = try CLI.run(["import", "csv", "dansk.csv", "--library", "library", "--format", "json"], in: scratch.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(try Fixtures.snapshot(library) == original, "a dry run writes nothing")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData)
        #expect(report.files.count == 1)
        let bach = try #require(byName(report)[Fixtures.Demo.bach])
        #expect(bach.status == "changed")
        #expect(bach.after?.title == "Menuet i G-dur, \"Anh. 114\"")
        #expect(bach.after?.composers == ["Bach", "Petzold"])
        #expect(bach.after?.genres == ["Barok"])
        #expect(bach.after?.tags == ["klaver", "begynder"])
        #expect(bach.after?.labels == ["Solo"])
        #expect(bach.after?.rating == 3 && bach.after?.difficulty == 1 && bach.after?.duration == 90)
        #expect(bach.after?.keysf == 1 && bach.after?.keymi == 0)
        #expect(bach.changes.allSatisfy { $0.rules == ["csv line 2"] })
        let rows = try JSONDecoder().decode(ImportRowsJSON.self, from: plan.stdoutData).rows
        #expect(rows.map(\.kind) == ["bookmark", "unmatched"])
        #expect(rows.map(\.line) == [3, 4])
        #expect(rows.first?.path == "library/" + Fixtures.Demo.bach)
        #expect(plan.stderr.contains("dansk.csv:4: warning: no PDF named 'Suite.pdf'"))

        let apply = try CLI.run(["import", "csv", "dansk.csv", "--library", "library", "--apply", "--format", "json"], in: scratch.url)
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(byName(try ReportJSON.decode(ReportJSON.Changes.self, apply.stdoutData))[Fixtures.Demo.bach]?.status == "written")
        let info = try #require(try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach)))
        #expect(info["Title"] == "Menuet i G-dur, \"Anh. 114\"")
        #expect(info["Author"] == "Bach, Petzold")
        #expect(info["Subject"] == "Barok")
        #expect(info["Keywords"] == "klaver, begynder, rating:3, difficulty:1, duration:90, keysf:1, keymi:0")

        // The quoted title round-trips through export: comma and quotes quoted, quotes doubled.
        let export = try CLI.run(["export", "csv", "library/" + Fixtures.Demo.bach], in: scratch.url)
        #expect(export.stdout.contains("\(Fixtures.Demo.bach),\"Menuet i G-dur, \"\"Anh. 114\"\"\",,,\"Bach, Petzold\",Barok,"))
    }

    /// The Danish file as a spreadsheet in a Danish locale saves it: `;` between cells, so the
    /// commas inside lists need no quotes, and the title with a `;` does.
    private static let danishSemicolons = [
        "\u{FEFF}Arkivnavn;Titel;Startside (bogmærke);Slutside (bogmærke);Komponister;Genrer;Mærker;Besætning;Reference;"
            + "Vurdering;Sværhedsgrad;Minutter;Sekunder;Fortegn;Toneart",
        Fixtures.Demo.bach + #";"Menuet i G-dur; ""Anh. 114""";;;Bach, Petzold;Barok;klaver, begynder;Solo;BWV Anh. 114;3;1;1;30;1;0"#,
    ].map { $0 + "\r\n" }.joined()

    @Test func aSemicolonSeparatedCSVIsReadAsSuch() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        try Self.danishSemicolons.write(to: scratch.url.appendingPathComponent("dansk.csv"), atomically: true, encoding: .utf8)
        let plan = try CLI.run(["import", "csv", "dansk.csv", "--library", "library", "--format", "json"], in: scratch.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        let bach = try #require(byName(try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData))[Fixtures.Demo.bach])
        #expect(bach.after?.title == "Menuet i G-dur; \"Anh. 114\"")
        #expect(bach.after?.composers == ["Bach", "Petzold"])
        #expect(bach.after?.tags == ["klaver", "begynder"])
        #expect(bach.after?.keysf == 1 && bach.after?.keymi == 0)

        // A row one cell short, with a quoted title: the message counts the cells and names the separator.
        try "a.pdf;\"Menuet; G\";;;;;;;0;0;;;;\r\n".write(to: scratch.url.appendingPathComponent("short.csv"), atomically: true, encoding: .utf8)
        let short = try CLI.run(["import", "csv", "short.csv", "--library", "library"], in: scratch.url)
        #expect(short.status == 1)
        #expect(short.stderr.contains("short.csv: line 1: 14 columns (read as semicolon-separated), expected 15"), "\(short.stderr)")
    }

    @Test func exportThenImportChangesNothing() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary()
        let export = try CLI.run(["export", "csv", "library", "--output", "library.csv"], in: scratch.url)
        #expect(export.status == 1, "notes.pdf")
        let original = try Fixtures.snapshot(library)
        let result = try CLI.run(["import", "csv", "library.csv", "--library", "library", "--apply", "--format", "json"], in: scratch.url)
        #expect(try Fixtures.snapshot(library) == original, "no byte changed")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.files.count == 8, "every readable file has its row")
        #expect(report.files.allSatisfy { $0.status == "unchanged" && $0.changes.isEmpty })
        #expect(try JSONDecoder().decode(ImportRowsJSON.self, from: result.stdoutData).rows.isEmpty)
    }

    /// Labels live in forScore's library only: a row whose only difference is its Labels cell
    /// leaves the PDF unchanged, and the report says why (the `labels-not-stored` note `plan`
    /// gives) instead of showing a change under an unchanged file.
    @Test func aRowChangingOnlyLabelsLeavesThePDFUnchangedWithANote() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let export = try CLI.run(["export", "csv", "library"], in: scratch.url)
        let csv = export.stdout.replacingOccurrences(of: "\"piano, beginner\",,", with: "\"piano, beginner\",Solo,")
        try #require(csv != export.stdout, "the Labels cell follows the Tags cell")
        try csv.write(to: scratch.url.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        let original = try Fixtures.snapshot(library)

        let text = try CLI.run(["import", "csv", "labels.csv", "--library", "library", "--apply"], in: scratch.url)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "1 file: 1 unchanged — nothing to do\n")
        #expect(try Fixtures.snapshot(library) == original)

        let verbose = try CLI.run(["import", "csv", "labels.csv", "--library", "library", "-v"], in: scratch.url)
        #expect(verbose.stdout.hasPrefix("library/\(Fixtures.Demo.bach)  unchanged\n  note: "), "no diff line")
        #expect(verbose.stdout.contains(
            "  note: labels: PDF metadata cannot hold labels; forScore keeps them in its library only\n"))
        #expect(!verbose.stdout.contains("→"))

        let json = try CLI.run(["import", "csv", "labels.csv", "--library", "library", "--format", "json"], in: scratch.url)
        let file = try #require(try ReportJSON.decode(ReportJSON.Changes.self, json.stdoutData).files.first)
        #expect(file.status == "unchanged")
        #expect(file.after?.labels == ["Solo"])
        #expect(file.diagnostics.map(\.code).contains("labels-not-stored"))
    }

    @Test(arguments: [
        ("Filename,Title\r\nx.pdf,y\r\n", "line 1: 2 columns, expected 15", "column-count"),
        ("x.pdf,T,,,,,,,,Jazz,0,,,,\r\n", "line 1, column 10: Rating cell 'Jazz' is not a whole number", "not-a-number"),
        ("Filename,Title,Start Page,End Page,Composers,Genres,Tags,Labels,Reference,Rating,Difficulty,Minutes,Seconds,keysf,keymi\r\nx.pdf,\"open,,,,,,,,0,0,,,,\r\n",
         "line 2, column 2: a quoted cell starting here never ends", "bad-quoting"),
        ("Title,Filename,Start Page,End Page,Composers,Genres,Tags,Labels,Reference,Rating,Difficulty,Minutes,Seconds,keysf,keymi\r\n",
         "line 1, column 1: header 'Title' names column 2", "column-order"),
    ])
    func malformedCSVIsRefusedNamingLineAndColumn(text: String, message: String, code: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        try text.write(to: scratch.url.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        let original = try Fixtures.snapshot(library)
        let result = try CLI.run(["import", "csv", "bad.csv", "--library", "library", "--apply"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.csv: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("[\(code)]"))
        #expect(result.stdout.isEmpty)
        #expect(try Fixtures.snapshot(library) == original)
    }
}
