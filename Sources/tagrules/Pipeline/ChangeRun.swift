import MetadataModel
import PDFInfo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The flow `plan`, `apply` and `set` share: read every file in parallel, let a transform
/// propose new metadata, compare in forScore's view, and (when writing) append the updates in
/// parallel. A file that cannot be read or written is reported; the run goes on.
struct ChangeRun {
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
    /// The document facts each file's read takes besides the metadata: only what the transform
    /// may need (the rules may read pages and outlines; direct edits never do).
    var reads: ScoreLoader.FactReads = .all

    /// Runs the flow over `paths`.
    func run(_ paths: [String], transform: some MetadataTransform) -> ChangeReport {
        run(paths) { transform }
    }

    /// Runs the flow over `paths` with the transform `makeTransform` returns once the files are
    /// read: a transform that takes long to build (the rules) can be built meanwhile.
    ///
    /// - Throws: what `makeTransform` throws.
    func run<Transform: MetadataTransform, Failure: Error>(
        _ paths: [String], transform makeTransform: () throws(Failure) -> Transform
    ) throws(Failure) -> ChangeReport {
        try run(paths, transform: makeTransform) { report throws(Failure) in report }
    }

    /// Runs the flow like ``run(_:transform:)`` and hands the report to `finish` while the
    /// scores read, the proposals and the transform are still alive: a command that ends the
    /// process in `finish` (``ExitStatus/exit(_:)``) never spends time freeing them.
    /// `listings`: `FileDiscovery.listings` of `paths`, when discovery found them: a file
    /// listed in its folder as a regular file has a mode, with which a dry run asks the system
    /// only whether a changed file is accessible for writing; one discovery did not describe is
    /// dropped when it is a file read before under another name (a hard link).
    ///
    /// - Throws: what `makeTransform` or `finish` throws.
    func run<Transform: MetadataTransform, Failure: Error, Outcome>(
        _ paths: [String], listings: [FileDiscovery.Listing] = [],
        transform makeTransform: () throws(Failure) -> Transform, finish: (ChangeReport) throws(Failure) -> Outcome
    ) throws(Failure) -> Outcome {
        let (force, password, writes, reads) = (writer.force, self.password, self.writes, self.reads)
        let read = WorkerPool.map(
            count: paths.count, jobs: jobs, progress: ProgressBar(total: paths.count, label: "reading")
        ) { ScoreLoader.load(paths[$0], force: force, password: password, keepingUpdateBasis: writes, reads: reads) }
        // A file discovery took on its name may be a hard link to one read before.
        let (loaded, listings) =
            listings.contains(.undescribed) ? RepeatedFiles.firstOfEach(read, listings: listings) : (read, listings)
        let transform = try makeTransform()
        let (proposalIndex, readableCount) = Self.proposalIndex(loaded)
        // Usually every file was read: then the scores go to the transform as they are, not
        // copied one by one into a second array.
        let readable = readableCount == loaded.count ? loaded : loaded.filter { $0.isReadable }
        let progress = ProgressBar(total: readable.count, label: "rules  ")
        let proposals = transform.propose(readable, jobs: jobs, progress: progress)
        let run = self
        let folders = FolderChecks()
        var files = WorkerPool.map(count: loaded.count, jobs: jobs) { index in
            let listing = index < listings.count ? listings[index] : .reached
            return run.entry(
                index, of: loaded, proposals: proposals, slot: proposalIndex[index], listing: listing, folders: folders)
        }
        if writes { write(&files, bases: loaded.map(\.updateBasis)) }
        let report = ChangeReport(command: command, files: files)
        return try withExtendedLifetime((loaded, readable, proposals, transform)) { () throws(Failure) in try finish(report) }
    }

    /// Where each score's proposal sits among the proposals for the readable scores (which
    /// come in the scores' order), -1 for a score that was not read; and how many were read.
    /// By index: a loop over the scores would copy each one.
    private static func proposalIndex(_ scores: [LoadedScore]) -> (indices: [Int], readable: Int) {
        var indices = [Int](repeating: -1, count: scores.count)
        var next = 0
        for index in scores.indices where scores[index].isReadable {
            indices[index] = next
            next += 1
        }
        return (indices, next)
    }

    private func failed(_ score: UnsafePointer<LoadedScore>) -> FileChange {
        let failure = score.pointee.failure ?? PDFError(.ioFailure, "cannot be read")
        return FileChange(
            path: score.pointee.path, status: .error, error: failure.message,
            diagnostics: score.pointee.diagnostics + [ReportDiagnostic(failure)])
    }

    /// The report entry of `scores[index]`, whose proposal is `proposals[slot]` (`slot` -1: the
    /// score was not read) and whose discovery is `listing`. Score and proposal are read in
    /// place, field by field: the arrays' subscripts, or a borrow of an element through a
    /// pointer, copy the whole value (retaining all its strings and arrays) for the entry's few
    /// looks.
    private func entry(
        _ index: Int, of scores: [LoadedScore], proposals: [Proposal], slot: Int, listing: FileDiscovery.Listing,
        folders: FolderChecks
    ) -> FileChange {
        scores.withUnsafeBufferPointer { scores in
            let score = scores.baseAddress! + index
            guard slot >= 0 else { return failed(score) }
            guard slot < proposals.count else { preconditionFailure("a transform returned fewer proposals than scores") }
            let listedMode: mode_t?
            switch listing {
            case .reached: listedMode = nil
            case .described(let mode): listedMode = mode
            // What `fstat` of the descriptor that read it said, unless that was a link's target.
            case .undescribed: listedMode = score.pointee.mode
            }
            return proposals.withUnsafeBufferPointer {
                entry(score, proposal: $0.baseAddress! + slot, listedMode: listedMode, folders: folders)
            }
        }
    }

    /// The report entry of a score that was read; `folders` keeps the folder checks of the
    /// files a dry run says apply would skip. Each field of the score and the proposal is read
    /// once, into a local, and used from there (a value read through a pointer and passed on,
    /// or a method called on it, is copied whole first); the entry is made last, of the locals.
    private func entry(
        _ score: UnsafePointer<LoadedScore>, proposal: UnsafePointer<Proposal>, listedMode: mode_t?,
        folders: FolderChecks
    ) -> FileChange {
        let (path, before, after) = (score.pointee.path, score.pointee.metadata, proposal.pointee.after)
        let changes = proposal.pointee.changes
        let changesView = writer.changesView(from: before, to: after)
        let pending = changesView || writer.rewritesStrings(raw: score.pointee.infoStrings, after: after)
        var diagnostics = Proposal.diagnostics(proposal.pointee.diagnostics, after: score.pointee.diagnostics)
        if pending, !changesView {
            let keywords = ForScoreCodec.encode(after, options: writer.encoding).info.keywords ?? ""
            diagnostics.append(ReportDiagnostic(
                severity: .info, code: "normalized",
                message: "Info is rewritten in canonical form (--normalize); Keywords: '\(keywords)'"))
        }
        if changes.contains(where: { $0.change.field == .labels }) {
            diagnostics.append(ReportDiagnostic(
                severity: .info, code: "labels-not-stored",
                message: "labels: PDF metadata cannot hold labels; forScore keeps them in its library only"))
        }
        if pending, !writes,
            let blocker = LoadedScore.writeBlocker(
                path: path, documentRefusal: score.pointee.documentRefusal, listedMode: listedMode, folders: folders)
        {
            diagnostics.append(ReportDiagnostic(
                severity: .warning, code: blocker.code.rawValue, message: "apply will not write this file: \(blocker.message)"))
        }
        return FileChange(
            path: path, status: pending ? .changed : .unchanged, before: before, after: after, changes: changes,
            diagnostics: diagnostics)
    }

    /// The temporary copies staged and not yet in place may hold this many bytes; a worker that
    /// would stage more first puts flushed ones in place, or waits for their flush. Keeps the
    /// room the copies take modest for libraries of large scans.
    static let commitGroupBytes = 256 << 20

    /// Writes the changed `files`; `bases[i]` is what was kept of `files[i]` when it was read.
    /// The workers stage the copies; a `GroupCommitter` flushes them in batches meanwhile and
    /// puts them in place once all are staged.
    private func write(_ files: inout [FileChange], bases: [UpdateBasis?]) {
        let pending = files.indices.filter { files[$0].status == .changed }
        let jobsList = pending.map { (file: files[$0], basis: bases[$0]) }
        let (writer, password) = (self.writer, self.password)
        let committer = GroupCommitter(slots: jobsList.count, byteBound: Self.commitGroupBytes)
        let folders = FolderChecks()
        let staged = WorkerPool.map(
            count: jobsList.count, jobs: jobs, progress: ProgressBar(total: jobsList.count, label: "writing")
        ) { index -> WriteOutcome in
            let (file, basis) = jobsList[index]
            guard let before = file.before, let after = file.after else { return .unchanged }
            let outcome = writer.stage(
                path: file.path, password: password, before: before, after: after, basis: basis, folders: folders)
            if case .staged(let replacement, _) = outcome { committer.hand(replacement, slot: index) }
            return outcome
        }
        let committed = committer.finish()
        let outcomes = zip(staged, committed).map { outcome, result -> WriteOutcome in
            guard case .staged(_, let notes) = outcome else { return outcome }
            guard let result else { preconditionFailure("every staged write is handed to the committer") }
            return ScoreWriter.committed(outcome: result, notes: notes)
        }
        for (index, outcome) in zip(pending, outcomes) {
            switch outcome {
            case .unchanged:
                files[index].status = .unchanged
            case .staged:
                preconditionFailure("every staged write is committed before the report")
            case .written(let notes):
                files[index].status = .written
                files[index].diagnostics += notes
            case .skipped(let error):
                files[index].status = .skipped
                files[index].error = error.message
                files[index].diagnostics.append(ReportDiagnostic(
                    severity: .warning, code: error.code.rawValue, message: "not written: \(error.message)"))
            case .failed(let error):
                files[index].status = .error
                files[index].error = error.message
                files[index].diagnostics.append(ReportDiagnostic(error))
            }
        }
    }
}
