import Foundation
import MetadataModel
import PDFInfo

/// Batches: ready files through the pipeline of `apply`, then memory, `--move-to` and output.
extension WatchLoop {
    /// Hands the next ready files to the pipeline, unless a batch is running or watch mode is
    /// stopping.
    func startBatchIfIdle() {
        guard !stopping, inFlight.isEmpty else { return }
        let batch = pending.takeReady(limit: settings.batchLimit)
        guard !batch.isEmpty else { return }
        inFlight = Dictionary(batch.map { ($0.path, $0.stamp) }, uniquingKeysWith: { _, last in last })
        let run = ChangeRun(
            command: "watch", jobs: settings.jobs, writer: settings.writer, writes: true, password: settings.password)
        let transform = rules.transform
        let paths = batch.map(\.path)
        // Files watch wrote that have grown since: another program may have appended after
        // watch's revision.
        let grown = batch.compactMap { file in
            seen.revision(of: file.path).flatMap { file.stamp.size > $0.upperBound ? (file.path, $0) : nil }
        }
        let password = settings.password
        // A thread of its own rather than a dispatch worker: the pipeline blocks on the disk,
        // and its parser wants the deep stack WorkerPool gives its threads.
        let thread = Thread { [self] in
            var takenOut: [String: Int] = [:]
            for (path, revision) in grown where (try? DisplacedRevision.takeOut(revision, of: path, password: password)) == true {
                takenOut[path] = revision.count
            }
            let report = run.run(paths, transform: transform)
            let shortened = takenOut
            queue.async { self.finish(report, takenOut: shortened) }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Takes a batch's report on the watch queue: remembers what each file is now, moves the
    /// processed ones (`--move-to`), prints, and goes on (or stops).
    /// `takenOut`: the files whose earlier revision was taken out, with its length in bytes.
    private func finish(_ report: ChangeReport, takenOut: [String: Int]) {
        for path in takenOut.keys.sorted() {
            printer.print(
                path: path, severity: .warning,
                message: "bytes appended after tagrules' revision left the file damaged; the revision was taken out and the file tagged again",
                code: "displaced-revision")
        }
        let time = Date()
        var records: [WatchOutput.Record] = []
        for file in report.files {
            let moved = settle(file, shortenedBy: takenOut[file.path] ?? 0)
            // Moved away or deleted by someone else before its turn: nothing to report.
            if file.status == .error, FileStamp.ofFile(file.path) == nil { continue }
            records.append(WatchOutput.Record(file: file, time: time, movedTo: moved))
        }
        inFlight = [:]
        printer.print(ChangeReport(command: report.command, files: records.map(\.file)))
        output.write(records)
        let again = deferred
        deferred = []
        for path in again.sorted() {
            if let stamp = FileStamp.ofFile(path) { consider(path, stamp) }
        }
        if stopping {
            shutDown()
        } else {
            afterChanges()
        }
    }

    /// Remembers the version of `file` that was dealt with, and moves it when asked;
    /// `shortenedBy`: the bytes taken out of it before it was processed.
    ///
    /// - Returns: Where `--move-to` put it.
    private func settle(_ file: FileChange, shortenedBy removed: Int) -> String? {
        guard let found = inFlight[file.path] else { return nil }
        let current = FileStamp.ofFile(file.path)
        let settled: Bool
        if file.status == .written {
            // Watch's own write: its rename event must find nothing new.
            let base = Int(found.size) - removed
            if let current, Int(current.size) > base {
                seen.rememberWrite(file.path, current, revision: base..<Int(current.size))
            } else if let current {
                seen.remember(file.path, current)
            }
            settled = current != nil
        } else {
            seen.remember(file.path, found)
            settled = current == found
            // Changed while it was processed: it gets its turn again.
            if !settled, current != nil { deferred.insert(file.path) }
        }
        guard let destination = settings.moveTo, settled, file.status == .written || file.status == .unchanged
        else { return nil }
        do {
            let moved = try FileMover(destination: destination).move(file.path, from: root(of: file.path))
            seen.forget(file.path)
            pending.remove(file.path)
            return moved
        } catch {
            printer.print(path: file.path, severity: .warning, message: error.message, code: error.code.rawValue)
            return nil
        }
    }

    /// The watched folder `path` lies in (the deepest, when they nest).
    private func root(of path: String) -> String {
        let roots = settings.roots.filter { $0 == "." || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        return roots.max { $0.count < $1.count } ?? "."
    }
}
