import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules set PATH… --title … --composer … --key "E-flat major" …`: direct edits without a
    /// rule file, written like `apply` (or only reported with `--dry-run`).
    struct SetFields: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Edit fields directly, without rules, and write them like apply.",
            discussion: """
                Examples:
                  tagrules set "Nocturne.pdf" --title "Nocturne Op. 9 No. 2" --composer "Frédéric Chopin" --key "E-flat major"
                  tagrules set scores/ --add-tag piano --remove-tag draft --dry-run

                A --title for several files is asked for on a terminal, and needs --yes elsewhere.

                Exit status: 0 success, 1 when a file could not be read or written, 2 with --dry-run --exit-code when nothing failed and changes are pending, 64 for usage errors.
                """)

        @OptionGroup(title: "Fields") var fields: EditOptions
        @OptionGroup var input: InputOptions
        @OptionGroup var writeFlags: WriteFlags
        @OptionGroup var output: OutputOptions

        /// `--dry-run`.
        @Flag(help: "Show what would change; write nothing.")
        var dryRun = false

        /// `--exit-code`.
        @Flag(help: "With --dry-run: exit 2 when changes are pending (1 stays for errors).")
        var exitCode = false

        /// `--yes`.
        @Flag(name: [.short, .long], help: "Give several files the same --title without asking.")
        var yes = false

        func validate() throws {
            if exitCode && !dryRun { throw ValidationError("--exit-code needs --dry-run") }
        }

        func run() throws {
            let transform = EditTransform(edit: try fields.edit())
            let run = ChangeRun(
                command: dryRun ? "plan" : "set", jobs: try input.jobCount(), writer: try writeFlags.writer(), writes: !dryRun,
                password: input.resolvedPassword)
            let discovery = try input.discover(removingStaleTemporaries: !dryRun, reportingUnreached: true)
            try confirmSharedTitle(files: discovery.files.count)
            let report = run.run(discovery.files, transform: transform).including(discovery.unreached)
            DiagnosticPrinter().print(report)
            try output.emit(report)
            let status: ExitCode = discovery.hasErrors ? .failure : ExitStatus.of(report, strict: output.strict, failOnChanges: exitCode)
            if status != .success { throw status }
        }

        /// One title for several files is most likely a slip (a folder given for a file): on a
        /// terminal the user confirms it, elsewhere `--yes` must say so.
        ///
        /// - Throws: `ValidationError` without `--yes` off a terminal; `ExitCode.failure` when
        ///   the user declines (nothing is written).
        private func confirmSharedTitle(files: Int) throws {
            guard !dryRun, !yes, files > 1, let title = fields.title, !title.isEmpty else { return }
            guard Prompt.canAsk else {
                throw ValidationError("--title would give \(files) files the same title; add --yes to do so, or name one file")
            }
            guard Prompt.confirm("Give all \(files) files the title \"\(title)\"?") else {
                Terminal.writeError("nothing written\n")
                throw ExitCode.failure
            }
        }
    }
}
