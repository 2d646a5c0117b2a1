import ArgumentParser
import TagrulesKit

extension Tagrules {
    /// `tagrules undo PATH…`: removes the last revision tagrules appended to each file, after
    /// verifying that it is tagrules' and the last one (RevisionUndo).
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Remove the last tagrules revision of each file, restoring its previous bytes.",
            discussion: """
                Only a revision that tagrules appended, and that is still the file's last, is removed; files edited by other tools since are left alone and reported.

                Exit status: 0 success (including files with nothing to undo), 1 when a file could not be read or restored, 64 for usage errors.
                """)

        @OptionGroup var input: InputOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let discovery = try input.discover(removingStaleTemporaries: true, reportingUnreached: true)
            let report = UndoRun(jobs: try input.jobCount(), password: input.resolvedPassword).run(discovery.files)
                .including(discovery.unreached)
            DiagnosticPrinter().print(report)
            try output.emit(report)
            let status: ExitCode = discovery.hasErrors ? .failure : ExitStatus.of(report, strict: output.strict)
            if status != .success { throw status }
        }
    }
}
