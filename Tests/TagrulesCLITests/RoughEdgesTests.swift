import Foundation
import Testing
@testable import RuleHost
@testable import TagrulesKit

/// Issue 28, "The rough edges", each from the built binary.
struct RoughEdgesTests {
    /// A key forScore does not have is refused, naming the enharmonic it does have, not
    /// written as that enharmonic; the spellings of forScore's keys still work.
    @Test(arguments: [
        ("Fb major", "E major"), ("fes-dur", "E major"), ("B# minor", "C minor"), ("Db minor", "C♯ minor"),
        ("Dis-Dur", "E♭ major"), ("G# major", "A♭ major"),
    ])
    func keysForScoreDoesNotHaveAreRefused(_ key: String, _ enharmonic: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let before = try Fixtures.snapshot(library)
        let result = try CLI.run(["set", "library", "--key", key], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--key: '\(key)' is not one of forScore's 30 keys; it sounds as \(enharmonic), which is: give \"\(enharmonic)\""), "\(result.stderr)")
        #expect(try Fixtures.snapshot(library) == before)
    }

    @Test(arguments: [
        ("E major", 4, 0), ("Es-Dur", -3, 0), ("H-Dur", 5, 0), ("ré mineur", -1, 1), ("Sib majeur", -2, 0),
        ("Cb major", -7, 0), ("fis-moll", 3, 1), ("A-flat minor", -7, 1),
    ])
    func keysForScoreHasAreWritten(_ key: String, _ keysf: Int, _ keymi: Int) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let result = try CLI.run(["set", "library", "--key", key], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let keywords = try PDFInfoOracle.fields(of: library.appendingPathComponent(Fixtures.Demo.bach))?["Keywords"]
        #expect(keywords?.contains("keysf:\(keysf), keymi:\(keymi)") == true, "\(keywords ?? "")")
    }

    /// `-o x.plist` writes a property list, as `-o x.html` and `-o x.tsv` choose by the
    /// extension; Python's plistlib reads it.
    @Test func annotationsToAPlistFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.chopin])
        for (name, arguments) in [("x.plist", [String]()), ("x.PLIST", []), ("y.json", ["--format", "plist"])] {
            let result = try CLI.run(["export", "annotations", "library", "-o", name] + arguments, in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            guard let python = CLI.which("python3") else { throw PDFInfoOracle.OracleMissing(name: "python3") }
            let read = try CLI.execute(python, [
                "-c", "import plistlib, sys; p = plistlib.load(open(sys.argv[1], 'rb')); print(len(p), p[0]['annotation']['title'])",
                scratch.url.appendingPathComponent(name).path,
            ])
            #expect(read.status == 0, "\(name): \(read.stderr)")
            #expect(read.stdout == "2 Minuet in G\n", "\(name)")
        }
        let json = try CLI.run(["export", "annotations", "library", "-o", "z.json"], in: scratch.url)
        #expect(json.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: try Data(contentsOf: scratch.url.appendingPathComponent("z.json")))
        #expect((parsed as? [Any])?.count == 2)
    }

    /// `inspect --format json` names an unreadable file's failure among its diagnostics, as
    /// `plan` does: the same severity, code and message.
    @Test func inspectGivesPlansDiagnosticsForUnreadableFiles() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.notPDF, Fixtures.Demo.bach])
        try Data().write(to: scratch.url.appendingPathComponent("library/empty.pdf"))
        let inspect = try CLI.run(["inspect", "library", "--format", "json"], in: scratch.url)
        let plan = try CLI.run(["plan", "library", "--rules", "builtin", "--format", "json"], in: scratch.url)
        let inspected = try ReportJSON.decode(ReportJSON.Inspect.self, inspect.stdoutData)
        let planned = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData)
        let unreadable = planned.files.filter { $0.status == "error" }
        #expect(unreadable.count == 2, "notes.pdf and empty.pdf")
        for file in unreadable {
            let same = try #require(inspected.files.first { $0.path == file.path })
            #expect(same.diagnostics.map(\.code) == file.diagnostics.map(\.code), "\(file.path)")
            #expect(same.diagnostics.map(\.message) == file.diagnostics.map(\.message))
            #expect(same.diagnostics.last?.severity == "error")
        }
    }
}

/// `setlist --sort composer` sorts by surname, from the shipped composer table.
struct ComposerSortTests {
    /// What each spelling sorts under with the shipped table: the table's full name first,
    /// then its surname (several words where the table says so, particles left out).
    @Test(arguments: [
        ("William Byrd", "Byrd"), ("Mozart", "Mozart"), ("W. A. Mozart", "Mozart"), ("J.S. Bach", "Bach"),
        ("Ralph Vaughan Williams", "Vaughan Williams"), ("Guillaume Du Fay", "Du Fay"), ("Dufay", "Du Fay"),
        ("Manuel de Falla", "Falla"), ("Ludwig van Beethoven", "Beethoven"), ("Nobody Inparticular", "Inparticular"),
        ("Johann Strauss II", "Strauss"), ("Carl Philipp Emanuel Bach", "Bach"),
    ])
    func surnames(_ name: String, _ surname: String) throws {
        let rules = Fixtures.rules.appendingPathComponent("data")
        let names = ComposerNames(
            spellings: try DataFileLoader.load(contentsOf: rules.appendingPathComponent("composer-spellings.tsv")),
            names: try DataFileLoader.load(contentsOf: rules.appendingPathComponent("composers.tsv")))
        #expect(names.surname(of: name) == surname)
    }

    @Test func setlistSortsComposersBySurname() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let composers = [
            "Ralph Vaughan Williams", "Wolfgang Amadeus Mozart", "Manuel de Falla", "William Byrd", "Guillaume Du Fay",
            "J.S. Bach",
        ]
        for (index, composer) in composers.enumerated() {
            let name = "score \(index).pdf"
            try FileManager.default.copyItem(
                at: library.appendingPathComponent(Fixtures.Demo.bach), to: library.appendingPathComponent(name))
            let set = try CLI.run(["set", "library/\(name)", "--composer", composer, "--title", composer], in: scratch.url)
            #expect(set.status == 0, "\(set.stderr)")
        }
        try FileManager.default.removeItem(at: library.appendingPathComponent(Fixtures.Demo.bach))
        let result = try CLI.run(["setlist", "--title", "By composer", "library", "--sort", "composer"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let titles = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "title=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }.dropFirst()  // the setlist's own title
        #expect(Array(titles) == [
            "J.S. Bach", "William Byrd", "Guillaume Du Fay", "Manuel de Falla", "Wolfgang Amadeus Mozart", "Ralph Vaughan Williams",
        ])
    }
}

/// Rule authors' messages, as `plan` prints them.
struct RuleAuthorMessageTests {
    @Test func messagesNameWhatWentWrong() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        _ = try scratch.writeRules([
            "10-a.lua": """
                return {
                  { name = "stem", apply = function(score) score.file.stem = "x" end },
                  { name = "io", apply = function(score) local f = io.open("/etc/passwd") end },
                  { name = "walk", apply = function(score)
                      for key, row in pairs(tagrules.data("data/eras.csv")) do score.tags:add(key .. "=" .. row.era) end
                    end },
                  { name = "rolled back", apply = function(score) score.title = "half done"; error("stop") end },
                }
                """,
            "20-dup.lua": """
                local eras = tagrules.data("data/dup.csv")
                return { name = "dup", apply = function(score) end }
                """,
            "data/eras.csv": "name,era\nBach,Baroque\nChopin,Romantic\n",
            "data/dup.csv": "name,era\nBach,Baroque\nBACH,Again\n",
        ])
        let result = try CLI.run(["plan", "library", "--rules", "rules", "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        let lines = result.stderr
        #expect(lines.contains("rule 'stem', 10-a.lua:2: score.file.stem is read-only [runtime]"), "\(lines)")
        #expect(lines.contains("rule 'io', 10-a.lua:3: the sandbox has no io library: rules cannot open files; read data files of the rules folder with tagrules.data"))
        #expect(lines.contains("rules/20-dup.lua:1: error: data/dup.csv, line 3: duplicate key 'BACH' (same as line 2 after normalizing); keep one row [data-file]"))
        let file = try #require(try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData).files.first)
        #expect(file.after?.tags.contains("bach=Baroque") == true && file.after?.tags.contains("chopin=Romantic") == true, "pairs() walks a data table")
        #expect(file.after?.title == "Minuet in G", "the failing rule's change is rolled back")
        #expect(file.diagnostics.contains { $0.code == "runtime" && $0.message.contains("rule 'rolled back'") })
    }
}
