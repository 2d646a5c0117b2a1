import Foundation
import MetadataModel
import Testing

/// `setlist` and `setlist check` through the built binary: the 4SS read back with the model's
/// parser and checked against file-types.txt's element and attribute rules.
struct InterchangeSetlistTests {
    /// The readable demo files (not notes.pdf) with the titles forScore shows.
    private static let titles: [String: String] = [
        Fixtures.Demo.bach: "Minuet in G", Fixtures.Demo.beethoven: "Ode to Joy", Fixtures.Demo.chopin: "Nocturne",
        Fixtures.Demo.greensleeves: "Greensleeves", Fixtures.Demo.imslp: "Prelude Op. 28 No. 7",
        Fixtures.Demo.encrypted: "Ode to Joy", Fixtures.Demo.satie: "Gymnopédie No. 1",
        Fixtures.Demo.truncated: "Truncated download - Handel Sarabande",
    ]

    @Test func setlistOfTheDemoLibraryFollowsTheFormat() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let result = try CLI.run(
            ["setlist", "--title", "Spring \"recital\" & more", "library", "--sort", "title", "--placeholder", "Interval"],
            in: scratch.url)
        #expect(result.status == 1, "notes.pdf is reported")
        let (setlist, diagnostics) = try Setlist.parse(xml: result.stdout)
        #expect(diagnostics.isEmpty)
        #expect(setlist.title == "Spring \"recital\" & more")
        var scores: [(path: String, title: String?)] = []
        for entry in setlist.entries.dropLast() {
            guard case .score(let path, let title, let data) = entry else {
                Issue.record("not a score entry: \(entry)")
                continue
            }
            #expect(data == nil)
            scores.append((path, title))
        }
        #expect(setlist.entries.last == .placeholder(title: "Interval"))
        #expect(Set(scores.map(\.path)) == Set(Self.titles.keys), "path is the file name in the library")
        for score in scores { #expect(score.title == Self.titles[score.path]) }
        let sortedTitles = scores.compactMap(\.title)
        #expect(sortedTitles.first == "Greensleeves" && sortedTitles.last == "Truncated download - Handel Sarabande")

        // The layout of file-types.txt: declaration, root with kind, version, title; one
        // element per line, title before path.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>")
        #expect(lines[1] == "<forScore kind=\"setlist\" version=\"1.0\" title=\"Spring &quot;recital&quot; &amp; more\">")
        for line in lines[2..<(lines.count - 2)] {
            #expect(line.hasPrefix("<score title=\"") && line.contains("\" path=\"") && line.hasSuffix("\" />"), "\(line)")
        }
        #expect(lines[lines.count - 2] == "<placeholder title=\"Interval\" />")
        #expect(lines.last == "</forScore>")
    }

    @Test(arguments: [Fixtures.Demo.bach, Fixtures.Demo.satie])
    func embeddedDataDecodesToTheIdenticalPDF(file: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [file])
        let result = try CLI.run(["setlist", "--title", "E", "library", "--embed", "--output", "e.4ss"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let xml = try String(contentsOf: scratch.url.appendingPathComponent("e.4ss"), encoding: .utf8)
        let (setlist, _) = try Setlist.parse(xml: xml)
        guard case .score(let path, _, let data?) = try #require(setlist.entries.first) else {
            Issue.record("no embedded data")
            return
        }
        #expect(path == file)
        #expect(Data(data) == (try Data(contentsOf: library.appendingPathComponent(file))))
    }

    @Test func whereKeepsTheScoresTheLuaExpressionAccepts() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.satie, Fixtures.Demo.chopin, Fixtures.Demo.greensleeves])
        func paths(_ expression: String) throws -> [String] {
            let result = try CLI.run(["setlist", "--title", "W", "library", "--sort", "path", "--where", expression], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            return try Setlist.parse(xml: result.stdout).setlist.entries.compactMap {
                if case .score(let path, _, _) = $0 { path } else { nil }
            }
        }
        #expect(try paths("score.rating ~= nil and score.rating >= 4") == [Fixtures.Demo.bach, Fixtures.Demo.satie])
        #expect(try paths(#"score.tags:has("PIANO")"#) == [Fixtures.Demo.bach])
        #expect(try paths(#"score.file.name:find("Nocturne") ~= nil"#) == [Fixtures.Demo.chopin])
        // A call giving several values counts by its first, as in Lua's `if`.
        #expect(try paths(#"score.file.name:find("Nocturne")"#) == [Fixtures.Demo.chopin])
        #expect(try paths("score.rating ~= nil -- a comment") == [Fixtures.Demo.bach, Fixtures.Demo.satie])

        let failing = try CLI.run(["setlist", "--title", "W", "library", "--where", "score.rating >= 4"], in: scratch.url)
        #expect(failing.status == 1, "comparing an unset rating fails on those scores")
        #expect(failing.stderr.contains("\(Fixtures.Demo.chopin): error: --where:"))
        #expect(try Setlist.parse(xml: failing.stdout).setlist.entries.count == 2)
    }

    /// forScore names a score in a setlist (as in its CSV) by file name only: two scores of the
    /// same name in different folders are both written, and warned about in the same words.
    @Test(arguments: [(["setlist", "--title", "D"], "setlist entries"), (["export", "csv"], "CSV rows")])
    func sameFileNameInTwoFoldersIsWarnedAbout(command: [String], entries: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let other = library.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: library.appendingPathComponent(Fixtures.Demo.bach), to: other.appendingPathComponent(Fixtures.Demo.bach))
        let result = try CLI.run(command + ["library"], in: scratch.url)
        #expect(result.status == 0, "a warning, not a failure: \(result.stderr)")
        #expect(result.stdout.components(separatedBy: Fixtures.Demo.bach).count == 3, "both scores are written")
        let warning = "library/more/\(Fixtures.Demo.bach): warning: file name '\(Fixtures.Demo.bach)' is also that of "
            + "library/\(Fixtures.Demo.bach); forScore matches \(entries) by file name only [duplicate-filename]\n"
        #expect(result.stderr == warning)
    }

    @Test(arguments: [
        "true) end os.exit(1", "1; os.exit(1)", "true end", "true, false", "true), (false", "true) os.exit(1) (1",
        "os.exit(1)", "io.open('x', 'w')",
    ])
    func whereCannotEscapeTheExpression(expression: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let result = try CLI.run(["setlist", "--title", "W", "library", "--where", expression], in: scratch.url)
        #expect(result.status == 64 || result.status == 1, "refused as syntax (64) or failing in the sandbox (1)")
        #expect(result.stderr.contains("--where:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x").path))
        if result.status == 1 { #expect(try Setlist.parse(xml: result.stdout).setlist.entries.isEmpty) }
    }

    @Test func checkClassifiesExactCaseDiacriticsAndMissing() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let xml = """
            <?xml version="1.0" encoding="UTF-8" ?>
            <forScore kind="setlist" version="1.0" title="Check">
            <score title="Minuet" path="\(Fixtures.Demo.bach)" />
            <score path="bach - minuet IN g major bwv anh 114.PDF" />
            <score title="Gymnopedie" path="SATIE - Gymnopedie No. 1 in D major.pdf" />
            <score title="Lost" path="Lost.pdf" />
            <score path="Gone.pdf" />
            <placeholder title="Interval" />
            </forScore>

            """
        try xml.write(to: scratch.url.appendingPathComponent("check.4ss"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["setlist", "check", "check.4ss", "--library", "library", "--format", "json"], in: scratch.url)
        #expect(result.status == 1, "two entries are missing")
        struct Report: Decodable {
            struct Entry: Decodable {
                var index: Int
                var kind: String
                var level: String?
                var matches: [String]
                var outcome: String
            }
            var title: String
            var entries: [Entry]
        }
        let report = try JSONDecoder().decode(Report.self, from: result.stdoutData)
        #expect(report.title == "Check")
        #expect(report.entries.map(\.level) == ["exact", "case-insensitive", "diacritics-insensitive", "missing", "missing", nil])
        #expect(report.entries[0].matches == ["library/" + Fixtures.Demo.bach])
        #expect(report.entries[2].matches == ["library/" + Fixtures.Demo.satie])
        #expect(report.entries[3].outcome == "placeholder 'Lost' instead")
        #expect(report.entries[4].outcome == "omitted (no title)")

        let text = try CLI.run(["setlist", "check", "check.4ss", "--library", "library"], in: scratch.url)
        #expect(text.stdout.contains("6 entries: 1 exact, 1 case-insensitive, 1 diacritics-insensitive, 2 missing, 1 placeholder"))
    }

    @Test(arguments: [
        ("<forScore kind=\"setlist\" version=\"2.0\" title=\"x\"></forScore>", "line 1:", "not-a-setlist"),
        ("<forScore kind=\"setlist\" version=\"1.0\" title=\"x\">\n<score title=\"t\" />\n</forScore>", "line 2:", "missing-attribute"),
        ("<forScore kind=\"setlist\" version=\"1.0\" title=\"x\">\n<score path=\"a\" data=\"@@@\" />\n</forScore>", "line 2:", "bad-base64"),
        ("<forScore kind=\"setlist\" version=\"1.0\" title=\"x\">\n<score path=\"a\">\n", "line", "malformed-xml"),
    ])
    func malformedSetlistIsRefused(xml: String, place: String, code: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        try xml.write(to: scratch.url.appendingPathComponent("bad.4ss"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["setlist", "check", "bad.4ss", "--library", "library"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.4ss: \(place)"), "\(result.stderr)")
        #expect(result.stderr.contains("[\(code)]"))
        #expect(result.stdout.isEmpty)
    }
}
