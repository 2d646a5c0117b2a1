import TestSupport
import Testing

@testable import RuleHost

/// `RuleFileLayout`: the lines of a rule file's return, rules and examples, from its text.
struct RuleFileLayoutTests {
    private typealias Example = RuleFileLayout.Example

    /// The examples of the file's single returned rule.
    private func ruleExamples(_ source: String) throws -> RuleFileLayout.Examples {
        try #require(RuleFileLayout(source: source).returnedRuleExamples)
    }

    @Test func oneRuleWithAnExampleOnEachLine() throws {
        let layout = RuleFileLayout(source: RuleSourceSamples.twoExamples)
        #expect(layout.returnLine == 1)
        #expect(layout.returned == .rule(examples: RuleFileLayout.Examples(line: 7, items: [
            Example(line: 8, fields: ["given": 8, "expect": 8]),
            Example(line: 9, fields: ["given": 9, "expect": 9]),
        ])))
    }

    @Test func commentsAndStringsHoldingBracesAndExamplesAreSkipped() throws {
        let examples = try ruleExamples("""
            -- return { examples = { {
            local note = "examples = { {"  -- }
            return {
              name = "a }",
              --[[ examples = { { given = {} } }, ]]
              apply = function(score)
                local t = { "}", [[ { ]], [==[ ]] } ]==], 'examples = {' }
                if t then return end
              end,
              examples = {
                -- { given = {} },
                { given = { title = "{" },
                  expect = { title = 'x\\'}' } },
                --[=[ } ]=] {
                  given = {}, expect = { title = [[
            }]] },
                },
              },
            }
            """)
        #expect(examples == RuleFileLayout.Examples(line: 10, items: [
            Example(line: 12, fields: ["given": 12, "expect": 13]),
            Example(line: 14, fields: ["given": 15, "expect": 15]),
        ]))
    }

    @Test func nestedTablesAndCallsStayInsideTheirExample() throws {
        let examples = try ruleExamples("""
            return { name = "n", apply = apply, examples = {
              { given = { file = { name = "a, b.pdf" }, toc = { { title = "x", first_page = 1 }, { title = "y", first_page = 2 } } },
                expect = { genres = { "a", "b" } } };
              { given = { composers = list("a", "b") }, expect = { composers = (function() local a, b = 1, 2; return { a, b } end)() } },
              make_example(1, 2),
            } }
            """)
        #expect(examples.line == 1)
        #expect(examples.items == [
            Example(line: 2, fields: ["given": 2, "expect": 3]),
            Example(line: 4, fields: ["given": 4, "expect": 4]),
            Example(line: 5, fields: [:]),
        ])
    }

    @Test func aListOfRulesGivesEachItsLineAndExamples() {
        let layout = RuleFileLayout(source: """
            local shared = { name = "shared", apply = function() end }
            return {
              { name = "a", apply = function() end,
                examples = { { given = {}, expect = { title = "a" } } } },
              { name = "b", apply = function() end },
              shared,
            }
            """)
        #expect(layout.returnLine == 2)
        #expect(layout.returned == .list([
            RuleFileLayout.Item(line: 3, examples: RuleFileLayout.Examples(line: 4, items: [Example(line: 4, fields: ["given": 4, "expect": 4])])),
            RuleFileLayout.Item(line: 5, examples: nil),
            RuleFileLayout.Item(line: 6, examples: nil),
        ]))
        #expect(layout.returnedItems(matching: 3)?.map(\.line) == [3, 5, 6])
        #expect(layout.returnedItems(matching: 2) == nil, "as many as Lua has, or none")
        #expect(layout.returnedRuleExamples == nil)
    }

    @Test func aRuleTableInALocalIsNotFollowed() {
        let layout = RuleFileLayout(source: """
            local rule = {
              name = "local",
              apply = function(score) return end,
              examples = { { given = {}, expect = { title = "x" } } },
            }
            return rule
            """)
        #expect(layout.returnLine == 6)
        #expect(layout.returned == .other)
        #expect(layout.returnedRuleExamples == nil)
    }

    /// The chunk's return, not one inside a function or block, nor one in a comment or string.
    @Test(arguments: [
        ("return 42", Int?(1)),
        ("local function f()\n  return {}\nend\nreturn f()\n-- return", 4),
        ("if x then return end\nwhile true do\n  return\nend\nrepeat return until true\nreturn 'return'", 6),
        ("local s = [[\nreturn ]]\n", nil),
        ("do\n  return {}\nend", nil),
    ])
    func theFinalReturnIsTheChunks(_ source: String, _ line: Int?) {
        #expect(RuleFileLayout(source: source).returnLine == line)
    }

    @Test func examplesTheScanCannotPlaceAreLeftOut() throws {
        let made = RuleFileLayout(source: "return { name = 'a', examples = make(), apply = f }")
        #expect(made.returnedRuleExamples == RuleFileLayout.Examples(line: 1, items: nil))
        let extended = RuleFileLayout(source: "return { name = 'a',\n examples = { {} } .. more, apply = f }")
        #expect(extended.returnedRuleExamples == RuleFileLayout.Examples(line: 2, items: nil))
        let keyedRule = RuleFileLayout(source: "return { name = 'a', examples = { {} }, ['examples'] = {}, apply = f }")
        #expect(keyedRule.returned == .rule(examples: nil))
        let keyedItems = try ruleExamples("return { name = 'a',\n examples = { {}, [2] = {} } }")
        #expect(keyedItems == RuleFileLayout.Examples(line: 2, items: nil))
        let unpacked = try ruleExamples("return { name = 'a', examples = { table.unpack(list) } }")
        #expect(unpacked.items?.count == 1)
        #expect(unpacked.items(matching: 3) == nil, "Lua has three: the scan's one cannot be placed")
        #expect(unpacked.items(matching: 1)?.count == 1)
    }

    @Test func theLastOfRepeatedExamplesFieldsIsLuas() throws {
        let examples = try ruleExamples("return { name = 'a',\n examples = {},\n examples = { {} } }")
        #expect(examples == RuleFileLayout.Examples(line: 3, items: [Example(line: 3, fields: [:])]))
    }

    @Test func tablesThatAreNeitherRuleNorListAreOther() {
        #expect(RuleFileLayout(source: "return { description = 'd' }").returned == .other)
        #expect(RuleFileLayout(source: "return {}").returned == .list([]))
        #expect(RuleFileLayout(source: "x = 1").returned == .other)
        #expect(RuleFileLayout(source: "return { name = 'a'").returned == .other, "an unclosed constructor")
        #expect(RuleFileLayout(source: "return { name = 'a' ) }").returned == .other, "a stray bracket")
    }

    @Test func anExampleFieldsLineFallsBackToTheExamples() {
        let example = Example(line: 3, fields: ["given": 3, "expect": 4])
        #expect(example.line(of: "expect") == 4)
        #expect(example.line(of: "other") == 3)
        #expect(example.line(of: nil) == 3)
    }
}
