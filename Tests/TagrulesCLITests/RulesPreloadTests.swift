import Foundation
import Testing

@testable import tagrules

/// `RulesPreload` guesses the rules folder and job count of `plan` and `apply` from the command
/// line, and whatever it guesses, a run prints what a run without it prints.
struct RulesPreloadTests {
    @Test(arguments: [
        (["plan", "lib", "--rules", "r", "--jobs", "4"], RulesPreload.Guess(rules: "r", jobs: 4)),
        (["apply", "-r", "r", "-j", "2", "lib"], RulesPreload.Guess(rules: "r", jobs: 2)),
        (["plan", "--rules=r", "--jobs=3", "lib"], RulesPreload.Guess(rules: "r", jobs: 3)),
        (["plan", "lib"], RulesPreload.Guess(rules: nil, jobs: nil)),
        (["plan", "--rules", "a", "lib", "--rules", "b"], RulesPreload.Guess(rules: "b", jobs: nil)),
        (["plan", "lib", "--", "--rules", "x", "-j", "1"], RulesPreload.Guess(rules: nil, jobs: nil)),
        (["plan", "--format", "json", "-v", "lib"], RulesPreload.Guess(rules: nil, jobs: nil)),
    ])
    func guessesPlanAndApply(arguments: [String], expected: RulesPreload.Guess) {
        #expect(RulesPreload.guess(arguments) == expected)
    }

    /// Other commands, grouped short flags, attached short values, a job count that is no number
    /// and an option without its value leave the rules to the command.
    @Test(arguments: [
        ["inspect", "lib"], ["rules", "check", "--rules", "r"], [], ["--help", "plan"], ["plan", "-vj", "1", "lib"],
        ["plan", "-j1", "lib"], ["plan", "--jobs", "many", "lib"], ["apply", "lib", "--rules"],
    ])
    func noGuess(arguments: [String]) {
        #expect(RulesPreload.guess(arguments) == nil)
    }

    /// The preload is handed out once, only for the folder it was started for and only to a run
    /// with more than one job; it holds the rules the command would load.
    @Test func takenOnlyForItsFolderAndJobs() throws {
        let folder = URL(fileURLWithPath: Fixtures.rules.path)
        RulesPreload.start(["plan", "lib", "--rules", folder.path, "--jobs", "2"])
        #expect(RulesPreload.take(folder: URL(fileURLWithPath: Fixtures.library.path), jobs: 2) == nil)
        #expect(RulesPreload.take(folder: folder, jobs: 1) == nil)
        let preloaded = try #require(RulesPreload.take(folder: folder, jobs: 2)).value.get()
        #expect(RulesPreload.take(folder: folder, jobs: 2) == nil)
        let loaded = try RulesTransform(folder: folder)
        #expect(preloaded.ruleSet.rules == loaded.ruleSet.rules)
        #expect(preloaded.ruleSet.diagnostics == loaded.ruleSet.diagnostics)
    }

    /// With the rules loaded while the command line is parsed (`--jobs 2`, the folder given once,
    /// twice or with `=`) and with one job (no preload): the same report, the same messages (a
    /// broken rule is reported once) and the same exit status.
    @Test func runsPrintTheSameWithAndWithoutThePreload() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: Fixtures.Demo.writable)
        let rules = try scratch.writeRules([
            "10-tag.lua": "return { name = 'tag', apply = function(score) score.tags:add('preloaded') end }\n",
            "20-broken.lua": "return { name = 'broken', apply = function(score) score.title = end }\n",
        ])
        let shipped = Fixtures.rules.path
        let runs = try [
            ["--jobs", "1", "--rules", rules.path],
            ["--jobs", "2", "--rules", rules.path],
            ["--jobs", "2", "--rules", shipped, "--rules", rules.path],
            ["--jobs", "2", "--rules=\(rules.path)"],
        ].map { options in
            try CLI.run(["plan", "library", "--format", "json"] + options, in: scratch.url)
        }
        let first = try #require(runs.first)
        #expect(first.status == 1, "the broken rule fails the run: \(first.stderr)")
        #expect(first.stdout.contains("preloaded"))
        #expect(first.stderr.components(separatedBy: "20-broken.lua").count == 2, "reported once: \(first.stderr)")
        for run in runs.dropFirst() {
            #expect(run.status == first.status)
            #expect(run.stdout == first.stdout)
            #expect(run.stderr == first.stderr)
        }
    }
}
