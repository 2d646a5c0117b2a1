import MetadataModel
import Testing
@testable import RuleHost

/// Loading rule files: order, list files, names, and every load problem with file:line.
struct RuleLoadingTests {
    @Test func filesRunInFilenameOrderAndRulesInFileOrder() throws {
        let folder = try RuleFolder([
            "20-b.lua": ruleFile("b", #"score.tags:add("b")"#),
            "10-a.lua": """
            return {
              { name = "a1", apply = function(score) score.tags:add("a1") end },
              { name = "a2", apply = function(score) score.tags:add("a2") end },
            }
            """,
            "30-c.lua": ruleFile("c", #"score.tags:add("c")"#),
            "notes.txt": "not a rule",
            ".hidden.lua": "error('never loaded')",
        ])
        let set = try folder.ruleSet()
        #expect(set.diagnostics == [])
        #expect(set.rules.map(\.name) == ["a1", "a2", "b", "c"])
        #expect(set.rules.map(\.file) == ["10-a.lua", "10-a.lua", "20-b.lua", "30-c.lua"])
        #expect(set.rules.map(\.line) == [2, 3, 3, 3])
        #expect(try folder.run([score("x.pdf")])[0].after.tags == ["a1", "a2", "b", "c"])
    }

    @Test func duplicateNamesKeepTheFirst() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("same", #"score.tags:add("first")"#),
            "20-b.lua": ruleFile("same", #"score.tags:add("second")"#),
        ])
        let set = try folder.ruleSet()
        #expect(set.rules.map(\.file) == ["10-a.lua"])
        let duplicate = try #require(set.diagnostics.first)
        #expect(set.diagnostics.count == 1)
        #expect(duplicate.ruleCode == .duplicateName)
        #expect((duplicate.location.file, duplicate.location.line) == ("20-b.lua", 3))
        #expect(duplicate.message == "rule name 'same' is already used at 10-a.lua:3; rename one of them")
        #expect(try folder.run([score("x.pdf")])[0].after.tags == ["first"])
    }

    /// A broken file, the code and line of its diagnostic and a piece of the message.
    @Test(arguments: [
        ("return {\n  name = 'x',\n  apply = function(score\nend }", RuleError.Code.syntax, Int?(4), "expected"),
        ("local x = nil\nreturn x.y", .runtime, 2, "attempt to index a nil value (local 'x')"),
        ("return 42", .invalidRule, 1, "the file must return a rule table or a list of rule tables, got a number"),
        ("return {}", .invalidRule, 1, "neither a rule nor a list of rules"),
        ("return {\n  description = 'd',\n  apply = function(score)\n  end,\n}", .invalidRule, 3, "the rule has no name"),
        ("return {\n  name = 'no apply',\n  description = 'd',\n}", .invalidRule, 2, "rule 'no apply' has no apply function"),
        ("return {\n  { name = 'ok', apply = function() end },\n  'oops',\n}", .invalidRule, 3, "item 2 of the returned list is a string"),
        ("return { name = 'd', description = 3, apply = function() end }", .invalidRule, 1, "its description must be a string"),
        ("return { name = 'e', examples = { { given = {}, expect = { rating = 1.5 } } }, apply = function() end }",
         .invalidRule, 1, "examples[1].expect.rating must be a whole number"),
        ("return { name = 'f', examples = { { given = { titel = 'x' }, expect = { title = 'x' } } }, apply = function() end }",
         .invalidRule, 1, "examples[1].given has an unknown field 'titel'"),
        ("while true do end", .budgetExceeded, 1, "instruction budget exceeded"),
        ("\u{1B}Lua", .syntax, nil, "attempt to load a binary chunk"),
    ])
    func loadProblemsNameFileAndLine(_ text: String, _ code: RuleError.Code, _ line: Int?, _ message: String) throws {
        let folder = try RuleFolder([
            "10-good.lua": ruleFile("good", #"score.tags:add("good")"#),
            "20-broken.lua": text,
        ])
        let set = try folder.ruleSet()
        let problem = try #require(set.diagnostics.first { $0.location.file == "20-broken.lua" })
        #expect(problem.ruleCode == code)
        #expect(problem.location.line == line)
        #expect(problem.message.contains(message), "\(problem.message)")
        #expect(problem.severity == .error)
        #expect(set.rules.contains { $0.name == "good" })
        #expect(try folder.run([score("x.pdf")])[0].after.tags.contains("good"))
    }

    @Test func unknownRuleFieldIsAWarning() throws {
        let folder = try RuleFolder([
            "10-a.lua": "return {\n  name = 'a',\n  descripton = 'typo',\n  apply = function(score) end,\n}"
        ])
        let set = try folder.ruleSet()
        #expect(set.rules.map(\.name) == ["a"])
        #expect(set.diagnostics.map(\.severity) == [.warning])
        #expect(set.diagnostics.first?.message.contains("unknown field 'descripton'") == true)
        #expect(set.diagnostics.first?.location.line == 4)
    }

    @Test func modulesAreRequiredFromSubfoldersOnce() throws {
        let folder = try RuleFolder([
            "lib/names.lua": "loads = (loads or 0) + 1\nreturn { short = { Bach = 'Johann Sebastian Bach' } }",
            "10-a.lua": "local names = require('lib.names')\n" + ruleFile("a", "score.title = names.short[score.title]"),
            "20-b.lua": "local names = require('lib.names')\n" + ruleFile("b", #"score.tags:add(tostring(names == require("lib.names")))"#),
        ])
        let result = try folder.run([score("x.pdf", ScoreMetadata(title: "Bach"))])[0]
        #expect(result.diagnostics == [])
        #expect(result.after.title == "Johann Sebastian Bach")
        #expect(result.after.tags == ["true"])
    }

    @Test func requireOfAMissingModuleNamesTheCaller() throws {
        let folder = try RuleFolder(["10-a.lua": "\nlocal m = require('lib.missing')\nreturn {}"])
        let problem = try #require(try folder.ruleSet().diagnostics.first)
        #expect(problem.message == "no file 'lib/missing.lua' in the rules folder")
        #expect((problem.location.file, problem.location.line) == ("10-a.lua", 2))
    }

    @Test func examplesAreRead() throws {
        let folder = try RuleFolder([
            "10-a.lua": """
            return {
              name = "a",
              description = "Does nothing.",
              apply = function(score) end,
              examples = {
                { given = { title = "T", composers = { "X" }, rating = 3, key = "Es-Dur",
                            file = { name = "Chopin - Op 9.pdf", pages = 3 }, info = { Producer = "P" },
                            toc = { { title = "I", first_page = 1 } } },
                  expect = { genres = { "Romantic" }, key = "E♭ major", title = false } },
              },
            }
            """
        ])
        let rule = try #require(try folder.ruleSet().rules.first)
        #expect(rule.summary == "Does nothing.")
        let example = try #require(rule.examples.first)
        #expect(example.given.metadata == ScoreMetadata(title: "T", composers: ["X"], rating: 3, keysf: -3, keymi: 0))
        #expect(example.given.file == FileFacts(path: "Chopin - Op 9.pdf", name: "Chopin - Op 9.pdf", stem: "Chopin - Op 9", folder: "", pages: 3))
        #expect(example.given.info == ["Producer": "P"])
        #expect(example.given.toc == [Bookmark(title: "I", firstPage: 1, lastPage: 1)])
        #expect(example.fields == [.title, .genres, .keysf, .keymi])
        #expect(example.expected == ScoreMetadata(genres: ["Romantic"], keysf: -3, keymi: 0))
        #expect(example.line == 6)
    }

    @Test func missingFolderIsAnError() throws {
        let folder = try RuleFolder([:])
        let missing = folder.url.appendingPathComponent("nope")
        #expect(throws: RuleError.self) { try RuleSet.load(folder: missing) }
    }
}
