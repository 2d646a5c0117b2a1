import ArgumentParser
import MetadataModel
import RuleHost
import TagrulesKit

/// `tagrules rules check [PATH…]`: lints the rule files — syntax, rules without `name` or
/// `apply`, duplicate names, malformed examples — with `file:line` for each finding.
struct RulesCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the rule files: syntax, missing name/apply, duplicate names, bad examples.",
        discussion: "Exit status: 0 when no finding is an error (or, with --strict, a warning), 1 otherwise, 64 for usage errors.")

    @OptionGroup var options: RulesFolderOptions

    func run() throws {
        let ruleSet = try options.load()
        let findings = RuleChecker.check(ruleSet)
        let count = { (severity: Diagnostic.Severity) in findings.filter { $0.severity == severity }.count }
        switch options.format {
        case .json:
            Terminal.writeOutput(Self.json(rules: ruleSet.rules.map(\.name), findings: findings, ruleSet: ruleSet).text)
        default:
            // Findings are the data of this command: on stdout, in the `file:line: severity:` form.
            var printer = DiagnosticPrinter(style: Style.forStream(isTerminal: Terminal.stdoutIsTerminal), minimum: .info)
            printer.output = .standardOutput
            printer.print(findings, of: ruleSet)
            Terminal.writeOutput(Self.summary(files: ruleSet.files.count, rules: ruleSet.rules.count, findings: findings) + "\n")
        }
        if count(.error) > 0 || (options.strict && count(.warning) > 0) { throw ExitCode.failure }
    }
}

extension RulesCheck {
    /// `14 rule files, 8 rules: 6 errors, 0 warnings, 3 notes`: every rule file found (those
    /// with errors too), the rules that loaded, the findings by severity.
    static func summary(files: Int, rules: Int, findings: [Diagnostic]) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let count = { (severity: Diagnostic.Severity) in findings.filter { $0.severity == severity }.count }
        return "\(counted(files, "rule file")), \(counted(rules, "rule")): \(counted(count(.error), "error")), "
            + "\(counted(count(.warning), "warning")), \(counted(count(.info), "note"))"
    }

    /// `rules check --format json`: `{"rules": [names], "findings": [{"severity", "code",
    /// "message", "rule", "file", "line"}]}`, files relative to the current folder.
    static func json(rules: [String], findings: [Diagnostic], ruleSet: RuleSet) -> JSONValue {
        .object([
            "rules": .strings(rules),
            "findings": .array(findings.map { finding in
                .object([
                    "severity": .string(finding.severity.rawValue),
                    "code": .string(finding.code.rawValue),
                    "message": .string(finding.message),
                    "rule": .string(finding.location.rule),
                    "file": .string(finding.location.file.map(ruleSet.location(of:))),
                    "line": .int(finding.location.line),
                ])
            }),
        ])
    }
}
