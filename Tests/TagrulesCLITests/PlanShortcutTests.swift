import ArgumentParser
import Testing

@testable import tagrules
import TestSupport

/// `PlanShortcut` reads plain `plan` lines without ArgumentParser: whatever it reads, it reads
/// as ArgumentParser does (every property of the command), and it leaves to ArgumentParser every
/// line ArgumentParser refuses. Random lines from words that are options, flags, values good and
/// bad, paths and the forms the shortcut leaves alone (`--name=value`, `--`, `-vj`, `--help`, "").
struct PlanShortcutTests {
    private static let rules = Fixtures.rules.path

    private static let words: [[String]] = [
        ["lib"], ["a b.pdf"], ["plan"], ["help"], ["é/🎻"], ["--jobs", "2"], ["-j", "1"], ["--jobs", "0"], ["--jobs", "007"],
        ["--jobs", "+3"], ["--jobs", "x"], ["--jobs", "99999999999999999999"], ["--password", "secret"], ["--password", "-p"],
        ["--rules", rules], ["-r", rules], ["--rules", "/nonexistent/rules"], ["--format", "json"], ["--format", "html"],
        ["--format", "JSON"], ["--output", "out.md"], ["-o", "report.json"], ["--verbose"], ["-v"], ["--strict"], ["--force"],
        ["--normalize"], ["--duration-keyword", "seconds"], ["--duration-keyword", "minutes"], ["--exit-code"], ["--jobs"],
        ["--jobs=2"], ["--rules=" + rules], ["--"], ["-vj", "2"], ["--help"], ["-h"], ["--version"], [""], ["--unknown"],
        ["-x"], ["--generate-completion-script", "bash"], ["--format", ""],
    ]

    /// The plan's properties, as text.
    private static func fields(_ plan: Tagrules.Plan) -> [String] {
        [
            "\(plan.input.paths)", "\(String(describing: plan.input.jobs))", "\(String(describing: plan.input.password))",
            "\(String(describing: plan.rules.rules))", "\(String(describing: plan.output.format))",
            "\(String(describing: plan.output.output))", "\(plan.output.verbose)", "\(plan.output.strict)",
            "\(plan.writeFlags.force)", "\(plan.writeFlags.normalize)", "\(plan.writeFlags.durationKeyword)", "\(plan.exitCode)",
        ]
    }

    /// Whether the shortcut read the line (after checking it read it right).
    private static func check(_ arguments: [String]) -> Bool {
        let parsed = try? Tagrules.parseAsRoot(arguments)
        guard let shortcut = PlanShortcut.parse(arguments) else { return false }
        let plan = parsed as? Tagrules.Plan
        #expect(plan != nil, "\(arguments)")
        if let plan { #expect(fields(shortcut) == fields(plan), "\(arguments)") }
        return true
    }

    @Test(arguments: 0..<20)
    func readsWhatArgumentParserReads(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 500)
        var read = 0
        for _ in 0..<60 {
            let count = Int.random(in: 0...6, using: &generator)
            let tail = (0..<count).flatMap { _ in Self.words.randomElement(using: &generator)! }
            let head = Int.random(in: 0..<8, using: &generator) == 0 ? ["apply"] : ["plan"]
            if Self.check(head + tail) { read += 1 }
        }
        #expect(read > 0, "no line was plain enough for the shortcut")
    }

    /// Plain lines, the benchmark's among them, are read by the shortcut, as ArgumentParser reads them.
    @Test(arguments: [
        ["plan", "/tmp/lib", "--rules", rules, "--format", "json", "--jobs", "1"],
        ["plan", "a", "b", "-r", rules, "-v", "--strict", "--exit-code", "-o", "r.html"],
        ["plan", "--rules", rules, "lib", "--force", "--normalize", "--duration-keyword", "seconds", "--password", "pw", "-j", "3"],
    ])
    func plainLinesAreRead(arguments: [String]) throws {
        let shortcut = try #require(PlanShortcut.parse(arguments))
        let plan = try #require(try Tagrules.parseAsRoot(arguments) as? Tagrules.Plan)
        #expect(Self.fields(shortcut) == Self.fields(plan))
    }

    /// Lines ArgumentParser must see: help, errors, other commands, forms the shortcut leaves alone.
    @Test(arguments: [
        ["plan"], ["plan", "--help"], ["plan", "lib", "-h"], ["plan", "lib", "--jobs", "0"], ["plan", "lib", "--jobs", "+2"],
        ["plan", "lib", "--rules", "/nonexistent/rules"], ["plan", "lib", "--format", "pdf"], ["plan", "lib", "--jobs=2"],
        ["plan", "lib", "--verbose", "--verbose"], ["plan", "lib", "-j", "1", "-j", "2"], ["plan", "--", "lib"],
        ["plan", "lib", ""], ["plan", "-vj", "2", "lib"], ["apply", "lib"], ["help", "plan"], [], ["plan", "lib", "--version"],
        ["plan", "lib", "--jobs"], ["plan", "lib", "--password", "-x"],
    ])
    func otherLinesAreLeftToArgumentParser(arguments: [String]) {
        #expect(PlanShortcut.parse(arguments) == nil)
    }
}
