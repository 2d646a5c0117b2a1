import MetadataModel
import Testing
@testable import RuleHost

/// A Lua rule's call keeps a copy of the metadata only when it changes something
/// (`ScoreSession.edit`), while a native rule changes a copy the runner compares. Both must
/// give the same results: the same metadata after, the same changes attributed to the same
/// rules, the same failures with their changes discarded.
struct RuleEditTests {
    /// One step of a random rule, written in Lua and done in Swift.
    enum Step: Sendable, CaseIterable {
        case titleA, titleB, clearTitle, rating2, clearRating, addX, addY, clearTags, sameKeysf, fail

        var lua: String {
            switch self {
            case .titleA: #"score.title = "A""#
            case .titleB: #"score.title = "B""#
            case .clearTitle: "score.title = nil"
            case .rating2: "score.rating = 2"
            case .clearRating: "score.rating = nil"
            case .addX: #"score.tags:add("x")"#
            case .addY: #"score.tags:add("y")"#
            case .clearTags: "score.tags:clear()"
            case .sameKeysf: "score.keysf = score.keysf"
            case .fail: #"error("boom")"#
            }
        }

        func apply(to metadata: inout ScoreMetadata) throws(RuleError) {
            switch self {
            case .titleA: metadata.title = "A"
            case .titleB: metadata.title = "B"
            case .clearTitle: metadata.title = nil
            case .rating2: metadata.rating = 2
            case .clearRating: metadata.rating = nil
            case .addX: if !metadata.tags.contains("x") { metadata.tags.append("x") }
            case .addY: if !metadata.tags.contains("y") { metadata.tags.append("y") }
            case .clearTags: metadata.tags = []
            case .sameKeysf: break
            case .fail: throw RuleError(.runtime, "boom")
            }
        }
    }

    /// The Swift twin of a Lua rule made of `steps`.
    struct NativeRule: Rule, Sendable {
        let name: String
        let steps: [Step]

        func apply(to metadata: inout ScoreMetadata, context: RuleContext) throws(RuleError) {
            for step in steps { try step.apply(to: &metadata) }
        }
    }

    @Test func luaRulesEditLikeNativeRules() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<12 {
            let rules = (0..<5).map { index in
                (name: "r\(index)", steps: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Step.allCases.randomElement(using: &generator)!
                })
            }
            var files: [String: String] = [:]
            var native = RuleSet(limits: .testing)
            for rule in rules {
                files["\(rule.name).lua"] = ruleFile(rule.name, rule.steps.map(\.lua).joined(separator: "\n"))
                native = native.adding(NativeRule(name: rule.name, steps: rule.steps))
            }
            let inputs = (0..<6).map { _ in
                score(
                    "s.pdf",
                    ScoreMetadata(
                        title: ["A", nil].randomElement(using: &generator)!, tags: [[], ["x"]].randomElement(using: &generator)!,
                        rating: [1, nil].randomElement(using: &generator)!, keysf: [3, nil].randomElement(using: &generator)!))
            }
            let luaResults = try RuleFolder(files).run(inputs)
            let nativeRunner = try RuleRunner(ruleSet: native)
            let nativeResults = inputs.map(nativeRunner.run)
            let program = rules.map { "\($0.name): \($0.steps)" }.joined(separator: "; ")
            for (lua, native) in zip(luaResults, nativeResults) {
                #expect(lua.after == native.after, "\(program)")
                #expect(lua.changes == native.changes, "\(program)")
                #expect(lua.diagnostics.map { [$0.location.rule, $0.message] } == native.diagnostics.map { [$0.location.rule, $0.message] })
            }
        }
    }

    /// A rule that changes a field and then fails leaves the metadata as it found it, for the
    /// next rule and for the result.
    @Test func aFailedEditIsUndone() throws {
        let folder = try RuleFolder([
            "10-a.lua": ruleFile("a", #"score.title = "changed"; score.tags:add("t"); error("boom")"#),
            "20-b.lua": ruleFile("b", #"score.composers:add(score.title or "none")"#),
        ])
        let results = try folder.run([score("One.pdf", ScoreMetadata(title: "kept"))])
        #expect(results.map(\.after.title) == ["kept"])
        #expect(results.map(\.after.tags) == [[]])
        #expect(results.map(\.after.composers) == [["kept"]])
        #expect(results.map { $0.changes.map(\.rules) } == [[["b"]]])
    }
}
