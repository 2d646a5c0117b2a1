import MetadataModel
import Notation
import PDFInfo
import Platform

/// The flow `plan`, `apply`, `set`, `import csv` and `watch` share: each worker reads a file,
/// lets the transform propose new metadata, compares it in forScore's view, and (when writing)
/// stages the update; the staged copies are committed as groups. A file that cannot be read or
/// written is reported; the run goes on.
package struct ChangeRun {
    /// The command, for the report.
    var command: String
    /// `--jobs`.
    var jobs: Int
    /// The write path (encoding options, `--force`).
    var writer: ScoreWriter
    /// Whether to write (`apply`, `set`) or only report (`plan`, `set --dry-run`).
    var writes: Bool
    /// `--password`, for encrypted files.
    var password: String?

    /// The temporary copies staged and not yet in place may hold this many bytes; the worker
    /// that stages more commits the group first. Keeps the room the copies take modest for
    /// libraries of large scans.
    static let commitGroupBytes = 256 << 20

    /// Runs the flow over `paths`.
    package func run(_ paths: [String], transform: some MetadataTransform) -> ChangeReport {
        let folders = FolderChecks()
        let notationFinder = NotationFinder()
        let committer = GroupCommitter(byteBound: Self.commitGroupBytes)
        let run = self
        let processed = WorkerPool.map(
            count: paths.count, jobs: jobs, progress: ProgressBar(total: paths.count, label: "files  "),
            makeState: transform.makeWorker
        ) { worker, index in
            run.process(
                paths[index], transform: transform, worker: &worker, folders: folders, notationFinder: notationFinder
            ) {
                committer.hand($0, slot: index)
            }
        }
        let committed = committer.finish()
        let files = processed.enumerated().map { index, item in
            Self.finished(item.file, outcome: item.outcome, committed: committed[index])
        }
        return ChangeReport(command: command, files: files)
    }

    /// What a worker made of one file: its report entry, and what became of its write.
    private struct Processed: Sendable {
        var file: FileChange
        /// Nil when nothing was to be written.
        var outcome: WriteOutcome?
    }

    /// Reads the file at `path`, makes its proposal and report entry, and when the run writes
    /// and forScore's view changes, stages the update and hands it to `hand`. `folders` and
    /// `notationFinder` are the run's, shared by its workers.
    private func process<Transform: MetadataTransform>(
        _ path: String, transform: Transform, worker: inout Transform.Worker,
        folders: FolderChecks, notationFinder: NotationFinder, hand: (StagedReplacement) -> Void
    ) -> Processed {
        let (score, proposal) = ScoreLoader.load(
            path, force: writer.force, password: password, keepingUpdateBasis: writes
        ) { score, pdf -> (LoadedScore, Proposal?) in
            guard score.isReadable else { return (score, nil) }
            let document = PipelineScoreDocument(pdfPath: path, pdf: pdf, notationFinder: notationFinder)
            return (score, transform.proposal(for: score, document: document, worker: &worker))
        }
        guard let proposal else { return Processed(file: Self.failed(score)) }
        let file = entry(score, proposal: proposal, folders: folders)
        guard writes, file.status == .changed, let before = file.before, let after = file.after else {
            return Processed(file: file)
        }
        let outcome = writer.stage(
            path: path, password: password, before: before, after: after, basis: score.updateBasis, folders: folders)
        if case .staged(let replacement, _) = outcome { hand(replacement) }
        return Processed(file: file, outcome: outcome)
    }

    /// The entry of a file that could not be read.
    private static func failed(_ score: LoadedScore) -> FileChange {
        FileChange(
            path: score.path, status: .error, error: score.failure?.message, diagnostics: score.diagnosticsWithFailure)
    }

    /// The report entry of a score that was read and whose proposal is `proposal`: a dry run
    /// gives a file apply would not write the status `would-skip`; `folders` keeps the folder
    /// checks of such files.
    private func entry(
        _ score: LoadedScore, proposal: Proposal, folders: FolderChecks
    ) -> FileChange {
        let (before, after) = (score.metadata, proposal.after)
        let changesView = writer.changesView(from: before, to: after)
        let pending = changesView || writer.rewritesStrings(raw: score.infoStrings, after: after)
        var diagnostics = proposal.diagnostics(after: score.diagnostics)
        if pending, !changesView {
            let keywords = ForScoreCodec.encode(after, options: writer.encoding).info.keywords ?? ""
            diagnostics.append(Diagnostic(
                severity: .info, code: "normalized",
                message: "Info is rewritten in canonical form (--normalize); Keywords: '\(keywords)'"))
        }
        if proposal.changes.contains(where: { $0.change.field == .labels }) {
            diagnostics.append(Diagnostic(
                severity: .info, code: "labels-not-stored",
                message: "labels: PDF metadata cannot hold labels; forScore keeps them in its library only"))
        }
        var status: FileStatus = pending ? .changed : .unchanged
        if pending, !writes,
            let blocker = LoadedScore.writeBlocker(
                path: score.path, documentRefusal: score.documentRefusal, folders: folders)
        {
            status = .wouldSkip
            diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(blocker.code), message: "apply will not write this file: \(blocker.message)"))
        }
        return FileChange(
            path: score.path, status: status, before: before, after: after, changes: proposal.changes,
            diagnostics: diagnostics)
    }

    /// `file`'s entry once the commit is done: `outcome` is what staging its write gave (nil
    /// when nothing was to be written), `committed` what became of the staged copy.
    private static func finished(_ file: FileChange, outcome: WriteOutcome?, committed: PDFError??) -> FileChange {
        guard var outcome else { return file }
        if case .staged(_, let notes) = outcome {
            guard let committed else { preconditionFailure("every staged write is committed before the report") }
            outcome = ScoreWriter.committed(outcome: committed, notes: notes)
        }
        var file = file
        switch outcome {
        case .unchanged:
            file.status = .unchanged
        case .staged:
            preconditionFailure("every staged write is committed before the report")
        case .written(let notes):
            file.status = .written
            file.diagnostics += notes
        case .skipped(let error):
            file.status = .skipped
            file.error = error.message
            file.diagnostics.append(Diagnostic(
                severity: .warning, code: Diagnostic.Code(error.code), message: "not written: \(error.message)"))
        case .failed(let error):
            file.status = .error
            file.error = error.message
            file.diagnostics.append(Diagnostic(error))
        }
        return file
    }

    /// Creates the flow of `command`.
    package init(command: String, jobs: Int, writer: ScoreWriter, writes: Bool, password: String?) {
        self.command = command
        self.jobs = jobs
        self.writer = writer
        self.writes = writes
        self.password = password
    }
}
