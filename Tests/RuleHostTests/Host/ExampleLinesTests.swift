import TestSupport
import Testing

@testable import RuleHost

/// The lines `rules test` and `rules check` give examples and their problems: the example's
/// own (or its `given`/`expect`'s) when the file's text shows it, else the line of `apply`.
struct ExampleLinesTests {
    /// The line of each example result of `files`, by rule.
    private func exampleLines(_ files: [String: String]) throws -> [String: [Int?]] {
        let results = try RuleExamplesRunner.run(try RuleFolder(files).ruleSet())
        return Dictionary(grouping: results, by: \.rule).mapValues { $0.map(\.line) }
    }

    /// The load problems of `source` as `line: message`.
    private func problems(_ source: String) throws -> [String] {
        try RuleFolder(["10-a.lua": source]).ruleSet().diagnostics.map { "\($0.location.line ?? 0): \($0.message)" }
    }

    @Test func eachExampleHasItsOwnLine() throws {
        let lines = try exampleLines([
            "10-x.lua": RuleSourceSamples.twoExamples,
            "20-list.lua": """
            return {
              { name = "b", apply = function(score) end,
                examples = { { given = {}, expect = { title = false } } } },
              { name = "c", apply = function(score) end, examples = {
                  { given = {}, expect = { title = false } },
                  { given = {}, expect = { title = false } } } },
            }
            """,
        ])
        #expect(lines == ["x": [8, 9], "b": [3], "c": [5, 6]])
    }

    @Test func examplesTheTextDoesNotPlaceKeepTheApplyLine() throws {
        let lines = try exampleLines([
            "10-local.lua": """
            local rule = {
              name = "local",
              apply = function(score) end,
              examples = { { given = {}, expect = { title = false } } },
            }
            return rule
            """,
            "20-unpacked.lua": """
            local list = { { given = {}, expect = { title = false } }, { given = {}, expect = { title = false } } }
            return {
              name = "unpacked",
              apply = function(score) end,
              examples = { table.unpack(list) },
            }
            """,
        ])
        #expect(lines == ["local": [3], "unpacked": [4, 4]], "the scan sees one example where Lua has two")
    }

    @Test func aMisspeltExpectFieldIsReportedAtTheExpect() throws {
        let found = try problems("""
            return {
              name = "a",
              apply = function(score) end,
              examples = {
                { given = {}, expect = { title = false } },
                { given = { title = "x" },
                  expect = { titel = "x" } },
              },
            }
            """)
        #expect(found == ["7: rule 'a': examples[2].expect has an unknown field 'titel'"])
    }

    /// A problem in the examples (after a good one, `ok`), and the line it is reported at.
    @Test(arguments: [
        ("examples = 3", 5, "examples must be a list"),
        ("examples = {\n  { given = { titel = 1 },\n expect = {} } }", 6, "examples[1].given has an unknown field 'titel'"),
        ("examples = {\n  ok,\n  'x' }", 7, "examples[2] must be a table"),
        ("examples = {\n  ok,\n  { given = {}, expect = { title = 'x' }, note = 1 } }", 7, "examples[2] has an unknown field 'note'"),
        ("examples = {\n  ok, { given = {},\n    expect = {} } }", 7, "examples[2].expect names no field to compare"),
        ("examples = { table.unpack({ ok, 2 }) }", 4, "examples[2] must be a table"),
    ])
    func problemsInExamplesAreAtTheirLine(_ examples: String, _ line: Int, _ message: String) throws {
        let found = try problems("local ok = { given = {}, expect = { title = false } }\nreturn {\n  name = 'a',\n  apply = function(score) end,\n  \(examples),\n}")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(line): rule 'a': \(message)") == true, "\(found)")
    }

    @Test func whatIsNotARuleIsReportedAtTheReturn() throws {
        #expect(try problems("local x = 42\n\nreturn x") == [
            "3: the file must return a rule table or a list of rule tables, got a number"
        ])
        #expect(try problems("-- nothing returned\nlocal x = 1") == [
            "1: the file must return a rule table or a list of rule tables, got a nil"
        ])
        #expect(try problems("return {\n  { name = 'ok', apply = function() end },\n\n  42,\n}") == [
            "4: item 2 of the returned list is a number, not a rule table"
        ])
    }
}
