import Foundation
import MetadataModel
import Testing
@testable import RuleHost

/// Issue 28, "Rule sets that layer": several rules folders load as one set — the folders in
/// the order given, each in filename order — with rule names unique across all, and each rule
/// file's `require` and `tagrules.data` reading from its own folder.
struct LayeredFoldersTests {
    /// A rule file whose rule adds `tag` to the tags.
    private func tagging(_ name: String, _ tag: String) -> String {
        ruleFile(name, "score.tags:add(\"\(tag)\")")
    }

    @Test func foldersRunInTheOrderGivenEachInFilenameOrder() throws {
        let shipped = try RuleFolder(["20-b.lua": tagging("b", "shipped 20"), "10-a.lua": tagging("a", "shipped 10")])
        let mine = try RuleFolder(["05-c.lua": tagging("c", "mine 05"), "30-d.lua": tagging("d", "mine 30")])
        let set = try RuleSet.load(folders: [shipped.url, mine.url], limits: .testing)
        #expect(set.diagnostics == [])
        #expect(set.rules.map(\.name) == ["a", "b", "c", "d"])
        let result = try RuleRunner(ruleSet: set).run(score("x.pdf"))
        #expect(result.after.tags == ["shipped 10", "shipped 20", "mine 05", "mine 30"])

        let reversed = try RuleSet.load(folders: [mine.url, shipped.url], limits: .testing)
        #expect(try RuleRunner(ruleSet: reversed).run(score("x.pdf")).after.tags
            == ["mine 05", "mine 30", "shipped 10", "shipped 20"])
    }

    /// Files are named after their folder (by the fewest last components of its path that tell
    /// it apart), so the two `10-a.lua` are told apart; `location(of:)` gives their paths.
    @Test func filesAreNamedAfterTheirFolder() throws {
        let shipped = try RuleFolder(["10-a.lua": tagging("a", "1")], named: "rules")
        let mine = try RuleFolder(["10-a.lua": ruleFile("b", "error('mine fails')"), "lib/m.lua": "return 1"], named: "my-rules")
        let set = try RuleSet.load(folders: [shipped.url, mine.url], limits: .testing)
        #expect(set.rules.map(\.file) == ["rules/10-a.lua", "my-rules/10-a.lua"])
        let failure = try #require(try RuleRunner(ruleSet: set).run(score("x.pdf")).diagnostics.first)
        #expect((failure.location.file, failure.location.line, failure.location.rule) == ("my-rules/10-a.lua", 4, "b"))
        #expect(set.location(of: "my-rules/10-a.lua") == mine.url.path + "/10-a.lua")
        #expect(set.location(of: "rules/10-a.lua") == shipped.url.path + "/10-a.lua")
        #expect(set.location(of: "my-rules/lib/m.lua") == mine.url.path + "/lib/m.lua")

        let single = try RuleSet.load(folder: URL(fileURLWithPath: mine.url.path + "/"), limits: .testing)
        #expect(single.rules.map(\.file) == ["10-a.lua"])
        #expect(single.location(of: "10-a.lua") == mine.url.path + "/10-a.lua")
        #expect(single.location(of: "/abs/x.csv") == "/abs/x.csv")
    }

    @Test(arguments: [
        (["rules"], [nil]),
        (["rules", "my-rules"], ["rules", "my-rules"]),
        (["rules", "/usr/local/share/tagrules/rules"], ["rules", "tagrules/rules"]),
        (["a/rules", "b/rules"], ["a/rules", "b/rules"]),
        (["/x/rules/", "/y/extra"], ["rules", "extra"]),
        (["/", "rules"], ["/", "rules"]),
    ] as [([String], [String?])])
    func labelsAreTheShortestDistinctEndings(_ paths: [String], _ labels: [String?]) {
        #expect(RuleSet.labels(paths) == labels)
    }

    @Test func ruleNamesAreUniqueAcrossFolders() throws {
        let shipped = try RuleFolder(["10-a.lua": tagging("genre", "shipped")], named: "shipped")
        let mine = try RuleFolder(["50-x.lua": tagging("genre", "mine")], named: "mine")
        let set = try RuleSet.load(folders: [shipped.url, mine.url], limits: .testing)
        #expect(set.rules.map(\.name) == ["genre"])
        let duplicate = try #require(set.diagnostics.first)
        #expect(duplicate.ruleCode == .duplicateName)
        #expect(duplicate.location.file == "mine/50-x.lua")
        #expect(duplicate.message == "rule name 'genre' is already used at shipped/10-a.lua:3; rename one of them")
    }

    /// `require "lib.names"` and `tagrules.data("data/eras.csv")` in each folder find that
    /// folder's files, also from a module (whose own `require` stays in its folder).
    @Test func requireAndDataResolveInTheRuleFilesOwnFolder() throws {
        let rule = { (name: String) in
            ruleFile(name, #"""
                local names = require "lib.names"
                local eras = tagrules.data("data/eras.csv")
                score.tags:add(names.who .. " " .. names.helper() .. " " .. eras.bach.era)
                """#)
        }
        let shipped = try RuleFolder([
            "10-a.lua": rule("a"),
            "lib/names.lua": #"return { who = "shipped", helper = require("lib.helper") }"#,
            "lib/helper.lua": #"return function() return "shipped-helper" end"#,
            "data/eras.csv": "name,era\nBach,Baroque\n",
        ])
        let mine = try RuleFolder([
            "10-a.lua": rule("b"),
            "lib/names.lua": #"return { who = "mine", helper = require("lib.helper") }"#,
            "lib/helper.lua": #"return function() return "mine-helper" end"#,
            "data/eras.csv": "name,era\nBach,Romantic\n",
        ])
        let set = try RuleSet.load(folders: [shipped.url, mine.url], limits: .testing)
        #expect(set.diagnostics == [])
        let result = try RuleRunner(ruleSet: set).run(score("x.pdf"))
        #expect(result.diagnostics == [])
        #expect(result.after.tags == ["shipped shipped-helper Baroque", "mine mine-helper Romantic"])
    }

    /// A folder layered on another does not see the other's files.
    @Test func aFolderDoesNotReachAnothersFiles() throws {
        let shipped = try RuleFolder(["10-a.lua": tagging("a", "x"), "lib/only.lua": "return 1", "data/only.csv": "k,v\na,b\n"])
        let mine = try RuleFolder([
            "20-b.lua": ruleFile("b", #"require "lib.only""#), "30-c.lua": ruleFile("c", #"tagrules.data("data/only.csv")"#),
        ])
        let set = try RuleSet.load(folders: [shipped.url, mine.url], limits: .testing)
        let failures = try RuleRunner(ruleSet: set).run(score("x.pdf")).diagnostics
        #expect(failures.map(\.location.rule) == ["b", "c"])
        #expect(failures[0].message.contains("no file 'lib/only.lua' in the rules folder"))
        #expect(failures[1].message.contains("no file 'data/only.csv' in the rules folder"))
    }

    @Test func aFolderGivenTwiceIsRefused() throws {
        let folder = try RuleFolder(["10-a.lua": tagging("a", "x")])
        #expect(throws: RuleError.self) {
            try RuleSet.load(folders: [folder.url, URL(fileURLWithPath: folder.url.path + "/.")], limits: .testing)
        }
    }

    /// `rules check` orders its findings by the folders' order, not by the files' names.
    @Test func checkFindingsFollowTheFolderOrder() throws {
        let zed = try RuleFolder(["10-a.lua": "return {"], named: "zed")
        let alpha = try RuleFolder(["10-a.lua": "return 1"], named: "alpha")
        let set = try RuleSet.load(folders: [zed.url, alpha.url], limits: .testing)
        let files = RuleChecker.check(set).compactMap(\.location.file)
        #expect(files == ["zed/10-a.lua", "alpha/10-a.lua"])
    }
}
