import MetadataModel
import TestSupport
import Testing

@testable import RuleHost

/// `LuaNames` finds a name by the address of the Lua string; it must find exactly what
/// comparing the string's bytes with each name finds, for strings made any way Lua makes them.
struct LuaNamesTests {
    /// The names of `score`, and one of the longest length Lua interns.
    static let names = ScoreFields.Name.all.map(\.name) + [String(repeating: "n", count: 40)]

    @Test func findsWhatComparingBytesFinds() throws {
        let lua = try LuaState(memoryLimit: 8 << 20)
        let table = LuaNames(Self.names.enumerated().map { ($0.element, $0.offset) }, in: lua)
        var random = SplitMix64(seed: 40)
        var candidates = Self.names
        for name in Self.names {
            candidates += [
                String(name.dropLast()), name + "s", name.uppercased(), String(name.dropFirst()), name + "\u{0}",
                name + String(repeating: " ", count: 41 - name.utf8.count),
            ]
        }
        candidates += ["", "é", String(repeating: "n", count: 41), String(repeating: "n", count: 39)]
        for _ in 0..<300 {
            let length = Int.random(in: 1...6, using: &random)
            candidates.append(String((0..<length).map { _ in "tilekyfoc".randomElement(using: &random)! }))
        }
        // A name pushed from Swift, and the same bytes made by Lua code at run time.
        try #require(lua.load("local a, b = ... return a .. b", chunkName: "=join") == nil)
        let join = lua.ref()
        for candidate in candidates {
            let expected = Self.names.firstIndex(of: candidate)
            lua.push(candidate)
            #expect(table.value(at: -1, in: lua) == expected, "\(candidate.debugDescription)")
            lua.pop()
            let split = candidate.utf8.count / 2
            lua.push(join)
            lua.push(String(decoding: Array(candidate.utf8)[..<split], as: UTF8.self))
            lua.push(String(decoding: Array(candidate.utf8)[split...], as: UTF8.self))
            #expect(lua.call(arguments: 2, results: 1, budget: 1_000) == nil)
            #expect(table.value(at: -1, in: lua) == expected, "joined \(candidate.debugDescription)")
            lua.pop()
        }
        for push in [{ lua.push(5) }, { lua.pushNil() }, { lua.newTable() }, { lua.push(true) }] {
            push()
            #expect(table.value(at: -1, in: lua) == nil)
            lua.pop()
        }
    }

    /// The names are listed in the order they are compared in, each once.
    @Test func listsEveryNameOnce() {
        let names = ScoreFields.Name.all.map(\.name)
        #expect(names.count == Set(names).count)
        let expected = ScoreFacts.Name.allCases.map(\.text) + MetadataField.allCases.map(\.rawValue) + ["key"]
        #expect(Set(names) == Set(expected))
        #expect(names.count == expected.count)
    }
}
