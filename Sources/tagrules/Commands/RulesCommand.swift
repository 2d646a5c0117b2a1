import ArgumentParser
import RuleHost

/// What `plan` and `apply` share: load the rules, report their problems, run them over the
/// files, report, and choose the exit status.
enum RulesCommand {
    /// Runs `command` (`plan` or `apply`) and ends the process with its exit status once the
    /// report is written: 1 when a file failed or could not be reached, a rule file has an
    /// error, or (with the flags) a warning or a pending change was found; else 0.
    ///
    /// - Parameters:
    ///   - writes: Whether to write the changes.
    ///   - failOnChanges: `--exit-code`.
    /// - Throws: `ValidationError` for usage errors; `CLIError` when the rules or the files
    ///   cannot be reached or the report cannot be written.
    static func run(
        _ command: String, writes: Bool, input: InputOptions, rules: RulesOptions, writeFlags: WriteFlags,
        output: OutputOptions, failOnChanges: Bool = false
    ) throws -> Never {
        let folder = try rules.folder()
        // Loading runs every rule file and parses its data tables, and needs no score: with
        // more than one job it goes on while the files are found and read (started while the
        // command line was parsed, when `RulesPreload` guessed this folder).
        let loading = RulesPreload.take(folder: folder, jobs: input.jobCount)
            ?? BackgroundValue(inBackground: input.jobCount > 1) {
                Result { () throws(CLIError) in try RulesTransform(folder: folder) }
            }
        // Each file is opened by the run, which tells hard links apart by the open descriptor:
        // the walk asks nothing of the files its folders list.
        let discovery = try input.discover(
            removingStaleTemporaries: writes, describingListedFiles: false, reportingUnreached: true)
        let printer = DiagnosticPrinter()
        var ruleProblems: [RuleDiagnostic] = []
        var noRules = false
        let password = input.resolvedPassword
        let (reads, deferred) = RulesTransform.factReads(folder: folder, password: password)
        let run = ChangeRun(
            command: command, jobs: input.jobCount, writer: writeFlags.writer, writes: writes, password: password,
            reads: reads)
        // The report is printed and the process ended (`ExitStatus.exit`) while the flow still
        // holds the scores and the rules: nothing is freed on the way out.
        try run.run(discovery.files, listings: discovery.listings) { () throws(CLIError) -> RulesTransform in
            var transform = try loading.value.get()
            transform.deferredFacts = deferred
            ruleProblems = transform.ruleSet.diagnostics
            printer.print(ruleProblems, folder: folder.relativePath)
            noRules = transform.ruleSet.rules.isEmpty && ruleProblems.isEmpty
            if noRules {
                printer.print(
                    path: folder.relativePath, severity: .warning,
                    message: "no rules: the folder has no rule files (*.lua), so nothing will change; check --rules")
            }
            return transform
        } finish: { report throws(CLIError) -> Never in
            let report = report.including(discovery.unreached)
            printer.print(report)
            try output.emit(report, jobs: input.jobCount)
            var status = ExitStatus.of(report, strict: output.strict, failOnChanges: failOnChanges)
            // A comparison, not a `Set` of severities: the set's type costs 0.4 M instructions to
            // instantiate at run time, on every run.
            let failing = { (severity: RuleDiagnostic.Severity) in severity == .error || (output.strict && severity == .warning) }
            if ruleProblems.contains(where: { failing($0.severity) }) || discovery.hasErrors || (noRules && output.strict) {
                status = .failure
            }
            ExitStatus.exit(status)
        }
    }
}
