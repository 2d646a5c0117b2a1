import Foundation
import Testing

/// Usage errors exit 64 (EX_USAGE) with a message naming the flag, and touch nothing.
struct UsageTests {
    static let cases: [(arguments: [String], message: String)] = [
        (["plan"], "Missing expected argument '<path> ...'"),
        (["inspect", "library", "--jobs", "0"], "--jobs must be at least 1"),
        (["set", "library", "--rating", "9"], "--rating must be 0–5"),
        // A negative number is the option's value, not another option.
        (["set", "library", "--rating", "-1"], "--rating must be 0–5 (got -1)"),
        (["set", "library", "--difficulty", "-2"], "--difficulty must be 0–3 (got -2)"),
        (["set", "library", "--duration", "-30"], "--duration: '-30'"),
        (["inspect", "library", "--jobs", "-1"], "--jobs must be at least 1 (got -1)"),
        (["set", "library", "--key", "H major"], "--key: 'H major' is not one of forScore's 30 keys"),
        (["set", "library", "--duration", "4:75"], "--duration: '4:75'"),
        (["set", "library"], "nothing to set"),
        (["set", "library", "--rating", "2", "--clear", "rating"], "--clear rating conflicts"),
        (["set", "library", "--title", "x", "--exit-code"], "--exit-code needs --dry-run"),
        (["plan", "library", "--rules", "no-such-folder"], "--rules: 'no-such-folder' is not a folder"),
        (["inspect", "no-such-file.pdf"], "no-such-file.pdf: no such file or folder"),
        // Found when the files are looked up, and still shown with the command's usage.
        (["inspect", "no-such-file.pdf"], "Usage: tagrules inspect <path>"),
        (["plan", "no-such-file.pdf"], "See 'tagrules plan --help'"),
        (["export", "csv", "no-such-file.pdf"], "Usage: tagrules export csv <path>"),
        (["inspect", "library", "--format", "yaml"], "yaml"),
        // watch appends to --output, and refuses what every report refuses.
        (["watch", "library", "-o", "library/\(Fixtures.Demo.bach)"], "it is a PDF"),
        (["watch", "library", "-o", "library"], "--output library: it is a folder"),
        (["inspect", "library", "--no-such-flag"], "--no-such-flag"),
        (["rules", "check", "no-such-folder"], "path: 'no-such-folder' is not a folder"),
    ]

    @Test(arguments: cases)
    func exits64(arguments: [String], message: String) throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        let library = try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let before = try Fixtures.snapshot(library)
        let result = try CLI.run(arguments, in: scratch.url)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Fixtures.snapshot(library) == before)
    }

    @Test func noRulesFolderAnywhere() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        let result = try CLI.run(
            ["plan", "library"], in: scratch.url,
            environment: ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no rules folder: give --rules DIR, or create ./rules"))
    }

    @Test func rulesDefaultToTheXDGConfigFolder() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.bach])
        _ = try scratch.writeRules(
            ["10-rate.lua": "return { name = 'rate', apply = function(score) score.rating = 1 end }"],
            folder: "config/tagrules/rules")
        let result = try CLI.run(
            ["plan", "library"], in: scratch.url,
            environment: ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(rate)"))
    }

    @Test func helpAndVersion() throws {
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        for command in ["inspect", "plan", "apply", "undo", "set", "rules"] {
            #expect(help.stdout.contains(command))
        }
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }
}
