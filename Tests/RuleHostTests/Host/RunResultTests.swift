import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// What a run reports: per-field attribution, rollback of failed rules, validation, native rules.
struct RunResultTests {
    @Test func everyChangedFieldNamesTheRulesThatChangedIt() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"score.title = "First""#),
            "20-b.lua": ruleFile("b", #"score.genres:add("Romantic")"#),
            "30-c.lua": ruleFile("c", #"score.title = score.title .. " Second" score.rating = score.rating"#),
            "40-d.lua": ruleFile("d", #"score.key = "C major" score.key = nil"#),
        ])
        let result = try folder.run([score("x.pdf", ScoreMetadata(title: "Old", rating: 2))])[0]
        #expect(result.diagnostics == [])
        #expect(result.changes == [
            AttributedChange(change: MetadataChange(field: .title, before: .text("Old"), after: .text("First Second")), rules: ["a", "c"]),
            AttributedChange(change: MetadataChange(field: .genres, before: .list([]), after: .list(["Romantic"])), rules: ["b"]),
        ])
        #expect(result.before.title == "Old")
    }

    @Test func aFailingRuleLeavesNoChanges() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"score.title = "Half" score.tags:add("half") error("stop")"#),
        ])
        let result = try folder.run([score("x.pdf", ScoreMetadata(title: "Whole"))])[0]
        #expect(result.after == ScoreMetadata(title: "Whole"))
        #expect(result.changes == [])
        #expect(result.diagnostics.map(\.message) == ["stop"])
    }

    @Test func theRuleAfterAFailingRuleSeesTheMetadataBeforeIt() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"score.tags:add("a")"#),
            "20-b.lua": ruleFile("b", #"score.title = "Half" score.tags:add("b") score.tags:clear() error("stop")"#),
            "30-c.lua": ruleFile("c", #"score.genres:add(score.title .. " " .. #score.tags)"#),
        ])
        let results = try folder.run([
            score("x.pdf", ScoreMetadata(title: "Whole")), score("y.pdf", ScoreMetadata(title: "Other")),
        ])
        #expect(results.map(\.after) == [
            ScoreMetadata(title: "Whole", genres: ["Whole 1"], tags: ["a"]),
            ScoreMetadata(title: "Other", genres: ["Other 1"], tags: ["a"]),
        ])
        #expect(results.map { $0.changes.flatMap(\.rules) } == [["c", "a"], ["c", "a"]])
    }

    @Test func resultIsValidatedAndValidationNamesTheRule() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("stars", "score.rating = 9"),
            "20-b.lua": ruleFile("genres", #"score.genres = { "Baroque, Dance" }"#),
        ])
        let result = try folder.run([score("x.pdf")])[0]
        #expect(result.after.rating == 5)
        #expect(result.after.genres == ["Baroque", "Dance"])
        #expect(result.changes.map(\.rules) == [["genres"], ["stars"]])
        let rating = try #require(result.diagnostics.first { $0.field == .rating })
        #expect(rating.ruleCode == .validation)
        #expect(rating.location.rule == "stars")
        #expect((rating.location.file, rating.location.line) == ("10-a.lua", 3))
        #expect(result.diagnostics.contains { $0.field == .genres && $0.location.rule == "genres" })
        let json = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(ScoreResult.self, from: json) == result)
    }

    struct AddLabel: Rule, Sendable {
        let name = "native label"
        let summary: String? = "Labels scores by page count."
        func apply(to metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError) {
            guard let pages = context.input.file.pages else { throw RuleError(.runtime, "no page count") }
            metadata.labels.append("\(pages) pages")
            context.log("labelled")
        }
    }

    @Test func nativeRulesRunAfterLuaRules() throws {
        let folder = try RuleFolder(["10-a.lua": ruleFile("lua label", #"score.labels:add("lua")"#)])
        let set = try folder.ruleSet().adding(AddLabel())
        #expect(set.rules.map(\.name) == ["lua label", "native label"])
        let runner = try RuleRunner(ruleSet: set)
        let result = runner.run(score("x.pdf"))
        #expect(result.after.labels == ["lua", "4 pages"])
        #expect(result.changes.first?.rules == ["lua label", "native label"])
        #expect(result.logs == [RuleLog(rule: "native label", message: "labelled")])

        let noPages = runner.run(ScoreInput(metadata: ScoreMetadata(), file: FileFacts(path: "y.pdf")))
        #expect(noPages.after.labels == ["lua"])
        #expect(noPages.diagnostics == [
            Diagnostic(severity: .error, code: .runtime, message: "no page count", rule: "native label")
        ])
    }

    @Test func nativeRuleWithATakenNameIsRefused() throws {
        let folder = try RuleFolder(["10-a.lua": ruleFile("native label", "")])
        let set = try folder.ruleSet().adding(AddLabel())
        #expect(set.rules.count == 1)
        #expect(set.diagnostics.map(\.ruleCode) == [.duplicateName])
    }

    @Test func nativeOnlyRuleSet() throws {
        let result = try RuleRunner(ruleSet: RuleSet().adding(AddLabel())).run(score("x.pdf"))
        #expect(result.after.labels == ["4 pages"])
    }
}
