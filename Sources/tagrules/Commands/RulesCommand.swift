import ArgumentParser
import MetadataModel
import RuleHost
import TagrulesKit

/// What `plan` and `apply` share: load the rules, report their problems, run them over the
/// files, report, and choose the exit status.
enum RulesCommand {
    /// Runs `command` (`plan` or `apply`) and returns once the report is written, or throws its
    /// exit status: 1 when a file failed or could not be reached, a rule file has an error, or
    /// (with the flags) a warning or a pending change was found.
    ///
    /// - Parameters:
    ///   - writes: Whether to write the changes.
    ///   - failOnChanges: `--exit-code`.
    ///   - interactive: `apply --interactive`: ask about each change before writing it.
    /// - Throws: `ValidationError` for usage errors; `CLIError` when the rules or the files
    ///   cannot be reached or the report cannot be written; `ExitCode.failure`.
    static func run(
        _ command: String, writes: Bool, input: InputOptions, rules: RulesOptions, writeFlags: WriteFlags,
        output: OutputOptions, failOnChanges: Bool = false, interactive: Bool = false
    ) throws {
        let folders = try rules.folders()
        let discovery = try input.discover(removingStaleTemporaries: writes, reportingUnreached: true)
        let transform = try RulesTransform(folders: folders)
        let printer = DiagnosticPrinter()
        let ruleProblems = transform.ruleSet.diagnostics
        printer.print(ruleProblems, of: transform.ruleSet)
        let noRules = transform.ruleSet.rules.isEmpty && ruleProblems.isEmpty
        if noRules {
            printer.print(
                path: folders.map(\.relativePath).joined(separator: ", "), severity: .warning,
                message: "no rules: the folder has no rule files (*.lua), so nothing will change; check --rules")
        }
        let run = ChangeRun(
            command: command, jobs: try input.jobCount(), writer: try writeFlags.writer(), writes: writes,
            password: input.resolvedPassword)
        let report: ChangeReport
        if interactive {
            report = try InteractiveReview().run(discovery.files, transform: transform, writing: run)
                .including(discovery.unreached)
        } else {
            report = run.run(discovery.files, transform: transform)
                .including(discovery.unreached)
            printer.print(report)
        }
        try output.emit(report)
        var status = ExitStatus.of(report, strict: output.strict, failOnChanges: failOnChanges)
        let failing = { (severity: Diagnostic.Severity) in severity == .error || (output.strict && severity == .warning) }
        if ruleProblems.contains(where: { failing($0.severity) }) || discovery.hasErrors || (noRules && output.strict) {
            status = .failure
        }
        if status != .success { throw status }
    }
}
