import MetadataModel
import PDFInfo

/// The flow of `undo`: for each file, in parallel, read forScore's view and stage stripping
/// the last revision if tagrules wrote it (`RevisionUndo`, which verifies that); a
/// `GroupCommitter` puts the staged copies in place, as `apply` does; then each file undone is
/// read again to report what changed back. Only the metadata is read (the report compares
/// forScore's views), not page trees or outlines.
package struct UndoRun {
    /// `--jobs`.
    var jobs: Int
    /// `--password`, to show the metadata of encrypted files (undo itself needs none).
    var password: String?

    /// Runs the flow over `paths`.
    package func run(_ paths: [String]) -> ChangeReport {
        let committer = GroupCommitter(byteBound: ChangeRun.commitGroupBytes)
        let staged = WorkerPool.map(
            count: paths.count, jobs: jobs, progress: ProgressBar(total: paths.count, label: "undoing")
        ) { stage(paths[$0], slot: $0, committer: committer) }
        let committed = committer.finish()
        let files = WorkerPool.map(count: paths.count, jobs: jobs) { report(staged[$0], committed: committed[$0]) }
        return ChangeReport(command: "undo", files: files)
    }

    /// Reads `path`'s view and, when its last revision is tagrules', stages stripping it and
    /// hands that to `committer` as slot `slot`.
    /// - Returns: The file's entry: final when nothing was staged, else completed by
    ///   ``report(_:committed:)``.
    private func stage(_ path: String, slot: Int, committer: GroupCommitter) -> FileChange {
        let document: PDFDocument
        do throws(PDFError) {
            document = try PDFDocument.open(path: path, password: password)
        } catch {
            return Self.failed(FileChange(path: path, status: .unchanged, before: nil), error)
        }
        // The view and the staged copy come from the one open document (`--password` only
        // decrypts the view: the revision check reads the trailer and the file's structure).
        var before = LoadedScore(path: path)
        ScoreLoader.read(document, into: &before, documentFacts: false)
        var file = FileChange(path: path, status: .unchanged, before: before.isReadable ? before.metadata : nil)
        do throws(PDFError) {
            let staged: StagedReplacement
            do {
                staged = try RevisionUndo.stage(document)
            } catch where error.code == .notOwnRevision || error.code == .ownRevisionNotLast {
                file.after = file.before
                file.diagnostics.append(Self.leftAlone(error))
                return file
            }
            if let source = document.source as? FileByteSource, let refusal = HardLinks.undoRefusal(source, path: path) {
                SafeFileWriter.discard([staged])
                throw refusal
            }
            committer.hand(staged, slot: slot)
        } catch {
            return Self.failed(file, error)
        }
        return file
    }

    /// `file`'s entry once the commit is done: `committed` is what became of its staged copy
    /// (nil: nothing was staged). A file undone is read again.
    private func report(_ file: FileChange, committed: PDFError??) -> FileChange {
        guard let committed else { return file }
        if let error = committed { return Self.failed(file, error) }
        var file = file
        let after = ScoreLoader.load(file.path, password: password, documentFacts: false)
        file.status = .undone
        file.after = after.isReadable ? after.metadata : nil
        if let before = file.before, let restored = file.after {
            file.changes = before.changes(to: restored).map { ReportChange(change: $0, rules: []) }
        }
        file.diagnostics += after.failure.map { [Diagnostic($0, severity: .warning)] } ?? []
        return file
    }

    /// Why a file with no revision of tagrules' to remove is left alone: a note when tagrules
    /// never wrote it (a folder of untagged files stays quiet), a warning when another tool
    /// updated it after tagrules did (`undo --help` promises such files are reported).
    private static func leftAlone(_ error: PDFError) -> Diagnostic {
        if error.code == .ownRevisionNotLast {
            return Diagnostic(severity: .warning, code: Diagnostic.Code(error.code), message: "not undone: \(error.message)")
        }
        return Diagnostic(severity: .info, code: Diagnostic.Code(error.code), message: "nothing to undo: \(error.message)")
    }

    /// `file` not undone because of `error`: skipped when it may not be written, else an error.
    private static func failed(_ file: FileChange, _ error: PDFError) -> FileChange {
        var file = file
        let skip = error.code == .permissionDenied || error.code == .hardLinked
        file.status = skip ? .skipped : .error
        file.error = error.message
        file.diagnostics.append(Diagnostic(error, severity: skip ? .warning : .error))
        return file
    }

    /// Creates the flow.
    package init(jobs: Int, password: String? = nil) {
        self.jobs = jobs
        self.password = password
    }
}
