import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules edit PATH… [--rules DIR…]`: forScore's view of the scores in `$VISUAL`/`$EDITOR`
    /// as one sheet; the changes are shown and, once confirmed, written as `apply` writes them.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit the scores' fields in your editor, review the diff, then write it like apply.",
            discussion: """
                Opens $VISUAL (else $EDITOR, else vi) on a sheet with one block per score: a file: line, then title, composers, genres, tags (lists separated by commas), rating (0-5), difficulty (0-3), duration (seconds or m:ss) and key ("E-flat major"). With --rules, the values are those after the rules, and a block left as it is writes the rules' changes. Change values, save and close: the diff of what changes is shown, and written on confirmation (--yes: without asking). An empty value removes the field; a deleted block leaves its score alone; deleting every block cancels. A sheet that cannot be read is reported with its line and opened again; nothing is written until it can be.

                Exit status: 0 success (also when nothing changes or the edit is cancelled); 1 when a file could not be read or written, the editor failed, or the changes were not confirmed; 64 for usage errors (no terminal to confirm on without --yes among them).
                """)

        @OptionGroup var input: InputOptions

        /// `--rules DIR`, repeatable.
        @Option(name: [.short, .long], help: ArgumentHelp(
            "Show the values after the rules of this folder ('builtin': the shipped rules; repeat to layer folders).",
            valueName: "dir"), completion: .directory)
        var rules: [String] = []

        @OptionGroup var writeFlags: WriteFlags
        @OptionGroup var output: OutputOptions

        /// `--yes`.
        @Flag(name: [.short, .long], help: "Write the changes without asking.")
        var yes = false

        func validate() throws {
            if !yes && !Prompt.canAsk {
                throw ValidationError("edit asks before writing, but standard input is not a terminal; add --yes to write without asking")
            }
            if !rules.isEmpty { _ = try RulesOptions.folders(rules) }
        }

        func run() throws {
            let discovery = try input.discover(removingStaleTemporaries: true, reportingUnreached: true)
            let run = ChangeRun(
                command: "edit", jobs: try input.jobCount(), writer: try writeFlags.writer(), writes: true,
                password: input.resolvedPassword)
            let edit = SheetEdit(run: run)
            let confirm = { (files: Int) -> Bool in
                yes || Prompt.confirm("Write the changes to \(files) file\(files == 1 ? "" : "s")?")
            }
            let report: ChangeReport?
            if rules.isEmpty {
                report = try edit.edit(discovery.files, transform: ReviewedTransform(), confirm: confirm)
            } else {
                let transform = try RulesTransform(folders: try RulesOptions.folders(rules))
                DiagnosticPrinter().print(transform.ruleSet.diagnostics, of: transform.ruleSet)
                report = try edit.edit(discovery.files, transform: transform, confirm: confirm)
            }
            guard let report = report?.including(discovery.unreached) else {
                Terminal.writeError("not confirmed: nothing written\n")
                throw ExitCode.failure
            }
            try output.emit(report)
            let status: ExitCode = discovery.hasErrors ? .failure : ExitStatus.of(report, strict: output.strict)
            if status != .success { throw status }
        }
    }
}
