import ArgumentParser
import RuleHost

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
            Terminal.writeOutput(try JSONRenderer.render(CheckReport(
                rules: ruleSet.rules.map(\.name), findings: findings.map { CheckFinding($0, folder: folder.relativePath) })))
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

/// `rules check --format json`: `{"rules": [names], "findings": [{"severity", "code",
/// "message", "rule", "file", "line"}]}`.
private struct CheckReport: Encodable {
    var rules: [String]
    var findings: [CheckFinding]
}

private struct CheckFinding: Encodable {
    var severity: String
    var code: String
    var message: String
    var rule: String?
    var file: String?
    var line: Int?

    init(_ diagnostic: RuleDiagnostic, folder: String) {
        severity = ReportDiagnostic(diagnostic).severity.rawValue
        code = diagnostic.code.rawValue
        message = diagnostic.message
        rule = diagnostic.rule
        file = diagnostic.file.map { folder + "/" + $0 }
        line = diagnostic.line
    }

    private enum CodingKeys: String, CodingKey { case severity, code, message, rule, file, line }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(rule, forKey: .rule)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
    }
}
