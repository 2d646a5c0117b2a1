import Foundation
import PDFInfo

/// Puts the copies the workers staged in place as durable groups (`SafeFileWriter.commit`: one
/// flush for the group, then a rename per file, then an fsync per folder).
///
/// The staged copies of a run are committed together when the run ends (``finish()``), or
/// earlier, by the worker that hands one over, once the copies waiting hold ``byteBound`` bytes
/// or more: that keeps the room temporary copies take modest for a library of large scans.
/// Every file is either old or new at every moment, renamed only once flushed, and durable
/// when its group's commit returns.
///
/// `@unchecked Sendable`: every stored property is guarded by `lock`, which a commit holds:
/// workers handing over copies meanwhile wait for it.
final class GroupCommitter: @unchecked Sendable {
    private let lock = NSLock()
    private let byteBound: Int
    /// Staged, not yet committed, with the slot each outcome goes to.
    private var waiting: [(slot: Int, replacement: StagedReplacement)] = []
    private var waitingBytes = 0
    /// The outcome of each slot committed: nil when its file was replaced, else why not.
    private var outcomes: [Int: PDFError?] = [:]

    /// Creates a committer whose groups hold up to `byteBound` bytes of copies.
    init(byteBound: Int) {
        self.byteBound = byteBound
    }

    /// Takes a staged copy for the outcome slot `slot`; commits the group when it is full.
    func hand(_ replacement: StagedReplacement, slot: Int) {
        lock.withLock {
            waiting.append((slot, replacement))
            waitingBytes += replacement.byteCount
            if waitingBytes >= byteBound { commitWaiting() }
        }
    }

    /// Commits the copies still waiting, and returns every slot's outcome: nil when its file
    /// was replaced, else why not (the original is untouched).
    func finish() -> [Int: PDFError?] {
        lock.withLock {
            commitWaiting()
            return outcomes
        }
    }

    /// Commits `waiting` (call with `lock` held).
    private func commitWaiting() {
        guard !waiting.isEmpty else { return }
        let results = SafeFileWriter.commit(waiting.map(\.replacement))
        for (item, result) in zip(waiting, results) { outcomes[item.slot] = .some(result) }
        waiting = []
        waitingBytes = 0
    }
}
