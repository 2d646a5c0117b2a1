import Foundation
import Testing

/// `tagrules rules test` and `tagrules rules check`, on the shipped rules and on broken ones.
struct RulesCommandTests {
    @Test func shippedRulesPassTheirExamples() throws {
        let result = try CLI.run(["rules", "test", Fixtures.rules.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("PASS"))
        #expect(!result.stdout.contains("FAIL"))
        let check = try CLI.run(["rules", "check", Fixtures.rules.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("0 errors"))
    }

    @Test func brokenRulesAreReportedWithFileAndLine() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.writeRules([
            "10-good.lua": """
                return {
                  name = "good",
                  description = "Rates every score 3.",
                  apply = function(score) score.rating = 3 end,
                  examples = { { given = { title = "x" }, expect = { rating = 3 } } },
                }
                """,
            "20-syntax.lua": "return {\n  name = \"broken\",\n  apply = function(score) score.title = end,\n}\n",
            "30-noapply.lua": "return { name = \"lazy\" }\n",
            "40-dup.lua": "return { name = \"good\", apply = function(score) end }\n",
            "50-wrong.lua": """
                return {
                  name = "wrong example",
                  apply = function(score) score.rating = 2 end,
                  examples = { { given = { title = "x" }, expect = { rating = 5 } } },
                }
                """,
        ])
        let check = try CLI.run(["rules", "check", "rules"], in: scratch.url)
        #expect(check.status == 1)
        #expect(check.stdout.contains("rules/20-syntax.lua:3: error:"), "\(check.stdout)")
        #expect(check.stdout.contains("rules/30-noapply.lua"))
        #expect(check.stdout.contains("rules/40-dup.lua"))
        #expect(check.stdout.contains("[duplicate-name]"))

        let test = try CLI.run(["rules", "test", "rules", "--format", "json"], in: scratch.url)
        #expect(test.status == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: test.stdoutData) as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Int])
        #expect(summary["failed"] == 1)
        #expect(summary["passed"] == 1)

        let scores = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let plan = try CLI.run(["plan", scores.lastPathComponent, "--rules", "rules", "--format", "json"], in: scratch.url)
        #expect(plan.status == 1, "a rule file with an error fails the run")
        #expect(plan.stderr.contains("rules/20-syntax.lua:3: error:"))
        let report = try ReportJSON.decode(ReportJSON.Changes.self, plan.stdoutData)
        let change = try #require(report.files.first?.changes.first)
        #expect(change.field == "rating")
        #expect(change.rules == ["good", "wrong example"], "the good rules still ran, in file order")
    }

    @Test func ruleFailureNamesRuleFileAndLineAndTheRunGoesOn() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.writeRules([
            "10-boom.lua": "return {\n  name = \"boom\",\n  apply = function(score)\n    error(\"no luck\")\n  end,\n}\n",
            "20-tag.lua": "return { name = \"tag\", apply = function(score) score.tags:add(\"seen\") end }\n",
        ])
        try scratch.copyLibrary(only: [Fixtures.Demo.bach, Fixtures.Demo.chopin])
        let result = try CLI.run(["apply", "library", "--rules", "rules", "--format", "json"], in: scratch.url)
        #expect(result.status == 1, "a rule that fails is a failure of the run")
        let report = try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData)
        #expect(report.summary.written == 2, "the other rule's change is written")
        #expect(result.stderr.contains("rule 'boom', 10-boom.lua:4: "), "\(result.stderr)")
        #expect(report.files.allSatisfy { $0.diagnostics.contains { $0.code == "runtime" && $0.severity == "error" } })
    }

    /// Greensleeves' tag `folk; guitar` holds a semicolon: reading reports it, and a rule that
    /// adds another tag only touches the field, so the finding is not repeated in its name.
    @Test func findingsReadingReportedAreNotRepeatedForTheRuleThatTouchedTheField() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.writeRules([
            "10-tag.lua": "return { name = \"tag\", apply = function(score) score.tags:add(\"seen\") end }\n",
            "20-semicolon.lua": "return { name = \"semicolon\", apply = function(score) score.genres:add(\"a; b\") end }\n",
        ])
        try scratch.copyLibrary(only: [Fixtures.Demo.greensleeves])
        let result = try CLI.run(["plan", "library", "--rules", "rules", "--format", "json"], in: scratch.url)
        let file = try #require(try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData).files.first)
        let semicolons = file.diagnostics.filter { $0.message.contains("contains ';'") }.map(\.message)
        #expect(semicolons.count == 2, "\(semicolons)")
        #expect(semicolons.contains { $0.hasPrefix("tags: 'folk; guitar'") }, "reading's finding, once")
        #expect(semicolons.contains { $0.hasPrefix("rule 'semicolon', 20-semicolon.lua:1: genres: 'a; b'") }, "the rule's own")
        #expect(result.stderr.components(separatedBy: "'folk; guitar' contains").count == 2, "\(result.stderr)")
    }
}
