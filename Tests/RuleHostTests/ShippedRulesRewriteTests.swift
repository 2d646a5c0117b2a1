import TestSupport
import Testing

@testable import RuleHost

/// The shipped rules were rewritten for speed; each rewritten expression gives what the one it
/// replaced gave, checked in the rules sandbox itself on edge and random texts.
struct ShippedRulesRewriteTests {
    private static let pieces = ["_", " ", "  ", "\t", "\n", "\r\n", "a", "B", "é", ",", ", ", "-", "__", "_ _", "\u{A0}", "x y"]

    private static func texts() -> [String] {
        var random = SplitMix64(seed: 0x5275_6C65)
        let edges = ["", "_", " ", "a", "_a_", " a b ", "a,b", ",", "a,", ",b", "a,,b", "Bach, J. S.", "x_-_y"]
        return edges
            + (0..<400).map { _ in
                (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
    }

    /// Whether `check` (a Lua expression over the string `s`) is true for every text, evaluated
    /// in one expression of the rules sandbox.
    private static func holdsForEveryText(_ check: String) throws -> Bool {
        // Long string literals: no text here holds "]==]".
        let list = texts().map { "[==[" + $0 + "]==]" }.joined(separator: ", ")
        let expression = try ScoreExpression(
            "(function() for _, s in ipairs({ \(list) }) do if not (\(check)) then return false end end return true end)()")
        return try expression.isTrue(for: ScoreInput(metadata: .init(), file: FileFacts(path: "x.pdf")))
    }

    /// 15-title-from-filename.lua, `clean`: one gsub of `[_%s]+` instead of `_` then `%s+`.
    @Test func cleanSqueezesLikeTheTwoGsubs() throws {
        #expect(try Self.holdsForEveryText(#"(s:gsub("_", " "):gsub("%s+", " ")) == (s:gsub("[_%s]+", " "))"#))
    }

    /// lib/composers.lua, `full_name`: the "Surname, Given" pattern never matches text without
    /// a comma, so skipping it then changes nothing.
    @Test func theSurnameGivenFormNeedsAComma() throws {
        #expect(try Self.holdsForEveryText(#"s:find(",", 1, true) ~= nil or s:match("^%s*([^,]+),%s*([^,]+)$") == nil"#))
    }

    /// The check can fail: a rewrite that squeezed only underscores would be caught.
    @Test func aWrongRewriteIsCaught() throws {
        #expect(try !Self.holdsForEveryText(#"(s:gsub("_", " "):gsub("%s+", " ")) == (s:gsub("_+", " "))"#))
    }
}
