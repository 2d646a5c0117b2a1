import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// Issue 4, "Done when": hostile rules are contained — each gives a diagnostic with file:line
/// and the run completes for the other rules and scores.
struct HostileRuleTests {
    /// A hostile statement (on line 4 of its file), the error code and a piece of the message.
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let body: String
        let code: RuleError.Code
        let message: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "os.execute", body: #"os.execute("touch /tmp/tagrules-pwned")"#, code: .runtime,
             message: "os.execute is not available in rules: the sandbox's os has only time, date and clock"),
        Case(label: "io.open", body: #"io.open("/etc/passwd")"#, code: .runtime,
             message: "the sandbox has no io library: rules cannot open files"),
        Case(label: "require ../x", body: #"require("../x")"#, code: .runtime,
             message: "is not a module of the rules folder"),
        Case(label: "require absolute path", body: #"require("/etc/passwd")"#, code: .runtime,
             message: "is not a module of the rules folder"),
        Case(label: "require through a symbolic link", body: #"require("lib.escape")"#, code: .runtime,
             message: "leads outside the rules folder"),
        Case(label: "load of a binary chunk", body: #"assert(load("\27Lua\84\0", "x", "b"))()"#, code: .runtime,
             message: "attempt to load a binary chunk"),
        Case(label: "string.dump", body: #"local f = string.dump(function() end)"#, code: .runtime,
             message: "attempt to call a nil value (field 'dump')"),
        Case(label: "dofile", body: #"dofile("/etc/passwd")"#, code: .runtime,
             message: "dofile is not available in rules"),
        Case(label: "debug library", body: #"debug.sethook()"#, code: .runtime,
             message: "the sandbox has no debug library"),
        Case(label: "infinite loop", body: "while true do end", code: .budgetExceeded,
             message: "instruction budget exceeded"),
        Case(label: "loop that catches its own errors", body: "while true do pcall(function() while true do end end) end",
             code: .budgetExceeded, message: "instruction budget exceeded"),
        Case(label: "table growth", body: "local t = {} while true do t[#t+1] = {} end", code: .memoryExceeded,
             message: "memory limit exceeded"),
        Case(label: "table growth caught by pcall", body: "local t = {} pcall(function() while true do t[#t+1] = {} end end) t = nil",
             code: .memoryExceeded, message: "memory limit exceeded"),
        Case(label: "string.rep of 1e10", body: #"local s = string.rep("x", 1e10)"#, code: .runtime,
             message: "exceeds the memory limit"),
        Case(label: "method rep of 1e10", body: #"local s = ("xy"):rep(1e10, ",")"#, code: .runtime,
             message: "exceeds the memory limit"),
        Case(label: "empty string.rep of 1e15", body: #"local s = string.rep("", 1e15) error("rep returned " .. #s)"#,
             code: .runtime, message: "rep returned 0"),
        Case(label: "string.format with a huge width", body: #"local s = string.format("%099999999d", 1)"#,
             code: .runtime, message: "invalid conversion"),
        Case(label: "table.concat growth", body: #"local s, t = ("x"):rep(1e6), {} for i = 1, 100 do t[i] = s end s = table.concat(t)"#,
             code: .memoryExceeded, message: "memory limit exceeded"),
        Case(label: "gsub replacement growth", body: #"local s = ("x"):rep(1e5):gsub("x", ("y"):rep(1000))"#,
             code: .memoryExceeded, message: "memory limit exceeded"),
        Case(label: "table.move over a huge range", body: "table.move({}, 1, math.maxinteger - 1, 2)",
             code: .budgetExceeded, message: "instruction budget exceeded"),
        Case(label: "table.insert with a lying __len", body:
                "table.insert(setmetatable({}, {__len = function() return 1 << 40 end, __index = rawlen}), 1, 0)",
             code: .runtime, message: "tables with a metatable are not supported"),
        Case(label: "unbounded recursion", body: "local function f(n) return f(n + 1) + 1 end f(1)",
             code: .memoryExceeded, message: "memory limit exceeded"),
        Case(label: "deeply nested code", body: #"assert(load("return " .. ("("):rep(1e5) .. "1" .. (")"):rep(1e5)))"#,
             code: .runtime, message: "C stack overflow"),
        Case(label: "error with a table", body: "error({ reason = 42 })", code: .runtime,
             message: "error object is a table value"),
        Case(label: "__gc finalizer", body: "setmetatable({}, { __gc = function() while true do end end })",
             code: .runtime, message: "__gc metamethods are not allowed"),
        Case(label: "string metatable", body: #"getmetatable("").__index.upper = nil"#, code: .runtime,
             message: "attempt to index a nil value"),
        Case(label: "rawset on score", body: #"rawset(score, "title", "x")"#, code: .runtime,
             message: "bad argument #1 to 'rawset' (table expected, got score)"),
    ]

    static let limits = SandboxLimits(instructionsPerCall: 5_000_000, memoryPerState: 8 << 20)

    @Test(arguments: cases)
    func containedWithLocation(_ hostile: Case) throws {
        let folder = try RuleFolder([
            "10-before.lua": ruleFile("before", #"score.tags:add("before")"#),
            "20-hostile.lua": ruleFile("hostile", "score.title = 'changed' " + hostile.body),
            "30-after.lua": ruleFile("after", #"score.genres:add("after")"#),
        ])
        let outside = folder.url.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).lua")
        try "return 1".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try folder.write("lib/inside.lua", "return 1")
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("lib/escape.lua"), withDestinationURL: outside)

        let set = try folder.ruleSet(limits: Self.limits)
        #expect(set.diagnostics == [])
        let inputs = (1...4).map { score("scores/\($0).pdf", ScoreMetadata(title: "T\($0)")) }
        let results = inputs.map(try RuleRunner(ruleSet: set).run)

        for (number, result) in results.enumerated() {
            #expect(result.after.tags == ["before"])
            #expect(result.after.genres == ["after"])
            #expect(result.after.title == "T\(number + 1)", "a failed rule's changes are discarded")
            let failures = result.diagnostics.filter { $0.location.rule == "hostile" }
            try #require(failures.count == 1)
            let failure = failures[0]
            if failure.ruleCode == .skipped { continue }  // disabled after repeated limit failures
            #expect(failure.ruleCode == hostile.code)
            #expect(failure.message.contains(hostile.message), "\(failure.message)")
            #expect(failure.location.file == "20-hostile.lua")
            #expect(failure.location.line == 4)
            #expect(failure.severity == .error)
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tagrules-pwned"))
    }

    @Test func errorInsideAMetamethodNamesTheMetamethodLine() throws {
        let folder = try RuleFolder([
            "10-meta.lua": """
            local strict = setmetatable({}, {
              __index = function(_, key)
                error("no field " .. key)
              end,
            })
            return { name = "meta", apply = function(score)
              score.title = strict.composer
            end }
            """
        ])
        let result = try folder.run([score("x.pdf")])[0]
        let failure = try #require(result.diagnostics.first)
        #expect(failure.message == "no field composer")
        #expect(failure.location.file == "10-meta.lua")
        #expect(failure.location.line == 3)
        #expect(failure.location.rule == "meta")
    }

    @Test func errorWithLevelTwoNamesTheCaller() throws {
        let folder = try RuleFolder([
            "lib/check.lua": """
            return function(value)
              if value == nil then error("value missing", 2) end
            end
            """,
            "10-caller.lua": """
            local check = require("lib.check")
            return { name = "caller", apply = function(score)
              check(nil)
            end }
            """,
        ])
        let failure = try #require(try folder.run([score("x.pdf")])[0].diagnostics.first)
        #expect(failure.message == "value missing")
        #expect(failure.location.file == "10-caller.lua")
        #expect(failure.location.line == 3)
    }

    @Test func memoryExhaustionRebuildsTheStateForLaterScores() throws {
        let folder = try RuleFolder([
            "10-hog.lua": """
            hoard = {}
            return { name = "hog", apply = function(score)
              if score.file.name == "big.pdf" then while true do hoard[#hoard + 1] = {} end end
              score.tags:add("hog ran")
            end }
            """,
        ])
        let results = try folder.run([score("big.pdf"), score("small.pdf")], limits: Self.limits)
        #expect(results[0].diagnostics.map(\.ruleCode) == [.memoryExceeded])
        #expect(results[1].diagnostics == [])
        #expect(results[1].after.tags == ["hog ran"])
    }

    @Test func ruleIsDisabledAfterRepeatedLimitFailures() throws {
        let folder = try RuleFolder(["10-loop.lua": ruleFile("loop", "while true do end")])
        let results = try folder.run((1...5).map { score("\($0).pdf") })
        let codes = results.map { $0.diagnostics.map(\.ruleCode) }
        let strikes = RuleRunner.strikesBeforeDisabling
        #expect(codes == Array(repeating: [.budgetExceeded], count: strikes)
            + Array(repeating: [.skipped], count: 5 - strikes))
    }

    @Test func sandboxHasOnlyTheAllowList() throws {
        let folder = try RuleFolder([
            "10-env.lua": ruleFile(
                "env",
                #"""
                local names = {}
                for name in pairs(_G) do names[#names + 1] = name end
                for name in pairs(os) do names[#names + 1] = "os." .. name end
                for name in pairs(string) do if name == "dump" then names[#names + 1] = "string.dump" end end
                table.sort(names)
                score.tags = names
                """#)
        ])
        let result = try folder.run([score("x.pdf")])[0]
        #expect(result.diagnostics == [])
        #expect(
            Set(result.after.tags) == [
                "_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "load", "math", "next", "os",
                "os.clock", "os.date", "os.time", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen",
                "rawset", "require", "select", "setmetatable", "string", "table", "tagrules", "tonumber",
                "tostring", "type", "utf8", "xpcall",
            ])
    }

    @Test func aFileThatBreaksLibrariesBreaksOnlyItself() throws {
        let folder = try RuleFolder([
            "10-vandal.lua": "string.upper = nil\ntable.concat = nil\n" + ruleFile("vandal", "x = 1"),
            "20-victim.lua": ruleFile("victim", #"score.title = string.upper("ok") .. table.concat({"!"}) .. ("?"):upper()"#),
        ])
        let result = try folder.run([score("x.pdf")])[0]
        #expect(result.diagnostics == [])
        #expect(result.after.title == "OK!?")
    }

    @Test func loadedTextChunksRunInTheSandbox() throws {
        let folder = try RuleFolder([
            "10-load.lua": ruleFile("load", #"""
                score.title = load("return type(rawget(_ENV, 'io')) .. type(rawget(os, 'execute')) .. type(string.upper)")()
                local ok, message = pcall(load("return io.open"))
                score.tags = { tostring(ok), message }
                """#)
        ])
        let result = try folder.run([score("x.pdf")])[0]
        #expect(result.after.title == "nilnilfunction")
        #expect(result.after.tags.first == "false")
        #expect(result.after.tags.last?.contains("the sandbox has no io library") == true)
    }
}
