import Foundation
import MetadataModel
import Testing

@testable import RuleHost

/// The rules and data files in the package's `rules/` folder.
struct ShippedRulesTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("rules")

    /// The documented era boundaries (data/README.md): the era of the year a composer turned 35.
    static let eraWindows: [String: Range<Int>] = [
        "Medieval": 0..<1400, "Renaissance": 1400..<1600, "Baroque": 1600..<1750, "Classical": 1750..<1820,
        "Romantic": 1820..<1900, "Modern": 1900..<1975, "Contemporary": 1975..<3000,
    ]

    private func table(_ name: String) throws -> DataTable {
        try DataFileLoader.load(contentsOf: Self.folder.appendingPathComponent("data/\(name)"))
    }

    /// Eras by the dates, but for composers whose era a source sets (Open Opus, the curated
    /// table): those may sit one era off, as composers who bridge two are placed by their works.
    @Test func composerTableIsLargeAndConsistent() throws {
        let composers = try table("composers.tsv")
        #expect(composers.columns == ["name", "era", "born", "died", "source"])
        #expect(composers.count >= 1_500)
        let sources: Set = ["curated", "Open Opus", "IMSLP", "Wikipedia", "Mutopia"]
        let order = ["Medieval", "Renaissance", "Baroque", "Classical", "Romantic", "Modern", "Contemporary"]
        let rows = composers.rows
        for key in composers.keys {
            let row = try #require(rows[key])
            let name = try #require(row["name"])
            #expect(!name.contains(","), "\(name): forScore would split a name with a comma")
            let era = try #require(row["era"])
            let index = try #require(order.firstIndex(of: era), "\(name): unknown era '\(era)'")
            #expect(sources.contains(row["source"] ?? ""), "\(name): source '\(row["source"] ?? "")' not documented")
            if let born = row["born"].flatMap({ Int($0) }) {
                let byDates = try #require(order.firstIndex { Self.eraWindows[$0]!.contains(born + 35) })
                #expect(abs(byDates - index) <= 1, "\(name), born \(born): not plausibly \(era)")
                if let died = row["died"].flatMap({ Int($0) }) {
                    #expect(born < died && died - born < 110, "\(name): \(born)–\(died)")
                }
            }
        }
        for era in order {
            #expect(rows.values.filter { $0["era"] == era }.count >= 30, "few composers of the \(era) era")
        }
    }

    @Test(arguments: ["composer-spellings.tsv", "composer-spellings-cyrillic.tsv"])
    func everySpellingNamesAComposerOfTheTable(file: String) throws {
        let composers = try table("composers.tsv")
        let spellings = try table(file)
        #expect(spellings.columns == ["spelling", "name"])
        #expect(spellings.count >= (file.contains("cyrillic") ? 300 : 5_000))
        let (rows, names) = (spellings.rows, composers.rows)
        for key in spellings.keys {
            let row = try #require(rows[key])
            let name = try #require(row["name"])
            #expect(composers[name]?["name"] == name, "\(row["spelling"] ?? "") → \(name): not in composers.tsv")
            // A spelling must not shadow another composer's full name.
            #expect(names[key] == nil, "\(row["spelling"] ?? "") is itself a full name")
        }
    }

    /// The composers the issue found missing, and short forms people write.
    @Test(arguments: [
        ("Louise Farrenc", "Romantic"), ("Josef Rheinberger", "Romantic"), ("Niels Gade", "Romantic"),
        ("Louis Vierne", "Modern"), ("Charles Tournemire", "Modern"), ("Reynaldo Hahn", "Modern"),
        ("Henri Duparc", "Romantic"), ("Nikolai Medtner", "Modern"), ("Sergei Taneyev", "Romantic"),
        ("Stanisław Moniuszko", "Romantic"), ("Carcassi", "Romantic"), ("D. Aguado", "Classical"),
        ("J. K. Mertz", "Romantic"), ("Philippe de Monte", "Renaissance"), ("Banchieri", "Baroque"),
        ("Maria Szymanowska", "Romantic"), ("Artemy Vedel", "Classical"), ("J. S. Bach", "Baroque"),
        ("Tallis", "Renaissance"), ("Byrd", "Renaissance"), ("Franck", "Romantic"), ("Bruch", "Romantic"),
        ("Tschaikowsky", "Romantic"), ("Чайковский", "Romantic"), ("G. F. Händel", "Baroque"),
    ] as [(String, String?)])
    func knowsComposers(spelling: String, era: String?) throws {
        let composers = try table("composers.tsv")
        let spellings = try table("composer-spellings.tsv")
        let cyrillic = try table("composer-spellings-cyrillic.tsv")
        let name = spellings[spelling]?["name"] ?? cyrillic[spelling]?["name"] ?? composers[spelling]?["name"]
        #expect(name.flatMap { composers[$0]?["era"] } == era, "\(spelling)")
    }

    @Test func ruleFilesLoadWithoutDiagnostics() throws {
        let ruleSet = try RuleSet.load(folder: Self.folder)
        #expect(ruleSet.diagnostics.isEmpty, "\(ruleSet.diagnostics)")
        #expect(ruleSet.rules.map(\.name) == [
            "legacy forScore keywords", "junk metadata", "metadata from notation source",
            "title and composer from the first page", "title from filename", "parts and voices",
            "composer names", "genre from composer", "key from title",
        ])
        for rule in ruleSet.rules {
            #expect(rule.examples.count >= 3, "\(rule.name) needs examples")
            #expect(rule.summary?.isEmpty == false, "\(rule.name) needs a description")
        }
    }

    @Test func everyExamplePasses() throws {
        let ruleSet = try RuleSet.load(folder: Self.folder)
        let runner = try RuleRunner(ruleSet: ruleSet)
        for rule in ruleSet.rules {
            for (index, example) in rule.examples.enumerated() {
                let result = runner.run(example.given, document: example.document, only: rule.name)
                let failures = result.diagnostics.filter { $0.severity == .error && $0.ruleCode != .validation }
                #expect(failures.isEmpty, "\(rule.name) example \(index + 1): \(failures)")
                for field in example.fields {
                    #expect(
                        result.after[field] == example.expected[field],
                        "\(rule.name) example \(index + 1): \(field)")
                }
            }
        }
    }

    /// Running the whole set a second time on its own output changes nothing.
    @Test func ruleSetIsIdempotent() throws {
        let ruleSet = try RuleSet.load(folder: Self.folder)
        let runner = try RuleRunner(ruleSet: ruleSet)
        var inputs = ruleSet.rules.flatMap { $0.examples.map(\.given) }
        inputs += try Self.sampleNames().map { ScoreInput(metadata: ScoreMetadata(), file: FileFacts(path: $0)) }
        for input in inputs {
            let first = runner.run(input)
            var again = input
            again.metadata = first.after
            let second = runner.run(again)
            #expect(second.changes.isEmpty, "\(input.file.path): \(second.changes)")
            #expect(second.after == first.after)
        }
    }

    /// The whole set on the demo library's filenames (no metadata yet).
    @Test func tagsTheSampleLibrary() throws {
        let ruleSet = try RuleSet.load(folder: Self.folder)
        let runner = try RuleRunner(ruleSet: ruleSet)
        func run(_ name: String) -> ScoreMetadata {
            runner.run(ScoreInput(metadata: ScoreMetadata(), file: FileFacts(path: "/library/" + name))).after
        }
        #expect(
            run("IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf")
                == ScoreMetadata(
                    title: "Prelude Op.28 No.7 in A major", composers: ["Frédéric Chopin"], genres: ["Romantic"],
                    keysf: 3, keymi: 0))
        #expect(
            run("Chopin Nocturne Op.9 No.2 Es-Dur.pdf")
                == ScoreMetadata(
                    title: "Nocturne Op.9 No.2 Es-Dur", composers: ["Frédéric Chopin"], genres: ["Romantic"],
                    keysf: -3, keymi: 0))
        #expect(
            run("Bach - Minuet in G major BWV Anh 114.pdf")
                == ScoreMetadata(
                    title: "Minuet in G major BWV Anh 114", composers: ["Johann Sebastian Bach"], genres: ["Baroque"],
                    keysf: 1, keymi: 0))
        #expect(
            run("Greensleeves (Traditional) - E minor.pdf")
                == ScoreMetadata(title: "Greensleeves (Traditional) - E minor", keysf: 1, keymi: 1))
        #expect(run("notes.pdf") == ScoreMetadata(title: "notes"))
    }

    /// The PDF names of ../shared/samples/library.
    static func sampleNames() throws -> [String] {
        let library = folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/samples/library")
        return try FileManager.default.contentsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".pdf") }.sorted()
    }
}
