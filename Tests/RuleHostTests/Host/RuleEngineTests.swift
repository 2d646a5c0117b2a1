import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// Parallel runs: one state per worker, results in input order, equal to a serial run.
struct RuleEngineTests {
    static let rules = [
        "10-key.lua": ruleFile("key", "local sf, mi = tagrules.key.parse(score.file.stem) if sf then score.keysf, score.keymi = sf, mi end"),
        "20-composer.lua": ruleFile(
            "composer", #"local m = tagrules.match(score.file.stem, "%composer% - %title%") if m then score.composers:add(m.composer) score.title = m.title end"#),
        "30-era.lua": """
            local eras = tagrules.data("eras.csv")
            return { name = "era", apply = function(score)
              for _, c in ipairs(score.composers) do
                local row = eras[tagrules.normalize(c)]
                if row then score.genres:add(row.era) end
              end
            end }
            """,
        "40-count.lua": ruleFile("count", #"if score.file.pages % 7 == 0 then error("unlucky " .. score.file.pages) end score.rating = score.file.pages % 6"#),
        "eras.csv": "composer,era\nChopin,Romantic\nBach,Baroque\nMozart,Classical\n",
    ]

    static func inputs(_ count: Int) -> [ScoreInput] {
        let names = ["Chopin - Nocturne in Es-Dur", "Bach - Fugue in g-moll", "Mozart - Sonata in A major", "Untitled"]
        return (0..<count).map { index in
            ScoreInput(metadata: ScoreMetadata(), file: FileFacts(path: "lib/\(names[index % 4]) \(index).pdf", pages: index))
        }
    }

    @Test func parallelRunEqualsSerialRunInInputOrder() throws {
        let folder = try RuleFolder(Self.rules)
        let set = try folder.ruleSet()
        #expect(set.diagnostics == [])
        let inputs = Self.inputs(400)
        // The serial engine's runner takes the state that checked the rules; the four parallel
        // runners build their own: the results must not tell them apart.
        let serial = try RuleEngine(ruleSet: set, workers: 1).run(inputs)
        #expect(set.spareRuntime.take() == nil, "the first runner took the checked state")
        let engine = try RuleEngine(ruleSet: set, workers: 4)
        #expect(engine.workers == 4)
        #expect(engine.builtRunners == 1, "the other workers build their states in the first run")
        let parallel = engine.run(inputs)
        #expect(engine.builtRunners == 4)
        #expect(parallel == serial)
        #expect(parallel.map(\.input) == inputs)
        #expect(engine.run(inputs) == serial, "an engine can run again")

        let first = serial[0].after
        #expect(first.composers == ["Chopin"])
        #expect(first.genres == ["Romantic"])
        #expect((first.keysf, first.keymi) == (-3, 0))
        #expect(serial[7].diagnostics.map(\.message) == ["unlucky 7"])
        #expect(serial[3].after == ScoreMetadata(rating: 3))
    }

    @Test func workersBesidesTheCallerStartThroughTheGivenStarter() throws {
        let folder = try RuleFolder(Self.rules)
        let set = try folder.ruleSet()
        let inputs = Self.inputs(200)
        let serial = try RuleEngine(ruleSet: set, workers: 1).run(inputs)
        let started = StartCount()
        let engine = try RuleEngine(ruleSet: set, workers: 3) { job in
            started.add()
            RuleEngine.newThread(job)
        }
        #expect(engine.run(inputs) == serial)
        #expect(started.count == 2, "the calling thread is the first worker")
        #expect(engine.run(inputs) == serial)
        #expect(started.count == 4)
    }

    @Test func emptyInputAndSingleWorker() throws {
        let folder = try RuleFolder(Self.rules)
        let engine = try RuleEngine(ruleSet: try folder.ruleSet(), workers: 0)
        #expect(engine.workers == 1)
        #expect(engine.run([]) == [])
    }
}

/// Counts the threads an engine started.
private final class StartCount: @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0

    func add() { lock.withLock { started += 1 } }
    var count: Int { lock.withLock { started } }
}
