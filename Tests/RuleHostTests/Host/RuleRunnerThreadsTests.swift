import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// Parallel runs: one state per worker thread, equal to a serial run.
struct RuleRunnerThreadsTests {
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

    /// Runners on threads of their own (one Lua state each, as a run gives each worker) give
    /// the results one runner gives: no state is shared but the parsed data files.
    @Test func runnersOnSeveralThreadsEqualOneRunner() throws {
        let folder = try RuleFolder(Self.rules)
        let set = try folder.ruleSet()
        #expect(set.diagnostics == [])
        let inputs = Self.inputs(400)
        let serial = try RuleRunner(ruleSet: set)
        let expected = inputs.map { serial.run($0) }
        let results = Results(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            guard let runner = try? RuleRunner(ruleSet: set) else { return }
            for index in stride(from: worker, to: inputs.count, by: 4) { results.set(index, runner.run(inputs[index])) }
        }
        #expect(results.all == expected)

        let first = expected[0].after
        #expect(first.composers == ["Chopin"])
        #expect(first.genres == ["Romantic"])
        #expect((first.keysf, first.keymi) == (-3, 0))
        #expect(expected[7].diagnostics.map(\.message) == ["unlucky 7"])
        #expect(expected[3].after == ScoreMetadata(rating: 3))
    }
}

/// Results filled by several threads, each index by one.
private final class Results: @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [ScoreResult?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: ScoreResult) { lock.withLock { values[index] = result } }

    var all: [ScoreResult?] { lock.withLock { values } }
}
