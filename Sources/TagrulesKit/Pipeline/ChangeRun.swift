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
    /// The document facts each file's read takes besides the metadata: only what the transform
    /// may need (the rules may read pages and outlines; direct edits never do).
    var reads: ScoreLoader.FactReads = .all

    /// Runs the flow over `paths`.
    package func run(_ paths: [String], listings: [FileDiscovery.Listing] = [], transform: some MetadataTransform) -> ChangeReport {
        run(paths, listings: listings) { transform } finish: { $0 }
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
    /// scores read and the transform are still alive: a command that ends the
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
        let readFolders = ReadFolders()
        let read = WorkerPool.map(
            count: paths.count, jobs: jobs, progress: ProgressBar(total: paths.count, label: "reading")
        ) {
            ScoreLoader.load(
                paths[$0], force: force, password: password, keepingUpdateBasis: writes, reads: reads, folders: readFolders)
        }
        // A file discovery took on its name may be a hard link to one read before.
        let (loaded, listings) =
            listings.contains(.undescribed) ? RepeatedFiles.firstOfEach(read, listings: listings) : (read, listings)
        let transform = try makeTransform()
        // Usually every file was read: then the scores go to the transform as they are, not
        // copied one by one into a second array.
        let readIndices = Self.readIndices(loaded)
        let readable = readIndices == nil ? loaded : loaded.filter { $0.isReadable }
        let progress = ProgressBar(total: readable.count, label: "rules  ")
        let run = self
        let folders = FolderChecks()
        // Each score's report entry is made by the worker that made its proposal, as soon as
        // it did: no pass of its own over every score and proposal afterwards.
        let entries = transform.propose(readable, jobs: jobs, progress: progress) { slot, proposal in
            let index = readIndices?[slot] ?? slot
            let listing = index < listings.count ? listings[index] : .reached
            return run.entry(index, of: loaded, proposal: proposal, listing: listing, folders: folders)
        }
        var files = entries
        if let readIndices { files = Self.merging(entries, readIndices: readIndices, into: loaded) { run.failed($0) } }
        if writes { write(&files, bases: loaded.map(\.updateBasis)) }
        let report = ChangeReport(command: command, files: files)
        return try withExtendedLifetime((loaded, readable, transform)) { () throws(Failure) in try finish(report) }
    }

    /// The indices of the scores that were read, in order; nil when every score was (the
    /// readable scores are then the scores themselves). By index: a loop over the scores
    /// would copy each one.
    private static func readIndices(_ scores: [LoadedScore]) -> [Int]? {
        var indices: [Int] = []
        for index in scores.indices where scores[index].isReadable { indices.append(index) }
        return indices.count == scores.count ? nil : indices
    }

    /// The report entries of all `scores`: `entries[k]` for the score at `readIndices[k]`,
    /// `failed` of each other one.
    private static func merging(
        _ entries: [FileChange], readIndices: [Int], into scores: [LoadedScore],
        failed: (UnsafePointer<LoadedScore>) -> FileChange
    ) -> [FileChange] {
        var files: [FileChange] = []
        files.reserveCapacity(scores.count)
        var next = 0
        scores.withUnsafeBufferPointer { scores in
            for index in scores.indices {
                if next < readIndices.count, readIndices[next] == index {
                    files.append(entries[next])
                    next += 1
                } else {
                    files.append(failed(scores.baseAddress! + index))
                }
            }
        }
        return files
    }

    private func failed(_ score: UnsafePointer<LoadedScore>) -> FileChange {
        let failure = score.pointee.failure ?? PDFError(.ioFailure, "cannot be read")
        return FileChange(
            path: score.pointee.path, status: .error, error: failure.message,
            diagnostics: score.pointee.diagnostics + [ReportDiagnostic(failure)])
    }

    /// The report entry of `scores[index]`, a score that was read, whose proposal is
    /// `proposal` and whose discovery is `listing`. The score is read in place, field by
    /// field: the array's subscript, or a borrow of an element through a pointer, copies the
    /// whole value (retaining all its strings and arrays) for the entry's few looks.
    private func entry(
        _ index: Int, of scores: [LoadedScore], proposal: borrowing Proposal, listing: FileDiscovery.Listing,
        folders: FolderChecks
    ) -> FileChange {
        scores.withUnsafeBufferPointer { scores in
            let score = scores.baseAddress! + index
            let listedMode: mode_t?
            switch listing {
            case .reached: listedMode = nil
            case .described(let mode): listedMode = mode
            // What `fstat` of the descriptor that read it said, unless that was a link's target.
            case .undescribed: listedMode = score.pointee.mode
            }
            return entry(score, proposal: proposal, listedMode: listedMode, folders: folders)
        }
    }

    /// The report entry of a score that was read; `folders` keeps the folder checks of the
    /// files a dry run says apply would skip. Each field of the score and the proposal is read
    /// once, into a local, and used from there (a value read through a pointer and passed on,
    /// or a method called on it, is copied whole first); the entry is made last, of the locals.
    private func entry(
        _ score: UnsafePointer<LoadedScore>, proposal: borrowing Proposal, listedMode: mode_t?,
        folders: FolderChecks
    ) -> FileChange {
        let (path, before, after) = (score.pointee.path, score.pointee.metadata, proposal.after)
        let changes = proposal.changes
        let changesView = writer.changesView(from: before, to: after)
        let pending = changesView || writer.rewritesStrings(raw: score.pointee.infoStrings, after: after)
        var diagnostics = Proposal.diagnostics(proposal.diagnostics, after: score.pointee.diagnostics)
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

    /// Creates the flow of `command`.
    package init(
        command: String, jobs: Int, writer: ScoreWriter, writes: Bool, password: String?,
        reads: ScoreLoader.FactReads = .all
    ) {
        self.command = command
        self.jobs = jobs
        self.writer = writer
        self.writes = writes
        self.password = password
        self.reads = reads
    }
}
