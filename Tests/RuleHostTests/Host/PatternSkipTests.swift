import CLua
import TestSupport
import Testing

@testable import RuleHost

/// The pattern functions skip work that must fail at once: `gsub` copies the subject positions
/// where its pattern's leading class cannot match, and a repetition (`*`, `+`, `-`) does not
/// try the rest of the pattern where the rest's leading class (after any capture closings)
/// cannot match. Each skip charges the steps the matcher would charge. They must equal the
/// functions that try everything (`clua_set_stepwise_patterns`): the same results or the same
/// error, and the same instruction budget left, whether the budget suffices or runs out.
struct PatternSkipTests {
    /// Patterns whose items may or may not fail at once: plain characters, classes, sets
    /// (negated, with ranges, with "]" first, unfinished), captures closed before a class,
    /// items the matcher reads before classes, and suffixes that allow zero repetitions.
    static let patterns = [
        "[_%s]+", "%s+", "a", "ab", "a+b", "%d+", "%D", "[^,]+", "[%a_][%w_]*", "[]]+", "[^]]", "[a-c]",
        "[a", "[", "%", "%b()", "%bx", "%f[%w]%w+", "(a)", "()a", ")", "$", "a$", "%1", "a*", "a?", "a-",
        "[_%s]*", ".", ".+", "%%", "%.", "[%]]", "[%", "\u{e9}", "[\u{e9}]+", "%z", "\0", "x(y)", "%ax",
        "^(%S+) (.+)$", "^(.-)_%-_(.+)$", "^%s*(.-)%s*$", "(%w+)%s*,%s*(%w+)", "((a+))b", "((.-)))c", "(a*)%1",
        "a+)b", "(.-)()x", "((%w-)_)", "(.*)%.pdf$", "^IMSLP%d+%-(.*)$", "([^,]*),", ".-b", "(a-)$", "(x*)(y",
        "(a+))", "a*)", "(a-)%b()", "(a-)%f[b]", "(a-)%1", "(a*)[b", "((((a-))))c", "(.-)[%s_]+(.-)$",
    ]

    /// Subject bytes: letters, digits, spaces, underscores, pattern characters and UTF-8.
    static let alphabet = Array("ab c_x1,()]%.-\u{e9}y\t".utf8) + [0]

    @Test func skippingEqualsTryingEverything() throws {
        let fast = try LuaState(memoryLimit: 64 << 20)
        let stepwise = try LuaState(memoryLimit: 64 << 20)
        clua_set_stepwise_patterns(stepwise.L, 1)
        var random = SplitMix64(seed: 20_261_122)
        var compared = 0
        for pattern in Self.patterns {
            for _ in 0..<30 {
                let length = Int.random(in: 0...40, using: &random)
                let subject = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }
                let replacement = ["-", "", "<%0>", "%1", "%%"].randomElement(using: &random)!
                let limit: Int? = Bool.random(using: &random) ? nil : Int.random(in: 0...3, using: &random)
                // An ample budget, and one that may run out part of the way.
                for budget in [1 << 30, Int.random(in: 0...600, using: &random)] {
                    let call = Call(subject: subject, pattern: pattern, replacement: replacement, limit: limit, budget: budget)
                    for function in Call.Function.allCases {
                        #expect(call.run(function, in: fast) == call.run(function, in: stepwise), "\(function) \(call)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == Self.patterns.count * 30 * 2 * 4)
    }

    /// Deep recursion: a repetition nested past the matcher's limit raises "pattern too complex"
    /// in both, after the same steps.
    @Test func theRecursionLimitIsReachedAlike() throws {
        let fast = try LuaState(memoryLimit: 64 << 20)
        let stepwise = try LuaState(memoryLimit: 64 << 20)
        clua_set_stepwise_patterns(stepwise.L, 1)
        for depth in [195, 198, 199, 200, 201, 205] {
            let pattern = String(repeating: "(a-)", count: depth) + "b"
            let call = Call(
                subject: Array(String(repeating: "a", count: 30).utf8) + [UInt8(ascii: "c")], pattern: pattern,
                replacement: "", limit: nil, budget: 1 << 30)
            for function in Call.Function.allCases {
                #expect(call.run(function, in: fast) == call.run(function, in: stepwise), "\(function) \(depth)")
            }
        }
    }

    /// The shipped rules' `clean` (`gsub("[_%s]+", " ")`) gives the library's result.
    @Test func shippedCleanPatternGivesTheLibrarysResult() throws {
        let lua = try LuaState(memoryLimit: 64 << 20)
        let title = Array("IMSLP00042-Chopin_-_Prelude_Op.28  No.7\tin_A_major".utf8)
        let call = Call(subject: title, pattern: "[_%s]+", replacement: " ", limit: nil, budget: 1 << 30)
        let results = try #require(call.run(.gsub, in: lua).first)
        #expect(results.prefix(2) == ["IMSLP00042-Chopin - Prelude Op.28 No.7 in A major", "7"])
    }

    /// One call of a pattern function from Swift, with its arguments.
    private struct Call: CustomStringConvertible {
        enum Function: CaseIterable { case find, match, gmatch, gsub }

        var subject: [UInt8]
        var pattern: String
        var replacement: String
        var limit: Int?
        var budget: Int

        var description: String {
            "\(String(decoding: subject, as: UTF8.self).debugDescription) \(pattern.debugDescription) "
                + "\(replacement.debugDescription) \(String(describing: limit)) \(budget)"
        }

        /// What each call left, in order: its results (or its failure) and the budget it did not
        /// use. For `gmatch`, each call of the iterator until it ends or fails.
        func run(_ function: Function, in lua: LuaState) -> [[String]] {
            let base = lua.top
            defer { lua.setTop(base) }
            let builtin: lua_CFunction =
                switch function {
                case .find: clua_pattern_find
                case .match: clua_pattern_match
                case .gmatch: clua_pattern_gmatch
                case .gsub: clua_pattern_gsub
                }
            lua_pushcclosure(lua.L, builtin, 0)
            subject.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, $0.count) }
            }
            lua.push(pattern)
            if function == .gsub {
                lua.push(replacement)
                lua.push(limit)
            }
            var outcomes = [outcome(lua, arguments: function == .gsub ? 4 : 2)]
            guard function == .gmatch, lua.type(at: -1) == .function else { return outcomes }
            let iterator = lua.top
            for _ in 0...subject.count + 1 {
                lua.pushValue(at: iterator)
                outcomes.append(outcome(lua, arguments: 0))
                if lua.top == iterator { break }  // the iterator ended, or failed
                lua.setTop(iterator)
            }
            return outcomes
        }

        /// Calls the function below the `arguments` topmost values: its first three results (or
        /// its failure) and the budget left.
        private func outcome(_ lua: LuaState, arguments: Int32) -> [String] {
            let base = lua.top - arguments - 1
            var results: [String] = []
            if let failure = lua.call(arguments: arguments, results: LUA_MULTRET, budget: budget) {
                results = ["\(failure.kind)", failure.message]
            } else if lua.top == base {
                results = ["none"]
            } else {
                for index in (base + 1)...lua.top where index <= base + 3 {
                    results.append(lua.string(at: index) ?? lua.integer(at: index).map(String.init) ?? lua.type(at: index).name)
                }
            }
            results.append(String(clua_ctx(lua.L).pointee.remaining))
            return results
        }
    }
}
