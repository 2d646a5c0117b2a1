import Foundation
import MetadataModel
import Testing

@testable import RuleHost

/// The rules and data files in the package's `rules/` folder.
struct ShippedRulesTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("rules")

    static let eraWindows: [String: ClosedRange<Int>] = [
        // The documented eras (data/eras.csv header), widened by 20 years for composers who bridge two.
        "Medieval": 1000...1420, "Renaissance": 1380...1620, "Baroque": 1580...1770,
        "Classical": 1730...1840, "Romantic": 1800...1930, "Modern": 1880...1995, "Contemporary": 1955...2100,
    ]

    private func table(_ name: String) throws -> DataTable {
        try DataFileLoader.load(contentsOf: Self.folder.appendingPathComponent("data/\(name)"))
    }

    @Test func erasCoverWellKnownComposersConsistently() throws {
        let eras = try table("eras.csv")
        #expect(eras.columns == ["name", "era", "born", "died"])
        #expect(eras.count >= 150)
        for key in eras.keys {
            let row = try #require(eras.rows[key])
            let name = try #require(row["name"])
            #expect(!name.contains(","), "\(name): forScore would split a name with a comma")
            let era = try #require(row["era"])
            let window = try #require(Self.eraWindows[era], "\(name): unknown era '\(era)'")
            guard let born = row["born"].flatMap({ Int($0) }) else {
                #expect(era == "Medieval", "\(name): only medieval composers may lack a year of birth")
                continue
            }
            // A composer's best-known works come around the age of 35.
            #expect(window.contains(born + 35), "\(name), born \(born): not plausibly \(era)")
            if let died = row["died"].flatMap({ Int($0) }) {
                #expect(born < died && died - born < 100, "\(name): \(born)–\(died)")
            }
        }
        for era in Self.eraWindows.keys {
            #expect(eras.rows.values.contains { $0["era"] == era }, "no composer of the \(era) era")
        }
    }

    @Test func everyAliasNamesAComposerOfTheEraTable() throws {
        let eras = try table("eras.csv")
        let aliases = try table("composers.csv")
        #expect(aliases.columns == ["alias", "name"])
        #expect(aliases.count >= 300)
        for key in aliases.keys {
            let row = try #require(aliases.rows[key])
            let name = try #require(row["name"])
            let alias = try #require(row["alias"])
            #expect(eras[name]?["name"] == name, "\(alias) → \(name): not a full name in eras.csv")
            // An alias must not shadow another composer's full name, nor repeat its own.
            #expect(eras.rows[key] == nil, "\(alias) is itself a full name in eras.csv")
        }
    }

    @Test func briefsShortFormsAreKnown() throws {
        let aliases = try table("composers.csv")
        for alias in ["J.S. Bach", "J. S. Bach", "JS Bach", "Bach", "Bach, J. S."] where !alias.contains(",") {
            #expect(aliases[alias]?["name"] == "Johann Sebastian Bach", "\(alias)")
        }
        for alias in ["Chopin", "F. Chopin"] {
            #expect(aliases[alias]?["name"] == "Frédéric Chopin", "\(alias)")
        }
    }

    @Test func ruleFilesLoadWithoutDiagnostics() throws {
        let ruleSet = try RuleSet.load(folder: Self.folder)
        #expect(ruleSet.diagnostics.isEmpty, "\(ruleSet.diagnostics)")
        #expect(ruleSet.rules.map(\.name) == [
            "legacy forScore keywords", "title from filename", "composer names", "genre from composer",
            "key from title",
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
                let result = runner.run(example.given, only: rule.name)
                let failures = result.diagnostics.filter { $0.severity == .error && $0.code != .validation }
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
