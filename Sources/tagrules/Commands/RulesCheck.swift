import ArgumentParser
import RuleHost
import TagrulesKit

/// `tagrules rules check [DIR]`: lints the rule files — syntax, rules without `name` or
/// `apply`, duplicate names, malformed examples — with `file:line` for each finding.
struct RulesCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the rule files: syntax, missing name/apply, duplicate names, bad examples.",
        discussion: "Exit status: 0 when no finding is an error (or, with --strict, a warning), 1 otherwise, 64 for usage errors.")

    @OptionGroup var options: RulesFolderOptions

    func run() throws {
        let folder = try options.resolved()
        let findings: [RuleDiagnostic]
        let ruleSet: RuleSet
        do {
            findings = try RuleChecker.check(folder: folder)
            ruleSet = try RuleSet.load(folder: folder)
        } catch {
            throw CLIError(.rulesUnavailable, "cannot load the rules: \(error)", path: folder.relativePath)
        }
        let count = { (severity: RuleDiagnostic.Severity) in findings.filter { $0.severity == severity }.count }
        switch options.format {
        case .json:
            Terminal.writeOutput(Self.json(rules: ruleSet.rules.map(\.name), findings: findings, folder: folder.relativePath).text)
        default:
            // Findings are the data of this command: on stdout, in the `file:line: severity:` form.
            var printer = DiagnosticPrinter(style: Style.forStream(isTerminal: Terminal.stdoutIsTerminal), minimum: .info)
            printer.output = .standardOutput
            printer.print(findings, folder: folder.relativePath)
            let files = Set(ruleSet.rules.compactMap(\.file)).count
            Terminal.writeOutput("\(files) rule file\(files == 1 ? "" : "s"), \(ruleSet.rules.count) rule\(ruleSet.rules.count == 1 ? "" : "s"): "
                + "\(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), "
                + "\(count(.note)) note\(count(.note) == 1 ? "" : "s")\n")
        }
        if count(.error) > 0 || (options.strict && count(.warning) > 0) { throw ExitCode.failure }
    }
}

extension RulesCheck {
    /// `rules check --format json`: `{"rules": [names], "findings": [{"severity", "code",
    /// "message", "rule", "file", "line"}]}`, files relative to the current folder.
    static func json(rules: [String], findings: [RuleDiagnostic], folder: String) -> JSONValue {
        .object([
            "rules": .strings(rules),
            "findings": .array(findings.map { finding in
                .object([
                    "severity": .string(ReportDiagnostic(finding).severity.rawValue),
                    "code": .string(finding.code.rawValue),
                    "message": .string(finding.message),
                    "rule": .string(finding.rule),
                    "file": .string(finding.file.map { folder + "/" + $0 }),
                    "line": .int(finding.line),
                ])
            }),
        ])
    }
}
