import MetadataModel

/// `tagrules edit`: forScore's view of the scores (after the rules, when given) in the user's
/// editor as one sheet (``EditSheet``); what the user changed is shown as a diff and, once
/// confirmed, written as `apply` writes.
package struct SheetEdit {
    /// The flow that reads and writes (its `command` names the report).
    let run: ChangeRun

    package init(run: ChangeRun) {
        self.run = run
    }

    /// Edits the scores at `paths`.
    ///
    /// - Parameters:
    ///   - transform: What the sheet shows: the rules' proposal, or `ReviewedTransform()` for
    ///     the files' own values.
    ///   - confirm: Asked with the number of files to write, after the diff is shown; false
    ///     writes nothing.
    /// - Returns: The report of the writes (with the files that could not be read), or nil
    ///   when the user declined.
    /// - Throws: `CLIError` when the editor fails or the sheet cannot be read.
    package func edit(
        _ paths: [String], transform: some MetadataTransform,
        confirm: (Int) throws -> Bool
    ) throws -> ChangeReport? {
        var dryRun = run
        dryRun.writes = false
        dryRun.command = "plan"
        let proposed = dryRun.run(paths, transform: transform)
        let printer = DiagnosticPrinter()
        printer.print(proposed)
        let unread = proposed.files.filter { $0.status == .error }
        var shown: [FileChange] = []
        for file in proposed.files where file.status != .error {
            guard EditSheet.canShow(file.path) else {
                printer.print(path: file.path, severity: .warning, message: "a line break in its name keeps it out of the sheet; left alone")
                continue
            }
            shown.append(file)
        }
        guard !shown.isEmpty else { return ChangeReport(command: run.command, files: unread) }
        let edits = try Editor.edits(of: EditSheet(shown.compactMap { file in
            file.after.map { EditSheet.Entry(path: file.path, metadata: $0) }
        }))
        guard !edits.isCancelled else {
            Terminal.writeError("no score left in the sheet: nothing written\n")
            return ChangeReport(command: run.command, files: unread)
        }
        var targets: [String: ReviewedTransform.Target] = [:]
        for file in shown {
            guard let edit = edits.byPath[file.path], var after = file.after else { continue }
            edit.apply(to: &after)
            targets[file.path] = ReviewedTransform.Target(file, edited: after)
        }
        let order = shown.map(\.path).filter { targets[$0] != nil }
        let review = dryRun.run(order, transform: ReviewedTransform(targets: targets))
        let pending = review.files.filter { $0.status == .changed }
        let renderer = TextRenderer(style: Style.forStream(isTerminal: Terminal.stderrIsTerminal), verbose: false)
        Terminal.writeError(review.files.map(renderer.render).joined() + renderer.summaryLine(review) + "\n")
        guard !pending.isEmpty else { return ChangeReport(command: run.command, files: unread) }
        guard try confirm(pending.count) else { return nil }
        let written = run.run(pending.map(\.path), transform: ReviewedTransform(targets: targets))
        printer.print(written, after: proposed)
        return ChangeReport(command: run.command, files: written.files + unread)
    }
}
