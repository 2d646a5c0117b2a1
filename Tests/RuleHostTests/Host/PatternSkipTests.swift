import CLua
import Testing
import TestSupport

@testable import RuleHost

/// `string.gsub` skips the subject positions where its pattern's leading class cannot match
/// (`clua_pm_leading_class`), charging the steps trying them would charge. It must equal the
/// gsub that tries every position (`clua_pattern_gsub_stepwise`): the same results or the same
/// error, and the same instruction budget left, whether the budget suffices or runs out.
struct PatternSkipTests {
    /// Patterns whose first item may or may not be a class every match starts with: plain
    /// characters, classes, sets (negated, with ranges, with "]" first, unfinished), items the
    /// matcher reads before classes, and suffixes that allow zero repetitions.
    static let patterns = [
        "[_%s]+", "%s+", "a", "ab", "a+b", "%d+", "%D", "[^,]+", "[%a_][%w_]*", "[]]+", "[^]]", "[a-c]",
        "[a", "[", "%", "%b()", "%bx", "%f[%w]%w+", "(a)", "()a", ")", "$", "a$", "%1", "a*", "a?", "a-",
        "[_%s]*", ".", ".+", "%%", "%.", "[%]]", "[%", "\u{e9}", "[\u{e9}]+", "%z", "\0", "x(y)", "%ax",
    ]

    /// Subject bytes: letters, digits, spaces, underscores, pattern characters and UTF-8.
    static let alphabet = Array("ab c_x1,()]%.\u{e9}y\t".utf8) + [0]

    @Test func skippingEqualsMatchingEveryPosition() throws {
        let lua = try LuaState(memoryLimit: 64 << 20)
        var random = SplitMix64(seed: 20_261_122)
        var compared = 0
        for pattern in Self.patterns {
            for _ in 0..<40 {
                let length = Int.random(in: 0...40, using: &random)
                let subject = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }
                let replacement = ["-", "", "<%0>", "%1", "%%"].randomElement(using: &random)!
                let limit: Int? = Bool.random(using: &random) ? nil : Int.random(in: 0...3, using: &random)
                // An ample budget, and one that may run out part of the way.
                for budget in [1 << 30, Int.random(in: 0...600, using: &random)] {
                    let fast = run(clua_pattern_gsub, lua, subject, pattern, replacement, limit, budget)
                    let stepwise = run(clua_pattern_gsub_stepwise, lua, subject, pattern, replacement, limit, budget)
                    #expect(fast == stepwise, "\(subject) \(pattern) \(replacement) \(String(describing: limit)) \(budget)")
                    compared += 1
                }
            }
        }
        #expect(compared == Self.patterns.count * 80)
    }

    /// The skipping pays off for the shipped rules' `clean`: most positions of a title are
    /// not whitespace or "_", and the result is the library's.
    @Test func shippedCleanPatternGivesTheLibrarysResult() throws {
        let lua = try LuaState(memoryLimit: 64 << 20)
        let title = Array("IMSLP00042-Chopin_-_Prelude_Op.28  No.7\tin_A_major".utf8)
        let outcome = run(clua_pattern_gsub, lua, title, "[_%s]+", " ", nil, 1 << 30)
        #expect(outcome.results == ["IMSLP00042-Chopin - Prelude Op.28 No.7 in A major", "7"])
    }

    /// What one call left: its results (or error) and the budget it did not use.
    private struct Outcome: Equatable {
        var results: [String]
        var remaining: Int64
    }

    private func run(
        _ function: lua_CFunction, _ lua: LuaState, _ subject: [UInt8], _ pattern: String, _ replacement: String,
        _ limit: Int?, _ budget: Int
    ) -> Outcome {
        let base = lua.top
        defer { lua.setTop(base) }
        lua_pushcclosure(lua.L, function, 0)
        subject.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, $0.count) }
        }
        lua.push(pattern)
        lua.push(replacement)
        lua.push(limit)
        var results: [String] = []
        if let failure = lua.call(arguments: 4, results: 2, budget: budget) {
            results = ["\(failure.kind)", failure.message]
        } else {
            results = [lua.string(at: -2) ?? "?", lua.integer(at: -1).map(String.init) ?? "?"]
        }
        return Outcome(results: results, remaining: clua_ctx(lua.L).pointee.remaining)
    }
}
