import MetadataModel
import Testing
@testable import RuleHost

/// The `score` object of issue 4: list objects, numbers, key, read-only facts.
struct ScoreObjectTests {
    /// Runs one rule body on one score and returns the result.
    private func run(
        _ body: String, _ metadata: ScoreMetadata = ScoreMetadata(), path: String = "Scores/Chopin - Nocturne.pdf",
        info: [String: String] = [:], toc: [Bookmark] = [], limits: SandboxLimits = .testing
    ) throws -> ScoreResult {
        let folder = try RuleFolder(["10-rule.lua": ruleFile("rule", body)])
        var input = score(path, metadata, info: info)
        input.toc = toc
        return try folder.run([input], limits: limits)[0]
    }

    /// The message of the only failure of running `body`, with its line.
    private func failure(_ body: String, limits: SandboxLimits = .testing) throws -> String {
        let result = try run(body, limits: limits)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.line == 4)
        #expect(diagnostic.ruleCode == .runtime)
        return diagnostic.message
    }

    @Test func listReading() throws {
        let body = #"""
            local seen = {}
            for i, c in ipairs(score.composers) do seen[#seen + 1] = i .. "=" .. c end
            seen[#seen + 1] = "#" .. #score.composers .. " [2]=" .. score.composers[2] .. " [3]=" .. tostring(score.composers[3])
            score.tags = seen
            score.title = tostring(score.composers)
            """#
        let result = try run(body, ScoreMetadata(composers: ["Bach", "Händel"]))
        #expect(result.after.tags == ["1=Bach", "2=Händel", "#2 [2]=Händel [3]=nil"])
        #expect(result.after.title == "[Bach, Händel]")
    }

    @Test func addIgnoresEntriesEqualUpToCaseAndDiacritics() throws {
        let body = #"""
            local a = score.genres:add("romantic")
            local b = score.genres:add("Baroque")
            score.tags = { tostring(a), tostring(b) }
            """#
        let result = try run(body, ScoreMetadata(genres: ["Romántic"]))
        #expect(result.after.genres == ["Romántic", "Baroque"])
        #expect(result.after.tags == ["false", "true"])
    }

    @Test func hasAndRemoveFoldCaseAndDiacritics() throws {
        let body = #"""
            score.tags:add(tostring(score.composers:has("frederic chopin")))
            score.tags:add(tostring(score.composers:has("Liszt")))
            score.composers:remove("FRÉDÉRIC CHOPIN")
            """#
        let result = try run(body, ScoreMetadata(composers: ["Frédéric Chopin", "Bach"]))
        #expect(result.after.tags == ["true", "false"])
        #expect(result.after.composers == ["Bach"])
    }

    @Test func clearAndAssignment() throws {
        let body = #"""
            score.labels:clear()
            score.genres = { "Waltz", "waltz", "Dance" }
            score.tags = score.genres
            score.composers = nil
            """#
        let result = try run(body, ScoreMetadata(composers: ["X"], labels: ["L"]))
        #expect(result.after.labels == [])
        #expect(result.after.genres == ["Waltz", "Dance"])
        #expect(result.after.tags == ["Waltz", "Dance"])
        #expect(result.after.composers == [])
    }

    @Test(arguments: [
        (#"score.genres = "Romantic""#, "score.genres takes a list of strings, got a string"),
        (#"score.genres = { "a", 2 }"#, "score.genres[2] must be a non-empty string, got a number"),
        (#"score.genres:add(42)"#, "genres:add expects a non-empty string, got a number"),
        (#"score.genres:add("  ")"#, "genres:add expects a non-empty string, got a blank string"),
        (#"score.genres[1] = "x""#, "score.genres entries cannot be assigned"),
        (#"score.genres.add("x")"#, "call list methods with ':'"),
    ])
    func listMisuseIsAClearError(_ body: String, _ message: String) throws {
        #expect(try failure(body).contains(message))
    }

    @Test func listLengthIsCapped() throws {
        let message = try failure(
            #"for i = 1, 5000 do score.tags:add("t" .. i) end"#, limits: SandboxLimits(instructionsPerCall: 50_000_000))
        #expect(message == "score.tags holds at most 1000 entries")
    }

    @Test func numbersAcceptIntegersAndIntegralFloats() throws {
        let result = try run("score.rating = 4 score.difficulty = 2.0 score.duration = 300 score.keysf = -3 score.keymi = nil",
                             ScoreMetadata(keymi: 1))
        #expect(result.after.rating == 4)
        #expect(result.after.difficulty == 2)
        #expect(result.after.duration == 300)
        #expect(result.after.keysf == -3)
        #expect(result.after.keymi == nil)
    }

    @Test(arguments: [
        ("score.rating = 3.5", "score.rating must be a whole number or nil, got 3.5"),
        (#"score.duration = "300""#, "score.duration must be a whole number or nil, got a string"),
        ("score.keysf = {}", "score.keysf must be a whole number or nil, got a table"),
        ("score.title = 12", "score.title must be a string or nil, got a number"),
        (#"score.titel = "x""#, "score has no field 'titel'"),
        ("local x = score.rate", "score has no field 'rate'"),
        (#"score.key = "Q major""#, "score.key: 'Q major' is not a key"),
        (#"score.file = {}"#, "score.file is read-only"),
    ])
    func fieldMisuseIsAClearError(_ body: String, _ message: String) throws {
        #expect(try failure(body).contains(message))
    }

    @Test func numberReadingAndTitle() throws {
        let result = try run(#"score.title = score.title .. " (" .. score.rating .. "/" .. tostring(score.difficulty) .. ")""#,
                             ScoreMetadata(title: "Étude", rating: 3))
        #expect(result.after.title == "Étude (3/nil)")
    }

    @Test func keyGetAndSet() throws {
        let get = try run("score.title = score.key", ScoreMetadata(keysf: -3, keymi: 0))
        #expect(get.after.title == "E♭ major")
        let byName = try run(#"score.key = "F# minor""#)
        #expect((byName.after.keysf, byName.after.keymi) == (3, 1))
        let parsed = try run(#"score.key = "Es-Dur""#)
        #expect((parsed.after.keysf, parsed.after.keymi) == (-3, 0))
        let cleared = try run("score.key = nil", ScoreMetadata(keysf: 2, keymi: 0))
        #expect((cleared.after.keysf, cleared.after.keymi) == (nil, nil))
        let unset = try run("score.title = tostring(score.key)", ScoreMetadata(keysf: 2))
        #expect(unset.after.title == "nil")
    }

    @Test func fileFacts() throws {
        let result = try run(#"""
            local f = score.file
            score.tags = { f.path, f.name, f.stem, f.folder, tostring(f.pages) }
            """#)
        #expect(result.after.tags == ["Scores/Chopin - Nocturne.pdf", "Chopin - Nocturne.pdf", "Chopin - Nocturne", "Scores", "4"])
    }

    @Test func infoHoldsEveryRawKey() throws {
        let result = try run(#"""
            local keys = {}
            for k, v in pairs(score.info) do keys[#keys + 1] = k .. "=" .. v end
            table.sort(keys)
            score.tags = keys
            """#, info: ["Title": "Nocturne", "Producer": "LilyPond", "Custom Key": "x"])
        #expect(result.after.tags == ["Custom Key=x", "Producer=LilyPond", "Title=Nocturne"])
    }

    @Test func tocItems() throws {
        let result = try run(#"""
            for i, item in ipairs(score.toc) do
              score.tags:add(item.title .. ":" .. item.first_page .. "-" .. item.last_page)
            end
            score.title = "#" .. #score.toc
            """#, toc: [Bookmark(title: "Prelude", firstPage: 1, lastPage: 2), Bookmark(title: "Fugue", firstPage: 3, lastPage: 5)])
        #expect(result.after.tags == ["Prelude:1-2", "Fugue:3-5"])
        #expect(result.after.title == "#2")
    }

    @Test(arguments: [
        #"score.info.Title = "x""#,
        #"rawset(score.info, "Title", "x")"#,
        #"score.toc[1].title = "x""#,
        #"score.file.name = "x""#,
        #"getmetatable(score.file).__newindex = nil"#,
    ])
    func factsAreReadOnly(_ body: String) throws {
        let result = try run(body, info: ["Title": "T"], toc: [Bookmark(title: "A", firstPage: 1, lastPage: 1)])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.location.line == 4)
    }

    @Test func factsFollowTheScore() throws {
        let folder = try RuleFolder(["10-name.lua": ruleFile("name", "score.title = score.file.stem")])
        let results = try folder.run([score("a/One.pdf"), score("b/Two.pdf")])
        #expect(results.map(\.after.title) == ["One", "Two"])
    }
}
