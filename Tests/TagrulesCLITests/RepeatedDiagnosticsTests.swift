import Foundation
import Testing

/// Each finding about a file is printed once on standard error, however many sources meet it:
/// reading the PDF, reading a CSV row, and validating what a transform proposes all check the
/// same values again. The demo library's Satie holds `keysf:12` without a keymi (clamped to 7:
/// reading quotes 'keysf:12', validation would quote 'keysf:7') and Greensleeves the tag
/// `folk; guitar`.
struct RepeatedDiagnosticsTests {
    /// A command that leaves both files' keys and tags' values as they are, with what it needs.
    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case planWithARuleAddingATag, setAddingATag, applyAddingATag, importOfAnUnchangedExport

        var testDescription: String { rawValue }

        /// The arguments, after preparing `scratch` (a copy of the library in `library/`).
        func arguments(in scratch: Fixtures.Scratch) throws -> [String] {
            switch self {
            case .planWithARuleAddingATag:
                let rules = try scratch.writeRules([
                    "10-tag.lua": #"return { name = "tag", apply = function(score) score.tags:add("x") end }"#
                ])
                return ["plan", "library", "--rules", rules.path]
            case .setAddingATag: return ["set", "library", "--add-tag", "x", "--dry-run"]
            case .applyAddingATag: return ["set", "library", "--add-tag", "x"]
            case .importOfAnUnchangedExport:
                let export = try CLI.run(["export", "csv", "library", "--output", "library.csv"], in: scratch.url)
                #expect(export.status == 0, "\(export.stderr)")
                return ["import", "csv", "library.csv", "--library", "library"]
            }
        }
    }

    @Test(arguments: Command.allCases)
    func eachFindingIsPrintedOncePerFile(command: Command) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.satie, Fixtures.Demo.greensleeves])
        let result = try CLI.run(try command.arguments(in: scratch), in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(Set(lines).count == lines.count, "a line printed twice: \(result.stderr)")
        let halfKey = lines.filter { $0.contains(Fixtures.Demo.satie) && $0.contains("has no keymi") }
        #expect(halfKey == [
            "library/\(Fixtures.Demo.satie): warning: keysf: 'keysf:12' has no keymi; forScore cannot name the key "
                + "(add 'keymi:0' major or 'keymi:1' minor) [keysf-without-keymi]"
        ])
        let semicolon = lines.filter { $0.contains(Fixtures.Demo.greensleeves) && $0.contains("'folk; guitar'") }
        #expect(semicolon == [
            "library/\(Fixtures.Demo.greensleeves): warning: tags: 'folk; guitar' contains ';'; forScore reads it as one value "
                + "(separate values with ',') [semicolon-separated]"
        ])
    }

    /// What only a CSV row or only validation finds is still reported, once, attributed to the row.
    @Test func findingsOfChangedValuesAreKept() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let header = "Filename,Title,Start Page,End Page,Composers,Genres,Tags,Labels,Reference,Rating,Difficulty,Minutes,Seconds,keysf,keymi"
        let row = #"\#(Fixtures.Demo.bach),Minuet in G,,,,,"piano, rating:5, x; y",,,4,2,,,+12,"#
        try (header + "\r\n" + row + "\r\n").write(to: scratch.url.appendingPathComponent("c.csv"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["import", "csv", "c.csv", "--library", "library"], in: scratch.url)
        let path = "library/\(Fixtures.Demo.bach): warning: csv line 2: "
        #expect(result.stderr == [
            path + "tags: 'x; y' contains ';'; forScore reads it as one value (separate values with ',') [semicolon-separated]",
            path + "keysf: '+12' is read as 12, above 7; forScore shows 7 [clamped]",
            path + "keysf: keysf cell '+12' has no keymi; forScore cannot name the key (fill in the keymi cell: 0 major, 1 minor) [keysf-without-keymi]",
            path + "tags: tag 'rating:5' would be read as rating; removed (set rating instead) [tag-looks-like-keyword]",
        ].map { $0 + "\n" }.joined())
    }
}
