import ArgumentParser
import MetadataModel
import RuleHost
import TagrulesKit

/// `tagrules rules test [PATH…]`: runs the examples of every rule of the folders, or of one
/// rule file, and reports each one.
struct RulesTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the examples of every rule (of the folders, or of one rule file).",
        discussion: "Exit status: 0 when every example passes, 1 when one fails or a rule file has an error, 64 for usage errors.")

    @OptionGroup var options: RulesFolderOptions

    func run() throws {
        let ruleSet = try options.load()
        let results: [RuleExampleResult]
        do {
            results = try RuleExamplesRunner.run(ruleSet)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot run the examples: \(error)")
        }
        let printer = DiagnosticPrinter()
        printer.print(ruleSet.diagnostics, of: ruleSet)
        let failed = results.filter { !$0.passed }.count
        switch options.format {
        case .json:
            Terminal.writeOutput(Self.json(results, load: ruleSet.diagnostics).text)
        default:
            Terminal.writeOutput(text(results, ruleSet: ruleSet))
        }
        let failing: Set<Diagnostic.Severity> = options.strict ? [.error, .warning] : [.error]
        if failed > 0 || ruleSet.diagnostics.contains(where: { failing.contains($0.severity) }) {
            throw ExitCode.failure
        }
    }

    private func text(_ results: [RuleExampleResult], ruleSet: RuleSet) -> String {
        let style = Style.forStream(isTerminal: Terminal.stdoutIsTerminal)
        var out = ""
        for result in results {
            let location = result.file.map { " " + style.dim("(\(ruleSet.location(of: $0))\(result.line.map { ":\($0)" } ?? ""))") } ?? ""
            out += (result.passed ? style.green("PASS") : style.red("FAIL")) + "  \(result.rule) #\(result.index)\(location)\n"
            for mismatch in result.mismatches {
                let expected = ValueText.value(mismatch.expected, field: mismatch.field, quoted: true)
                let actual = ValueText.value(mismatch.actual, field: mismatch.field, quoted: true)
                out += "      \(mismatch.field.rawValue): expected \(expected), got \(actual)\n"
            }
            for diagnostic in result.diagnostics where !result.passed || diagnostic.severity == .error {
                out += "      \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
            }
        }
        let failed = results.filter { !$0.passed }.count
        let untested = ruleSet.rules.filter(\.examples.isEmpty).map(\.name)
        out += "\(results.count) example\(results.count == 1 ? "" : "s"): \(results.count - failed) passed"
        out += failed > 0 ? ", " + style.red("\(failed) failed") : ""
        if !untested.isEmpty { out += "; no examples: " + untested.joined(separator: ", ") }
        return out + "\n"
    }
}

extension RulesTest {
    /// `rules test --format json`: `{"examples": [{"rule", "file", "line", "index", "passed",
    /// "mismatches": [{"field", "expected", "actual"}], "diagnostics": […]}], "load": […],
    /// "summary": {"examples", "passed", "failed"}}`; `line` is the example's own, when it can be
    /// found, else its rule's `apply`.
    static func json(_ results: [RuleExampleResult], load: [Diagnostic]) -> JSONValue {
        let failed = results.filter { !$0.passed }.count
        return .object([
            "examples": .array(results.map { result in
                .object([
                    "rule": .string(result.rule), "file": .string(result.file), "line": .int(result.line),
                    "index": .int(result.index), "passed": .bool(result.passed),
                    "mismatches": .array(result.mismatches.map { mismatch in
                        .object([
                            "field": .string(mismatch.field.rawValue), "expected": mismatch.expected.json,
                            "actual": mismatch.actual.json,
                        ])
                    }),
                    "diagnostics": .array(result.diagnostics.map(\.json)),
                ])
            }),
            "load": .array(load.map(\.json)),
            "summary": .object(["examples": .int(results.count), "passed": .int(results.count - failed), "failed": .int(failed)]),
        ])
    }
}
