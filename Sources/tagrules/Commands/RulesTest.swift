import ArgumentParser
import MetadataModel
import RuleHost

/// `tagrules rules test [DIR]`: runs every rule's examples and reports each one.
struct RulesTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the examples of every rule.",
        discussion: "Exit status: 0 when every example passes, 1 when one fails or a rule file has an error, 64 for usage errors.")

    @OptionGroup var options: RulesFolderOptions

    func run() throws {
        let folder = try options.resolved()
        let ruleSet: RuleSet
        let results: [RuleExampleResult]
        do {
            ruleSet = try RuleSet.load(folder: folder)
            results = try RuleExamplesRunner.run(ruleSet)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot load the rules: \(error)", path: folder.relativePath)
        }
        let printer = DiagnosticPrinter()
        printer.print(ruleSet.diagnostics, folder: folder.relativePath)
        let failed = results.filter { !$0.passed }.count
        switch options.format {
        case .json:
            Terminal.writeOutput(try JSONRenderer.render(ExamplesReport(results: results, load: ruleSet.diagnostics)))
        default:
            Terminal.writeOutput(text(results, ruleSet: ruleSet, folder: folder.relativePath))
        }
        let failing: Set<RuleDiagnostic.Severity> = options.strict ? [.error, .warning] : [.error]
        if failed > 0 || ruleSet.diagnostics.contains(where: { failing.contains($0.severity) }) {
            throw ExitCode.failure
        }
    }

    private func text(_ results: [RuleExampleResult], ruleSet: RuleSet, folder: String) -> String {
        let style = Style.forStream(isTerminal: Terminal.stdoutIsTerminal)
        var out = ""
        for result in results {
            let location = result.file.map { " " + style.dim("(\(folder)/\($0)\(result.line.map { ":\($0)" } ?? ""))") } ?? ""
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

/// `rules test --format json`: `{"examples": [{"rule", "file", "line", "index", "passed",
/// "mismatches": [{"field", "expected", "actual"}], "diagnostics": […]}], "load": […],
/// "summary": {"examples", "passed", "failed"}}`.
private struct ExamplesReport: Encodable {
    var results: [RuleExampleResult]
    var load: [RuleDiagnostic]

    private enum Keys: String, CodingKey { case examples, load, summary }
    private enum ExampleKeys: String, CodingKey { case rule, file, line, index, passed, mismatches, diagnostics }
    private enum MismatchKeys: String, CodingKey { case field, expected, actual }
    private enum SummaryKeys: String, CodingKey { case examples, passed, failed }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var examples = container.nestedUnkeyedContainer(forKey: .examples)
        for result in results {
            var example = examples.nestedContainer(keyedBy: ExampleKeys.self)
            try example.encode(result.rule, forKey: .rule)
            try example.encode(result.file, forKey: .file)
            try example.encode(result.line, forKey: .line)
            try example.encode(result.index, forKey: .index)
            try example.encode(result.passed, forKey: .passed)
            var mismatches = example.nestedUnkeyedContainer(forKey: .mismatches)
            for mismatch in result.mismatches {
                var item = mismatches.nestedContainer(keyedBy: MismatchKeys.self)
                try item.encode(mismatch.field, forKey: .field)
                try item.encode(mismatch.expected, forKey: .expected)
                try item.encode(mismatch.actual, forKey: .actual)
            }
            try example.encode(result.diagnostics.map(ReportDiagnostic.init), forKey: .diagnostics)
        }
        try container.encode(load.map(ReportDiagnostic.init), forKey: .load)
        var summary = container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        let failed = results.filter { !$0.passed }.count
        try summary.encode(results.count, forKey: .examples)
        try summary.encode(results.count - failed, forKey: .passed)
        try summary.encode(failed, forKey: .failed)
    }
}
