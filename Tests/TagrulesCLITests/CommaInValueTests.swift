import Foundation
import Testing

/// Issue 26: a value with a comma is the values forScore reads from it, the same way in `set`,
/// rules and CSV import, so that a second identical run writes nothing.
struct CommaInValueTests {
    private func keywords(_ file: URL) throws -> String? {
        try #require(try PDFInfoOracle.fields(of: file))["Keywords"]
    }

    @Test func addTagWithACommaTwiceWritesOnce() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let file = library.appendingPathComponent(Fixtures.Demo.bach)
        let path = "library/\(Fixtures.Demo.bach)"

        let first = try CLI.run(["set", path, "--add-tag", "organ, solo"], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try keywords(file) == "piano, beginner, organ, solo, rating:4, difficulty:2")
        let written = try Data(contentsOf: file)

        let second = try CLI.run(["set", path, "--add-tag", "Solo, ORGAN", "--tag", "piano, beginner, organ, solo"], in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("unchanged"), "\(second.stdout)")
        #expect(try Data(contentsOf: file) == written, "nothing appended")

        let removed = try CLI.run(["set", path, "--remove-tag", "beginner, organ"], in: scratch.url)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try keywords(file) == "piano, solo, rating:4, difficulty:2")
    }

    @Test func aRuleAddingAValueWithACommaIsIdempotent() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let file = library.appendingPathComponent(Fixtures.Demo.bach)
        let rules = try scratch.writeRules([
            "10-tags.lua": """
                return { name = 'tags', apply = function(score)
                  score.tags:add("organ, solo")
                  score.tags:remove("beginner, harpsichord")
                  if score.tags:has("solo, organ") then score.genres = { "Baroque, Sacred" } end
                end }
                """,
        ])
        let first = try CLI.run(["apply", "library", "--rules", rules.path], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        let fields = try #require(try PDFInfoOracle.fields(of: file))
        #expect(fields["Keywords"] == "piano, organ, solo, rating:4, difficulty:2")
        #expect(fields["Subject"] == "Baroque, Sacred")
        let written = try Data(contentsOf: file)

        let second = try CLI.run(["apply", "library", "--rules", rules.path, "--format", "json"], in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try ReportJSON.decode(ReportJSON.Changes.self, second.stdoutData).summary.written == 0)
        #expect(try Data(contentsOf: file) == written)

        // CSV import with the same values in one cell changes nothing either.
        let export = try CLI.run(["export", "csv", "library", "-o", "library.csv"], in: scratch.url)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("library.csv"), encoding: .utf8)
            .contains("\"piano, organ, solo\""))
        let imported = try CLI.run(["import", "csv", "library.csv", "--library", "library", "--apply"], in: scratch.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Data(contentsOf: file) == written)
    }
}
