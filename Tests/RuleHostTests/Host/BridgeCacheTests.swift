import MetadataModel
import Testing

@testable import RuleHost

/// What the bridge keeps in Lua between accesses: the facts built for the current score (in
/// the table behind `score`'s `__index`, dropped when the score changes) and data rows made
/// read-only by the host. Each must behave as building them anew would.
struct BridgeCacheTests {
    /// Facts built by one rule are the ones the next rule sees for the same score, and every
    /// score of a run, including a score run twice in a row, sees its own.
    @Test func factsAreKeptPerScoreAndDroppedWithIt() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"score.tags:add(score.file.stem .. "/" .. (score.info.Title or "-"))"#),
            "20-b.lua": ruleFile(
                "b",
                #"""
                local first = score.file
                score.tags:add(tostring(rawequal(first, score.file)) .. " " .. first.name .. " " .. #score.toc)
                """#),
        ])
        let inputs = [
            score("x/One.pdf", info: ["Title": "First"]), score("x/Two.pdf"),
            ScoreInput(
                metadata: ScoreMetadata(), file: FileFacts(path: "Three.pdf"),
                toc: [Bookmark(title: "A", firstPage: 1, lastPage: 2)]),
            score("x/One.pdf", info: ["Title": "Again"]),
        ]
        let results = try folder.run(inputs)
        #expect(results.map(\.diagnostics) == [[], [], [], []])
        #expect(
            results.map(\.after.tags) == [
                ["One/First", "true One.pdf 0"], ["Two/-", "true Two.pdf 0"], ["Three/-", "true Three.pdf 1"],
                ["One/Again", "true One.pdf 0"],
            ])
    }

    /// A fact built for one score and not used on the next is built afresh for a later one:
    /// dropping only the facts a score built must not leave a stale one behind.
    @Test func aFactSkippedByOneScoreIsRebuiltForTheNext() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"if score.file.stem ~= "Two" then score.tags:add(score.info.Title or "-") end"#),
            "20-b.lua": ruleFile("b", #"score.title = score.file.name"#),
        ])
        let results = try folder.run([
            score("One.pdf", info: ["Title": "First"]), score("Two.pdf", info: ["Title": "Second"]),
            score("Three.pdf", info: ["Title": "Third"]), score("Three.pdf"),
        ])
        #expect(results.map(\.after.tags) == [["First"], [], ["Third"], ["-"]])
        #expect(results.map(\.after.title) == ["One.pdf", "Two.pdf", "Three.pdf", "Three.pdf"])
    }

    /// A failed call discards the score's changes but not its facts, which do not change.
    @Test func factsSurviveAFailedCall() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"local _ = score.file.stem; error("boom")"#),
            "20-b.lua": ruleFile("b", "score.title = score.file.stem"),
        ])
        let results = try folder.run([score("One.pdf"), score("Two.pdf")])
        #expect(results.map(\.after.title) == ["One", "Two"])
        #expect(results.map { $0.diagnostics.map(\.message) } == [["boom"], ["boom"]])
    }

    /// An expression evaluated on one score after another sees each score's file.
    @Test func expressionsSeeEachScoresFacts() throws {
        let expression = try ScoreExpression(#"score.file.stem == "One""#)
        let answers = try [score("One.pdf"), score("Two.pdf"), score("One.pdf")].map(expression.isTrue(for:))
        #expect(answers == [true, false, true])
    }

    /// A data row is the read-only view `readonly` makes of a table: the same metatable, the
    /// same refusals as the facts the prelude wraps, each naming the field, and every cell by
    /// `pairs`.
    @Test func dataRowsAreReadOnlyViewsLikeFacts() throws {
        let body = #"""
            local row = tagrules.data("eras.csv")["chopin"]
            local cells = {}
            for k, v in pairs(row) do cells[#cells + 1] = k .. "=" .. v end
            table.sort(cells)
            score.tags = cells
            local a, b = pcall(function() row.era = "x" end), pcall(function() score.info.x = "x" end)
            local _, e1 = pcall(function() row.era = "x" end) local _, e2 = pcall(function() score.info.x = "x" end)
            local r1, r2 = pcall(rawset, row, "era", "x"), pcall(rawset, score.info, "x", "x")
            score.title = table.concat({ tostring(getmetatable(row) == getmetatable(score.info)), tostring(a),
                                         tostring(b),
                                         tostring(e1:find('tagrules.data("eras.csv")["chopin"].era is read-only', 1, true) ~= nil
                                           and e2:find("score.info.x is read-only", 1, true) ~= nil), tostring(r1), tostring(r2), type(row),
                                         tostring(#row) }, " ")
            """#
        let folder = try RuleFolder([
            "10-rule.lua": ruleFile("rule", body), "eras.csv": "name,era,born\nChopin,Romantic,\nBach,Baroque,1685\n",
        ])
        let result = try #require(try folder.run([score("x.pdf", info: ["Title": "T"])]).first)
        #expect(result.diagnostics == [])
        #expect(result.after.tags == ["era=Romantic", "name=Chopin"])
        #expect(result.after.title == "true false false true false false userdata 0")
    }

    /// List methods and metamethods know their list by the object they are called on, and
    /// refuse anything else with the message they always gave.
    @Test func listsAreKnownByTheirObject() throws {
        let body = #"""
            score.genres.add(score.tags, "via tags")
            score.labels = score.tags
            local add = score.genres.add
            local results = {}
            for _, target in ipairs({ "genres", score.file, score, 1 }) do
              local ok, message = pcall(add, target, "x")
              results[#results + 1] = tostring(ok) .. ":" .. tostring(message)
            end
            score.title = table.concat(results, "|") .. "|" .. tostring(score.genres.nothing) .. "|"
              .. tostring(score.tags[1]) .. tostring(score.tags[1.5]) .. tostring(score.tags[0]) .. "|"
              .. tostring(score.labels) .. "|" .. #score.labels .. "|" .. tostring(rawequal(add, score.tags.add))
            """#
        let folder = try RuleFolder(["10-rule.lua": ruleFile("rule", body)])
        let result = try #require(try folder.run([score("x.pdf", ScoreMetadata(tags: ["t"]))]).first)
        let refusal = #"false:not a list of score; call list methods with ':' (score.genres:add("x"))"#
        #expect(result.diagnostics == [])
        #expect(result.after.tags == ["t", "via tags"])
        #expect(result.after.labels == ["t", "via tags"])
        #expect(result.after.genres == [])
        #expect(
            result.after.title
                == [refusal, refusal, refusal, refusal].joined(separator: "|") + "|nil|tnilnil|[t, via tags]|2|true")
    }
}
