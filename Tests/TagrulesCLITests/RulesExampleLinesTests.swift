import Foundation
import TestSupport
import Testing

/// `tagrules rules test` and `tagrules rules check` point at the example itself, not at the
/// rule's `apply`, and at a file's `return` when it returns no rule.
struct RulesExampleLinesTests {
    @Test func rulesTestPrintsTheLineOfEachExample() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.writeRules(["10-x.lua": RuleSourceSamples.twoExamples])
        let text = try CLI.run(["rules", "test", "rules"], in: scratch.url)
        #expect(text.status == 1)
        #expect(text.stdout.contains("PASS  x #1 (rules/10-x.lua:8)"), "\(text.stdout)")
        #expect(text.stdout.contains("FAIL  x #2 (rules/10-x.lua:9)"), "\(text.stdout)")

        let json = try CLI.run(["rules", "test", "rules", "--format", "json"], in: scratch.url)
        #expect(try examples(json.stdoutData).map { $0["line"] as? Int } == [8, 9])
    }

    @Test func rulesTestFindsTheShippedExamples() throws {
        let result = try CLI.run(["rules", "test", Fixtures.rules.path, "--format", "json"])
        let composers = try examples(result.stdoutData).filter { $0["rule"] as? String == "composer names" }.compactMap { $0["line"] as? Int }
        // The lines of the rule file where its examples start, each on a line of its own.
        let source = try String(contentsOf: Fixtures.rules.appendingPathComponent("20-composer-names.lua"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(composers == lines.indices.filter { lines[$0].contains("{ given = ") }.map { $0 + 1 })
        #expect(zip(composers, composers.dropFirst()).allSatisfy { $0 < $1 }, "one line per example, in order: \(composers)")
    }

    @Test func rulesCheckPointsAtAMisspeltExpectAndAReturnThatIsNoRule() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.writeRules([
            "10-x.lua": RuleSourceSamples.twoExamples.replacingOccurrences(
                of: #"{ given = { title = "Q" }, expect = { title = "B" } },"#,
                with: "{ given = { title = \"Q\" },\n      expect = { titel = \"B\" } },"),
            "20-number.lua": "-- not a rule\nlocal answer = 42\nreturn answer\n",
        ])
        let text = try CLI.run(["rules", "check", "rules"], in: scratch.url)
        #expect(text.status == 1)
        #expect(
            text.stdout.contains("rules/10-x.lua:10: error: rule 'x': examples[2].expect has an unknown field 'titel'"),
            "\(text.stdout)")
        #expect(
            text.stdout.contains("rules/20-number.lua:3: error: the file must return a rule table or a list of rule tables, got a number"),
            "\(text.stdout)")

        let json = try CLI.run(["rules", "check", "rules", "--format", "json"], in: scratch.url)
        let root = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        let lines = findings.filter { $0["severity"] as? String == "error" }.map { "\($0["file"] ?? ""):\($0["line"] ?? "")" }
        #expect(lines == ["rules/10-x.lua:10", "rules/20-number.lua:3"])
    }

    /// The `examples` of a `rules test --format json` report.
    private func examples(_ data: Data) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["examples"] as? [[String: Any]])
    }
}
