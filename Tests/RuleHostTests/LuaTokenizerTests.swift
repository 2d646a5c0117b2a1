import Testing

@testable import RuleHost

/// `LuaTokenizer`: tokens and their lines, with comments and strings out of the way.
struct LuaTokenizerTests {
    /// `kind:text@line` for each token, `"` for a string and `#` for a number.
    private func summary(_ source: String) -> [String] {
        LuaTokenizer.tokens(of: source).map { token in
            switch token.kind {
            case .name, .symbol: return "\(token.text)@\(token.line)"
            case .string: return "\"@\(token.line)"
            case .number: return "#@\(token.line)"
            }
        }
    }

    @Test func namesSymbolsAndNumbersWithTheirLines() {
        #expect(summary("local a = {\n  b == c, d ~= 1;\n}") == [
            "local@1", "a@1", "=@1", "{@1", "b@2", "==@2", "c@2", ",@2", "d@2", "~=@2", "#@2", ";@2", "}@3",
        ])
        #expect(summary("t[i][2] = x.y <= 3") == ["t@1", "[@1", "i@1", "]@1", "[@1", "#@1", "]@1", "=@1", "x@1", ".@1", "y@1", "<=@1", "#@1"])
    }

    @Test func numeralsTakeTheirExponentSign() {
        #expect(summary("{ 1e+5, 2E-3, 0x1p-2, 0xe+1, 3.5 }") == [
            "{@1", "#@1", ",@1", "#@1", ",@1", "#@1", ",@1", "#@1", "+@1", "#@1", ",@1", "#@1", "}@1",
        ])
    }

    @Test func commentsAreSkippedAndTheirLinesCounted() {
        let source = """
            -- return { examples = { {
            --[[ {
            examples } ]] a --[==[ ]] }
            ]==] b -- }
            --[=[]=]c
            """
        #expect(summary(source) == ["a@3", "b@4", "c@5"])
    }

    @Test func stringsAreOneTokenWhateverTheyHold() {
        let source = #"""
            x = "a \" { examples", 'it\'s }' .. "line\
            break" .. [[ {
            }]] .. [=[ ]] { ]=]
            y = "\\" z
            """#
        #expect(summary(source) == [
            "x@1", "=@1", "\"@1", ",@1", "\"@1", ".@1", ".@1", "\"@1", ".@2", ".@2", "\"@2", ".@3", ".@3", "\"@3", "y@4", "=@4", "\"@4", "z@4",
        ])
    }

    @Test(arguments: ["\n", "\r", "\r\n", "\n\r"])
    func eachKindOfLineBreakIsOneLine(_ lineBreak: String) {
        #expect(summary(["a", "b", "", "c"].joined(separator: lineBreak)) == ["a@1", "b@2", "c@4"])
        #expect(summary("[[\(lineBreak)]] d") == ["\"@1", "d@2"])
    }

    @Test func unfinishedTextStillTokenizes() {
        #expect(summary("x = \"open\ny") == ["x@1", "=@1", "\"@1", "y@2"])
        #expect(summary("--[[ never closed\n{") == [])
        #expect(summary("[==[ { ") == ["\"@1"])
    }
}
