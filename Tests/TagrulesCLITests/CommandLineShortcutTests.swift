import ArgumentParser
import Testing

@testable import tagrules
import TestSupport

/// `CommandLineShortcut` reads plain `plan` and `apply` lines without ArgumentParser: whatever it
/// reads, it reads as ArgumentParser does (every property of the command), and it leaves to ArgumentParser every
/// line ArgumentParser refuses. Random lines from words that are options, flags, values good and
/// bad, paths and the forms the shortcut leaves alone (`--name=value`, `--`, `-vj`, `--help`, "").
struct CommandLineShortcutTests {
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

    /// Words of lines the shortcut reads (with a path), when each is given once.
    private static let plainWords: [[String]] = [
        ["a b.pdf"], ["--jobs", "2"], ["-r", rules], ["--format", "json"], ["-o", "r.json"], ["--verbose"], ["--strict"],
        ["--force"], ["--normalize"], ["--duration-keyword", "seconds"], ["--exit-code"], ["--password", "pw"], ["é/🎻"],
    ]

    /// The command with every stored property and its value, nested option groups included, as
    /// text (`String(reflecting:)`: ArgumentParser's wrappers print their values, or
    /// `*definition*` when unset); nil for another command. By reflection, so that a property
    /// added to a command later is compared too, and one the shortcut leaves unset shows.
    private static func fields(_ command: (any ParsableCommand)?) -> String? {
        guard let command, command is Tagrules.Plan || command is Tagrules.Apply else { return nil }
        let text = String(reflecting: command)
        #expect(!text.contains("*definition*"), "unset property: \(text)")
        return text
    }

    /// Whether the shortcut read the line (after checking it read it right).
    private static func check(_ arguments: [String]) -> Bool {
        let parsed = try? Tagrules.parseAsRoot(arguments)
        guard let shortcut = CommandLineShortcut.parse(arguments) else { return false }
        #expect(fields(shortcut) != nil)
        #expect(fields(shortcut) == fields(parsed), "\(arguments)")
        return true
    }

    @Test(arguments: 0..<20)
    func readsWhatArgumentParserReads(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 500)
        var read = 0
        for line in 0..<60 {
            let count = Int.random(in: 0...6, using: &generator)
            // Every other line from words the shortcut reads, each once, so that many lines are read.
            let tail = line.isMultiple(of: 2)
                ? (["lib"] + Self.plainWords.shuffled(using: &generator).prefix(count).flatMap { $0 })
                : (0..<count).flatMap { _ in Self.words.randomElement(using: &generator)! }
            let head = [["plan"], ["apply"], ["inspect"]][Int.random(in: 0..<3, using: &generator)]
            if Self.check(head + tail) { read += 1 }
        }
        #expect(read > 0, "no line was plain enough for the shortcut")
    }

    /// Plain lines, the benchmark's among them, are read by the shortcut, as ArgumentParser reads them.
    @Test(arguments: [
        ["plan", "/tmp/lib", "--rules", rules, "--format", "json", "--jobs", "1"],
        ["apply", "/tmp/lib", "--rules", rules, "--format", "json", "--jobs", "1"],
        ["apply", "a", "-r", rules, "--normalize", "-o", "r.md", "--duration-keyword", "seconds"],
        ["plan", "a", "b", "-r", rules, "-v", "--strict", "--exit-code", "-o", "r.html"],
        ["plan", "--rules", rules, "lib", "--force", "--normalize", "--duration-keyword", "seconds", "--password", "pw", "-j", "3"],
    ])
    func plainLinesAreRead(arguments: [String]) throws {
        let shortcut = try #require(CommandLineShortcut.parse(arguments))
        let parsed = try Tagrules.parseAsRoot(arguments)
        #expect(Self.fields(shortcut) != nil)
        #expect(Self.fields(shortcut) == Self.fields(parsed))
    }

    /// Lines ArgumentParser must see: help, errors, other commands, forms the shortcut leaves alone.
    @Test(arguments: [
        ["plan"], ["plan", "--help"], ["plan", "lib", "-h"], ["plan", "lib", "--jobs", "0"], ["plan", "lib", "--jobs", "+2"],
        ["plan", "lib", "--rules", "/nonexistent/rules"], ["plan", "lib", "--format", "pdf"], ["plan", "lib", "--jobs=2"],
        ["plan", "lib", "--verbose", "--verbose"], ["plan", "lib", "-j", "1", "-j", "2"], ["plan", "--", "lib"],
        ["plan", "lib", ""], ["plan", "-vj", "2", "lib"], ["apply"], ["help", "plan"], [], ["plan", "lib", "--version"],
        ["plan", "lib", "--jobs"], ["plan", "lib", "--password", "-x"], ["apply", "lib", "--exit-code"], ["apply", "--help"],
        ["set", "lib", "--title", "x"], ["inspect", "lib"], ["undo", "lib"],
    ])
    func otherLinesAreLeftToArgumentParser(arguments: [String]) {
        #expect(CommandLineShortcut.parse(arguments) == nil)
    }
}
