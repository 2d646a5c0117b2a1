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
        #expect((failure.location.file, failure.location.line) == ("10-rule.lua", 4))
    }

    /// A data file with a duplicate key: the failure is the rule file's, at the call, with a
    /// code of its own; the message names the data file as the rule wrote it (relative to the
    /// rules folder) and its line.
    @Test func brokenDataFileNamesTheRuleFileAndTheDataFile() throws {
        let result = try run(
            #"local eras = tagrules.data("data/eras.csv")"#, files: ["data/eras.csv": "composer,era\nBach,Baroque\nbach,Again\n"])
        let failure = try #require(result.diagnostics.first)
        #expect(failure.ruleCode == .dataFile)
        #expect(failure.message == "data/eras.csv, line 3: duplicate key 'bach' (same as line 2 after normalizing); keep one row")
        #expect((failure.location.file, failure.location.line) == ("10-rule.lua", 4))
    }

    /// The same when the data file is read while the rule file loads (at its top level).
    @Test func brokenDataFileAtLoadIsTheRuleFilesProblem() throws {
        let folder = try RuleFolder([
            "10-rule.lua": "local eras = tagrules.data(\"eras.csv\")\n" + ruleFile("rule", ""),
            "eras.csv": "composer,era\n,Baroque\n",
        ])
        let failure = try #require(try folder.ruleSet().diagnostics.first)
        #expect(failure.ruleCode == .dataFile)
        #expect(failure.message.hasPrefix("eras.csv, line 2: "))
        #expect((failure.location.file, failure.location.line) == ("10-rule.lua", 1))
    }

    /// An error a rule raises with the same words as an earlier data file failure it caught
    /// stays a runtime error: only the failure the host raised keeps the code.
    @Test func caughtDataFailureDoesNotLabelALaterError() throws {
        let result = try run(
            #"""
            local ok, message = pcall(tagrules.data, "eras.csv")
            error("later: " .. message, 0)
            """#, files: ["eras.csv": "composer,era\nBach,Baroque\nbach,Again\n"])
        let failure = try #require(result.diagnostics.first)
        #expect(failure.ruleCode == .runtime)
    }

    /// Assigning to a field of a read-only view names the field.
    @Test(arguments: [
        (#"score.file.stem = "x""#, "score.file.stem is read-only"),
        (#"score.info.Title = "x""#, "score.info.Title is read-only"),
        (#"score.toc[1] = {}"#, "score.toc[1] is read-only"),
        (#"tagrules.data("eras.csv").bach = {}"#, #"tagrules.data("eras.csv").bach is read-only"#),
        (#"tagrules.data("eras.csv").bach.era = "x""#, #"tagrules.data("eras.csv")["bach"].era is read-only"#),
    ])
    func assignmentToAReadOnlyViewNamesTheField(_ body: String, _ message: String) throws {
        let failure = try #require(try run(body, files: ["eras.csv": "composer,era\nBach,Baroque\n"]).diagnostics.first)
        #expect(failure.message == message)
        #expect((failure.ruleCode, failure.location.file, failure.location.line) == (.runtime, "10-rule.lua", 4))
    }

    @Test func logAndPrintBecomeNotesWithRuleAndLine() throws {
        let result = try run(#"tagrules.log("hello " .. 1) print("a", nil, 2)"#)
        #expect(result.logs == [
            RuleLog(rule: "rule", message: "hello 1", file: "10-rule.lua", line: 4),
            RuleLog(rule: "rule", message: "a\tnil\t2", file: "10-rule.lua", line: 4),
        ])
    }
}
