import MetadataModel
import Testing
@testable import RuleHost

/// Worker states read rule files `runOnly` (name and `apply` only) when checking them found no
/// problem, and read everything otherwise: either way they take the rules the check took.
struct WorkerReadingTests {
    /// Two files, one with a list of rules, with descriptions and examples.
    static let clean = [
        "10-pair.lua": """
            return {
              { name = "rate", description = "Rates every score.",
                examples = { { given = {}, expect = { rating = 2 } } },
                apply = function(score) score.rating = 2 end },
              { name = "title",
                apply = function(score) score.title = score.file.stem end,
                examples = { { given = { title = "x" }, expect = { title = "x" } } } },
            }
            """,
        "20-genre.lua": """
            local name = "genre"
            return {
              description = "Adds a genre.", name = name,
              apply = function(score)
                score.genres:add("Etude")
              end,
            }
            """,
    ]

    /// Loads `set`'s sources into a fresh state, reading them as `reading` says.
    static func load(_ set: RuleSet, _ reading: RuleReading) throws -> (rules: [LuaRule], diagnostics: [RuleDiagnostic]) {
        let runtime = try LuaRuntime(folder: try #require(set.rulesFolder), limits: set.limits, cache: set.dataCache)
        let diagnostics = runtime.load(set.sources, reading: reading)
        return (runtime.rules, diagnostics)
    }

    @Test func cleanRulesAreReadRunOnlyWithTheSameNamesFilesAndLines() throws {
        let folder = try RuleFolder(Self.clean)
        let set = try folder.ruleSet()
        #expect(set.diagnostics == [])
        #expect(set.workerReading == .runOnly)
        let full = try Self.load(set, .everything)
        let runOnly = try Self.load(set, .runOnly)
        #expect(full.diagnostics == [] && runOnly.diagnostics == [])
        #expect(full.rules.map(\.name) == ["rate", "title", "genre"])
        #expect(runOnly.rules.map(\.name) == full.rules.map(\.name))
        #expect(runOnly.rules.map(\.file) == full.rules.map(\.file))
        #expect(runOnly.rules.map(\.line) == full.rules.map(\.line))
        #expect(runOnly.rules.map(\.line) == [4, 6, 4])
        #expect(runOnly.rules.allSatisfy { $0.examples.isEmpty && $0.summary == nil })
        #expect(set.rules.map(\.examples.count) == [1, 1, 0], "the set keeps the examples of the check")
        #expect(set.rules.map(\.summary) == ["Rates every score.", nil, "Adds a genre."])

        let inputs = (0..<40).map { score("lib/Etude \($0).pdf") }
        let serial = try RuleEngine(ruleSet: set, workers: 1).run(inputs)
        #expect(try RuleEngine(ruleSet: set, workers: 3).run(inputs) == serial)
        #expect(serial[5].after == ScoreMetadata(title: "Etude 5", genres: ["Etude"], rating: 2))
    }

    /// A rule whose examples are invalid, then a valid rule of the same name: the check takes the
    /// second, which `runOnly` would not (it takes the first), so the workers read everything.
    @Test func rulesWithProblemsAreReadInFullByEveryWorker() throws {
        let folder = try RuleFolder([
            "10-bad.lua": """
                return { name = "rate", examples = { { given = {}, expect = { rating = 1.5 } } },
                  apply = function(score) score.rating = 1 end }
                """,
            "20-good.lua": ruleFile("rate", "score.rating = 3"),
            "30-lint.lua": "return { name = 'lint', aply = 1, apply = function(score) score.title = 'linted' end }",
        ])
        let set = try folder.ruleSet()
        #expect(set.diagnostics.map(\.code) == [.invalidRule, .invalidRule])
        #expect(set.workerReading == .everything)
        #expect(try Self.load(set, .runOnly).rules.map(\.file) == ["10-bad.lua", "30-lint.lua"])
        #expect(try Self.load(set, .everything).rules.map(\.file) == ["20-good.lua", "30-lint.lua"])

        let inputs = (0..<40).map { score("lib/\($0).pdf") }
        let serial = try RuleEngine(ruleSet: set, workers: 1).run(inputs)
        let parallel = try RuleEngine(ruleSet: set, workers: 3).run(inputs)
        #expect(parallel == serial)
        #expect(parallel.allSatisfy { $0.after.rating == 3 && $0.after.title == "linted" })
    }
}
