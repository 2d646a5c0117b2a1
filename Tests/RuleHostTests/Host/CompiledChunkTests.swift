import MetadataModel
import Testing
@testable import RuleHost

/// The other workers' states load the rule files as the first state compiled them (binary
/// chunks) and must run exactly as states that compile the text.
struct CompiledChunkTests {
    static let rules = [
        "10-title.lua": """
            local prefix = "Op. "
            return { name = "title", apply = function(score)
              score.title = prefix .. score.file.pages
            end }
            """,
        "20-fail.lua": """
            return {
              name = "fail",
              apply = function(score)
                if score.file.pages % 3 == 0 then error("thirds are refused") end
                score.rating = score.file.pages % 6
              end,
            }
            """,
        "30-broken.lua": "return { name = ",
    ]

    static let inputs = (0..<60).map { (index: Int) in
        ScoreInput(metadata: ScoreMetadata(), file: FileFacts(path: "lib/\(index).pdf", pages: index))
    }

    @Test func workersLoadTheFirstStatesChunksAndRunAlike() throws {
        let folder = try RuleFolder(Self.rules)
        let set = try folder.ruleSet()
        #expect(set.diagnostics.map(\.file) == ["30-broken.lua"])
        #expect(set.sources.allSatisfy { $0.compiled == nil })
        let serial = try RuleEngine(ruleSet: set, workers: 1).run(Self.inputs)
        let engine = try RuleEngine(ruleSet: set, workers: 3)
        // The broken file compiled in no state: workers compile its text (and fail) again.
        #expect(engine.workerRuleSet.sources.map { $0.compiled != nil } == [true, true, false])
        let parallel = engine.run(Self.inputs)
        #expect(engine.builtRunners == 3)
        #expect(parallel == serial)
        let failure = try #require(serial[3].diagnostics.first)
        #expect(failure.message == "thirds are refused")
        #expect((failure.file, failure.line) == ("20-fail.lua", 4))
        #expect(serial[4].after == ScoreMetadata(title: "Op. 4", rating: 4))
    }

    @Test func aCompiledChunkLoadsAsTheTextDoes() throws {
        let folder = try RuleFolder(Self.rules)
        let set = try folder.ruleSet()
        let first = try RuleRunner(ruleSet: set)
        let compiled = first.compiledSources()
        let fromText = try LuaRuntime(folder: try #require(set.rulesFolder), limits: set.limits, cache: set.dataCache)
        let fromChunks = try LuaRuntime(folder: try #require(set.rulesFolder), limits: set.limits, cache: set.dataCache)
        #expect(fromChunks.load(compiled) == fromText.load(set.sources))
        #expect(fromChunks.rules.map(\.name) == fromText.rules.map(\.name))
        #expect(fromChunks.rules.map(\.line) == [2, 3])
        #expect(fromChunks.rules.map(\.line) == fromText.rules.map(\.line))
    }

    @Test func binaryLoadingRefusesText() throws {
        let lua = try LuaState(memoryLimit: 1 << 20)
        let failure = try #require(lua.load(binary: Array("return 1".utf8), chunkName: "=text"))
        #expect(failure.kind == .syntax)
    }
}
