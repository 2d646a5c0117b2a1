import MetadataModel
import Testing
@testable import RuleHost

/// The `tagrules` helper table as rules see it.
struct HelperBindingTests {
    private func run(_ body: String, files: [String: String] = [:], _ metadata: ScoreMetadata = ScoreMetadata())
        throws -> ScoreResult
    {
        var files = files
        files["10-rule.lua"] = ruleFile("rule", body)
        return try RuleFolder(files).run([score("Scores/x.pdf", metadata)])[0]
    }

    @Test func keyParseAndName() throws {
        let result = try run(#"""
            local sf, mi = tagrules.key.parse("Nocturne in Es-Dur, Op. 9")
            score.keysf, score.keymi = sf, mi
            score.tags = { "a " .. tostring(tagrules.key.parse("A Minuet")), tagrules.key.name(3, 1),
                           "b " .. tostring(tagrules.key.name(9, 0)), "c " .. tostring(tagrules.key.parse(nil)) }
            """#)
        #expect(result.diagnostics == [])
        #expect((result.after.keysf, result.after.keymi) == (-3, 0))
        #expect(result.after.tags == ["a nil", "F♯ minor", "b nil", "c nil"])
    }

    @Test func normalizeMatchSplit() throws {
        let result = try run(#"""
            local m = tagrules.match("Chopin - Nocturne", "%composer% - %title%")
            score.composers = { m.composer }
            score.title = tagrules.normalize("Frédéric  CHOPIN")
            score.genres = tagrules.split(" a ;b;; c ", ";")
            score.tags = tagrules.split("x, y")
            score.labels:add(tostring(tagrules.match("nothing", "%a% - %b%")))
            score.labels:add(tostring(#tagrules.split(nil)))
            """#)
        #expect(result.diagnostics == [])
        #expect(result.after.composers == ["Chopin"])
        #expect(result.after.title == "frederic chopin")
        #expect(result.after.genres == ["a", "b", "c"])
        #expect(result.after.tags == ["x", "y"])
        #expect(result.after.labels == ["nil", "0"])
    }

    @Test func dataFilesAreReadOnlyTablesByNormalizedKey() throws {
        let eras = "composer,era\nFrédéric Chopin,Romantic\nJ. S. Bach,Baroque\n"
        let result = try run(#"""
            local eras = tagrules.data("eras.csv")
            for _, c in ipairs(score.composers) do
              local row = eras[tagrules.normalize(c)]
              if row then score.genres:add(row.era) end
            end
            score.title = tostring(eras == tagrules.data("eras.csv"))
            local ok = pcall(function() eras.x = 1 end)
            score.tags:add(tostring(ok))
            """#, files: ["eras.csv": eras], ScoreMetadata(composers: ["frederic chopin", "JS Bach", "Nobody"]))
        #expect(result.diagnostics == [])
        #expect(result.after.genres == ["Romantic", "Baroque"])
        #expect(result.after.title == "true")
        #expect(result.after.tags == ["false"])
    }

    @Test(arguments: [
        (#"tagrules.data("../secret.csv")"#, "is not a file of the rules folder"),
        (#"tagrules.data("/etc/passwd")"#, "is not a file of the rules folder"),
        (#"tagrules.data("missing.csv")"#, "no file 'missing.csv' in the rules folder"),
        (#"tagrules.normalize({})"#, "tagrules.normalize expects a string, got a table"),
        (#"tagrules.match("x")"#, "tagrules.match expects a pattern string"),
        (#"tagrules.key.name("E", "major")"#, "tagrules.key.name expects keysf and keymi"),
    ])
    func misuseIsAnErrorAtTheCallingLine(_ body: String, _ message: String) throws {
        let failure = try #require(try run(body).diagnostics.first)
        #expect(failure.message.contains(message), "\(failure.message)")
        #expect((failure.file, failure.line) == ("10-rule.lua", 4))
    }

    @Test func brokenDataFileNamesItsOwnLine() throws {
        let result = try run(#"local eras = tagrules.data("eras.csv")"#, files: ["eras.csv": "composer,era\nBach,Baroque\nbach,Again\n"])
        let failure = try #require(result.diagnostics.first)
        #expect(failure.message.contains("duplicate key"))
        #expect(failure.file?.hasSuffix("eras.csv") == true)
        #expect(failure.line == 3)
    }

    @Test func logAndPrintBecomeNotesWithRuleAndLine() throws {
        let result = try run(#"tagrules.log("hello " .. 1) print("a", nil, 2)"#)
        #expect(result.logs == [
            RuleLog(rule: "rule", message: "hello 1", file: "10-rule.lua", line: 4),
            RuleLog(rule: "rule", message: "a\tnil\t2", file: "10-rule.lua", line: 4),
        ])
    }
}
