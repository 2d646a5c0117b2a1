import MetadataModel
import Testing
@testable import RuleHost

/// `tagrules rules test` and `tagrules rules check` in-process.
struct RuleChecksTests {
    static let genre = """
        local eras = tagrules.data("eras.csv")
        return {
          name = "genre from composer",
          description = "Adds the era of well-known composers as a genre.",
          apply = function(score)
            for _, c in ipairs(score.composers) do
              local row = eras[tagrules.normalize(c)]
              if row then score.genres:add(row.era) end
            end
          end,
          examples = {
            { given = { composers = { "Frédéric Chopin" } }, expect = { genres = { "Romantic" } } },
            { given = { composers = { "Nobody" } }, expect = { genres = false } },
            { given = { composers = { "Bach" } }, expect = { genres = { "Romantic" }, title = "x" } },
          },
        }
        """

    @Test func examplesRunEachRuleAloneAndCompareOnlyNamedFields() throws {
        let folder = try RuleFolder([
            "10-title.lua": ruleFile("title", #"score.title = "from another rule""#),
            "20-genre.lua": Self.genre,
            "eras.csv": "composer,era\nFrederic Chopin,Romantic\nBach,Baroque\n",
        ])
        let results = try RuleExamplesRunner.run(try folder.ruleSet())
        #expect(results.map(\.rule) == Array(repeating: "genre from composer", count: 3))
        #expect(results.map(\.index) == [1, 2, 3])
        #expect(results.map(\.passed) == [true, true, false])
        #expect(results[2].mismatches == [
            ExampleMismatch(field: .title, expected: .text("x"), actual: .text(nil)),
            ExampleMismatch(field: .genres, expected: .list(["Romantic"]), actual: .list(["Baroque"])),
        ])
        #expect(results.map(\.file) == Array(repeating: "20-genre.lua", count: 3))
        #expect(results.map(\.line) == [12, 13, 14], "each example's own line")
    }

    @Test func anExampleWhoseRuleFailsDoesNotPass() throws {
        let folder = try RuleFolder([
            "10-a.lua": """
            return { name = "a", apply = function(score) error("broken") end,
              examples = { { given = {}, expect = { title = false } } } }
            """
        ])
        let result = try #require(try RuleExamplesRunner.run(try folder.ruleSet()).first)
        #expect(result.mismatches == [])
        #expect(!result.passed)
        #expect(result.diagnostics.map(\.message) == ["broken"])
    }

    @Test func checkReportsProblemsAndNotesInFileOrder() throws {
        let folder = try RuleFolder([
            "10-ok.lua": Self.genre,
            "20-bare.lua": ruleFile("bare", ""),
            "30-dup.lua": ruleFile("bare", ""),
            "40-syntax.lua": "return {\n  name = 'x'\n  apply = 1 }",
            "eras.csv": "composer,era\n",
        ])
        let findings = try RuleChecker.check(folder: folder.url, limits: .testing)
        #expect(findings.map { "\($0.location.file ?? ""):\($0.location.line ?? 0): \($0.severity.rawValue) \($0.code.rawValue)" } == [
            "20-bare.lua:3: info invalid-rule",
            "20-bare.lua:3: info invalid-rule",
            "30-dup.lua:3: error duplicate-name",
            "40-syntax.lua:3: error syntax",
        ])
        #expect(findings[0].message == "rule 'bare' has no description")
        #expect(findings[3].message == "'}' expected (to close '{' at line 1) near 'apply'")
    }
}
