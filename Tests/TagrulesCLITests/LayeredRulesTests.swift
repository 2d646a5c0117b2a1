import Foundation
import Testing

/// Issue 28, "Rule sets that layer", from the built binary: `--rules` (and `-r`) repeated runs
/// the folders in order; `builtin` is the shipped rules, found beside an installed binary
/// without a checkout; a rule file's `require` and `tagrules.data` stay in its own folder.
struct LayeredRulesTests {
    /// A folder of the user's own, layered on the shipped rules: its rule sees what they did
    /// (the era genre the shipped rules add to Beethoven's Ode to Joy), reads its own
    /// `data/eras.csv` and `lib/`, and runs after them.
    static let mine = [
        "50-mine.lua": #"""
            local eras = tagrules.data("data/eras.csv")
            local label = require("lib.label")
            return {
              name = "mine",
              apply = function(score)
                if score.genres:has("Classical") then score.tags:add(label("classical")) end
                local row = eras[tagrules.normalize(score.title or "")]
                if row then score.tags:add(row.era) end
              end,
            }
            """#,
        "lib/label.lua": #"return function(text) return "mine: " .. text end"#,
        "data/eras.csv": "title,era\nOde to Joy,my own era\n",
    ]

    @Test func foldersRunInTheOrderGivenAndReadTheirOwnFiles() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.beethoven])
        _ = try scratch.writeRules(Self.mine, folder: "mine")

        let result = try CLI.run(["plan", "library", "-r", "builtin", "-r", "mine", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let file = try #require(try ReportJSON.decode(ReportJSON.Changes.self, result.stdoutData).files.first)
        #expect(file.after?.genres == ["Classical"], "the shipped rules ran")
        #expect(file.after?.tags == ["mine: classical", "my own era"], "then mine, with its own data and module")
        #expect(file.changes.first { $0.field == "tags" }?.rules == ["mine"])

        // Mine first: the shipped rules have not added the genre yet when it runs.
        let reversed = try CLI.run(["plan", "library", "-r", "mine", "-r", "builtin", "--format", "json"], in: scratch.url)
        let first = try #require(try ReportJSON.decode(ReportJSON.Changes.self, reversed.stdoutData).files.first)
        #expect(first.after?.tags == ["my own era"])
    }

    /// A rule name the shipped rules use is an error naming both files, as the folders were given.
    @Test func ruleNamesAreUniqueAcrossFolders() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        _ = try scratch.writeRules(
            ["10-x.lua": #"return { name = "key from title", apply = function(score) end }"#], folder: "mine")
        let result = try CLI.run(["plan", "library", "--rules", "builtin", "--rules", "mine"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("mine/10-x.lua:1: error: rule name 'key from title' is already used at rules/40-key-from-title.lua:"), "\(result.stderr)")
    }

    /// `-r` works where `--rules` does: the exports and `setlist` take it too, repeated.
    @Test func shortOptionEverywhere() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.beethoven])
        _ = try scratch.writeRules(Self.mine, folder: "mine")
        let csv = try CLI.run(["export", "csv", "library", "-r", "builtin", "-r", "mine"], in: scratch.url)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("\"mine: classical, my own era\""), "\(csv.stdout)")
        let annotations = try CLI.run(["export", "annotations", "library", "-r", "mine"], in: scratch.url)
        #expect(annotations.stdout.contains("my own era"))
        let setlist = try CLI.run(
            ["setlist", "--title", "S", "library", "-r", "builtin", "--where", "score.genres:has('Classical')"], in: scratch.url)
        #expect(setlist.status == 0, "\(setlist.stderr)")
        #expect(setlist.stdout.contains("Beethoven_Ode_to_Joy_D.pdf"))
    }

    /// Installed as `scripts/install.sh` lays it out — the binary in PREFIX/bin, the rules in
    /// PREFIX/share/tagrules/rules — a copy of the binary outside any checkout finds the shipped
    /// rules by name and gives what the checkout's rules give; without the share folder it says
    /// where it looked.
    @Test func builtinRulesBesideAnInstalledBinary() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary()
        let prefix = scratch.url.appendingPathComponent("prefix")
        let install = try CLI.execute(
            URL(fileURLWithPath: "/bin/bash"),
            [Fixtures.packageRoot.appendingPathComponent("scripts/install.sh").path, prefix.path, CLI.binary.path])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = prefix.appendingPathComponent("bin/tagrules")
        for shell in ["bash-completion/completions/tagrules", "zsh/site-functions/_tagrules", "fish/vendor_completions.d/tagrules.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/\(shell)").path))
        }

        let expected = try CLI.run(["plan", "library", "--rules", Fixtures.rules.path, "--format", "json"], in: scratch.url)
        let builtin = try CLI.execute(installed, ["plan", "library", "--rules", "builtin", "--format", "json"], in: scratch.url)
        #expect(builtin.status == expected.status)
        #expect(builtin.stdout == expected.stdout)
        #expect(!builtin.stdout.isEmpty)

        try FileManager.default.removeItem(at: prefix.appendingPathComponent("share/tagrules"))
        let missing = try CLI.execute(installed, ["plan", "library", "--rules", "builtin"], in: scratch.url)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--rules: the shipped rules are not installed beside this binary (looked in \(prefix.path)/share/tagrules/rules)"), "\(missing.stderr)")
    }

    /// `rules check` counts every rule file, those with errors too; `rules test FILE.lua` runs
    /// one file's examples; `rules new` writes a skeleton whose example passes.
    @Test func rulesCheckTestAndNew() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        var files: [String: String] = [:]
        for number in 1...8 {
            files["\(10 + number)-ok.lua"] = "return { name = 'ok \(number)', description = 'x', apply = function(score) end, examples = { { given = { title = 'x' }, expect = { title = 'x' } } } }"
        }
        for number in 1...6 { files["\(30 + number)-broken.lua"] = "return { name = 'broken \(number)' }" }
        _ = try scratch.writeRules(files)
        let check = try CLI.run(["rules", "check", "rules"], in: scratch.url)
        #expect(check.status == 1)
        #expect(check.stdout.hasSuffix("14 rule files, 8 rules: 6 errors, 0 warnings, 0 notes\n"), "\(check.stdout)")

        let new = try CLI.run(["rules", "new", "50-study-tags", "rules"], in: scratch.url)
        #expect(new.status == 0, "\(new.stderr)")
        let one = try CLI.run(["rules", "test", "rules/50-study-tags.lua"], in: scratch.url)
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("PASS  study tags #1 (rules/50-study-tags.lua:"))
        #expect(one.stdout.hasSuffix("2 examples: 2 passed\n"), "only the file's examples: \(one.stdout)")
        let text = try String(contentsOf: scratch.url.appendingPathComponent("rules/50-study-tags.lua"), encoding: .utf8)
        #expect(text.contains("rolled back"))
        #expect(text.contains("pairs"))
        let again = try CLI.run(["rules", "new", "50-study-tags", "rules"], in: scratch.url)
        #expect(again.status == 64)
        #expect(again.stderr.contains("rules/50-study-tags.lua exists"))

        // Layered on the shipped rules: their files and rules add to the counts.
        let shipped = try CLI.run(["rules", "check", "builtin"], in: scratch.url).stdout
        let counts = try #require(shipped.split(separator: "\n").last?.split(separator: " ").compactMap { Int($0) })
        let layered = try CLI.run(["rules", "check", "rules", "builtin"], in: scratch.url)
        #expect(layered.stdout.contains("\(15 + counts[0]) rule files, \(9 + counts[1]) rules: 6 errors"), "\(layered.stdout)")
    }
}
