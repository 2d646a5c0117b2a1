import Foundation
import Testing

/// A rules folder that is missing, empty or not a folder (issue 9): `plan` and `apply` say so,
/// naming the folder, and no score is touched.
struct BadInputRulesTests {
    @Test func rulesFolderMissing() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        try BadInputRun.expect(
            ["apply", "library", "--rules", "no-such-rules"], in: scratch, status: 64,
            messages: ["Error: --rules": "'no-such-rules' is not a folder"])
    }

    /// Without `--rules`, neither `./rules` nor the XDG folder exists: a usage error that says
    /// where rules were looked for.
    @Test func noDefaultRulesFolder() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        let config = scratch.url.appendingPathComponent("config").path
        let result = try BadInputRun.expect(
            ["apply", "library"], in: scratch, status: 64, messages: [:], environment: ["XDG_CONFIG_HOME": config])
        #expect(result.stderr.contains("no rules folder: give --rules DIR, or create ./rules or \(config)/tagrules/rules"), "\(result.stderr)")
    }

    @Test func rulesPathIsAFile() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin])
        try Data("return {}".utf8).write(to: scratch.url.appendingPathComponent("rules.lua"))
        try BadInputRun.expect(
            ["plan", "library", "--rules", "rules.lua"], in: scratch, status: 64,
            messages: ["Error: --rules": "'rules.lua' is not a folder"])
    }

    /// An empty rules folder (here holding only a README) is most likely the wrong folder: a
    /// warning naming it, nothing written; `--strict` makes it a failure.
    @Test func rulesFolderEmpty() throws {
        let scratch = try Fixtures.Scratch()
        defer { scratch.remove() }
        try scratch.copyLibrary(only: [Fixtures.Demo.chopin, Fixtures.Demo.notPDF])
        _ = try scratch.writeRules(["README.md": "Rules go here.\n"], folder: "empty-rules")
        let warning = ["empty-rules": "warning: no rules: the folder has no rule files (*.lua)"]
        try BadInputRun.expect(
            ["apply", "library", "--rules", "empty-rules", "--strict"], in: scratch, status: 1, messages: warning)
        let onlyChopin = try BadInputRun.expect(
            ["apply", "library/\(Fixtures.Demo.chopin)", "--rules", "empty-rules"], in: scratch, status: 0, messages: warning)
        #expect(onlyChopin.stdout.contains("1 file: 1 unchanged"))
    }
}
