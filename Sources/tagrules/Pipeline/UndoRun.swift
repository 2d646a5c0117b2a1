import PDFInfo

/// The flow of `undo`: for each file, in parallel, read forScore's view, strip the last
/// revision if tagrules wrote it (`RevisionUndo`, which verifies that), and read the view again
/// to report what changed back.
struct UndoRun {
    /// `--jobs`.
    var jobs: Int
    /// `--password`, to show the metadata of encrypted files (undo itself needs none).
    var password: String?

    /// Runs the flow over `paths`.
    func run(_ paths: [String]) -> ChangeReport {
        let files = WorkerPool.map(
            count: paths.count, jobs: WorkerPool.diskJobs(jobs), progress: ProgressBar(total: paths.count, label: "undoing")
        ) { undo(paths[$0]) }
        return ChangeReport(command: "undo", files: files)
    }

    private func undo(_ path: String) -> FileChange {
        let before = ScoreLoader.load(path, password: password)
        var file = FileChange(path: path, status: .unchanged, before: before.isReadable ? before.metadata : nil)
        do throws(PDFError) {
            let document = try PDFDocument.open(path: path)
            do {
                _ = try RevisionUndo.baseLength(of: document)
            } catch where error.code == .notOwnRevision {
                file.after = file.before
                file.diagnostics.append(ReportDiagnostic(
                    severity: .info, code: error.code.rawValue, message: "nothing to undo: \(error.message)"))
                return file
            }
            try RevisionUndo.undo(path: path)
        } catch {
            let skip = error.code == .permissionDenied
            file.status = skip ? .skipped : .error
            file.error = error.message
            file.diagnostics.append(ReportDiagnostic(error, severity: skip ? .warning : .error))
            return file
        }
        let after = ScoreLoader.load(path, password: password)
        file.status = .undone
        file.after = after.isReadable ? after.metadata : nil
        if let before = file.before, let restored = file.after {
            file.changes = before.changes(to: restored).map { ReportChange(change: $0, rules: []) }
        }
        file.diagnostics += after.failure.map { [ReportDiagnostic($0, severity: .warning)] } ?? []
        return file
    }
}
