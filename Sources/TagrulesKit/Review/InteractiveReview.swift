import MetadataModel

/// `apply --interactive`: each score the rules would change is shown with its diff and asked
/// about — `[y]es / [n]o / [e]dit / [a]ll / [q]uit` — before anything is written. `e` opens
/// the score's values after the rules in the editor (``EditSheet``) and asks again about the
/// result.
package struct InteractiveReview {
    /// How diffs are shown.
    let renderer: TextRenderer

    /// What the review approved, and how many changed scores it declined.
    package struct Outcome: Sendable {
        package var targets: [String: ReviewedTransform.Target] = [:]
        /// The approved paths, in the order asked.
        package var paths: [String] = []
        package var declined = 0
    }

    /// Shows diffs on standard error, in colour on a terminal.
    package init() {
        renderer = TextRenderer(style: Style.forStream(isTerminal: Terminal.stderrIsTerminal), verbose: false)
    }

    /// Runs `transform` over `paths` without writing, prints its problems, asks about each
    /// change, then writes what was approved with `run` as `apply` would have written it, and
    /// prints the problems of the writes.
    ///
    /// - Returns: The report of the writes, with the files that could not be read.
    /// - Throws: `CLIError` when the editor fails during `[e]dit`.
    package func run(
        _ paths: [String], transform: some MetadataTransform, writing run: ChangeRun
    ) throws(CLIError) -> ChangeReport {
        var dryRun = run
        dryRun.writes = false
        let plan = dryRun.run(paths, transform: transform)
        let printer = DiagnosticPrinter()
        printer.print(plan)
        let outcome = try review(plan)
        if outcome.declined > 0 {
            Terminal.writeError("\(outcome.declined) change\(outcome.declined == 1 ? "" : "s") declined: not written\n")
        }
        let written = run.run(outcome.paths, transform: ReviewedTransform(targets: outcome.targets))
        printer.print(written, after: plan)
        return ChangeReport(command: written.command, files: written.files + plan.files.filter { $0.status == .error })
    }

    /// Asks about each changed file of `plan` (a dry run of the rules).
    ///
    /// - Throws: `CLIError` when the editor fails during `[e]dit`.
    package func review(_ plan: ChangeReport) throws(CLIError) -> Outcome {
        let changed = plan.files.filter { $0.status == .changed }
        var outcome = Outcome()
        var approveAll = false
        for (index, original) in changed.enumerated() {
            var file = original
            while true {
                if approveAll {
                    approve(file, in: &outcome)
                    break
                }
                Terminal.writeError("\n(\(index + 1)/\(changed.count)) " + renderer.render(file))
                let answer = Prompt.choose(
                    "Write this change? [y]es / [n]o / [e]dit / [a]ll / [q]uit: ", choices: ["y", "n", "e", "a", "q"])
                switch answer {
                case "y":
                    approve(file, in: &outcome)
                case "a":
                    approveAll = true
                    continue
                case "e":
                    file = try edited(file)
                    continue
                case "n":
                    outcome.declined += 1
                default:  // q, or the end of input
                    outcome.declined += changed.count - index
                    return outcome
                }
                break
            }
        }
        return outcome
    }

    private func approve(_ file: FileChange, in outcome: inout Outcome) {
        guard let after = file.after, let target = ReviewedTransform.Target(file, edited: after) else { return }
        outcome.targets[file.path] = target
        outcome.paths.append(file.path)
    }

    /// `file` with the values the user gives in the editor, credited to `edit` where they
    /// differ from the rules'; `file` itself when the block was deleted.
    private func edited(_ file: FileChange) throws(CLIError) -> FileChange {
        guard let before = file.before, let proposed = file.after else { return file }
        let edits = try Editor.edits(of: EditSheet([EditSheet.Entry(path: file.path, metadata: proposed)]))
        guard let edit = edits.byPath[file.path] else { return file }
        var after = proposed
        edit.apply(to: &after)
        guard let target = ReviewedTransform.Target(file, edited: after) else { return file }
        let proposal = Proposal.validated(after, from: before, rules: { target.rules[$0] ?? [] }) { target.from[$0] ?? [] }
        var changed = file
        changed.after = proposal.after
        changed.changes = proposal.changes
        return changed
    }
}
