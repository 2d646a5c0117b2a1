import Foundation
import PDFInfo

/// Commits staged replacements in batches while the workers stage more. A thread of its own
/// flushes each batch (whatever was staged while the previous one was flushed) with one
/// `syncfs` (`SafeFileWriter.flush`), so that the disk writes them back while the cores
/// stage; ``finish()`` renames the flushed copies over their originals once the staging has
/// ended, and fsyncs each folder once.
///
/// A single commit after the staging (flush, then rename) left both cores idle while `syncfs`
/// waited. The renames wait for the end of the staging on purpose: a rename frees the
/// original, and on an ext4 without a journal every file created afterwards skips the inodes
/// freed in the last minutes one by one; renames in the same folder also take the folder's
/// lock that the workers' temporary files need. The replaced originals are kept open
/// (`ReplacedOriginal`) and released on threads of their own (`OriginalsReleaser`): freeing a
/// file costs as much as renaming it, and more where freeing waits on the disk.
///
/// Every file is still either old or new at every moment, renamed only once flushed, and
/// durable when ``finish()`` returns.
///
/// A lock and a condition, because the workers (on their own threads) and the flushing thread
/// share the queues, and a worker waits here when the copies not yet in place hold
/// ``byteBound`` bytes or more. `@unchecked Sendable`: every stored property is guarded by
/// `condition`.
final class GroupCommitter: @unchecked Sendable {
    /// A batch is flushed once this many copies wait (or the staging has ended, or the copies
    /// hold ``byteBound`` bytes): a `syncfs` per handful of files would cost a journal commit each.
    static let minimumBatch = 64

    private typealias Item = (slot: Int, replacement: StagedReplacement)

    private let condition = NSCondition()
    private let byteBound: Int
    private let flushingAsGroup: Bool
    /// Staged, not yet flushed.
    private var waiting: [Item] = []
    /// Flushed, not yet renamed.
    private var flushed: [Item] = []
    /// Bytes in copies handed over and not yet in place (or given up).
    private var uncommittedBytes = 0
    private var staging = true
    private var flushing = true
    private var folders: Set<String> = []
    private var results: [PDFError??]

    /// Starts the flushing thread.
    /// - Parameters:
    ///   - slots: How many replacements may be handed over (slots `0..<slots`).
    ///   - byteBound: Bytes of copies not yet in place past which ``hand(_:slot:)`` renames
    ///     flushed copies itself, or waits: keeps the room the copies take on disk modest for
    ///     libraries of large scans.
    init(slots: Int, byteBound: Int) {
        self.byteBound = byteBound
        flushingAsGroup = slots >= SafeFileWriter.groupFlushThreshold
        results = Array(repeating: nil, count: slots)
        let thread = Thread { [self] in flushBatches() }
        thread.start()
    }

    /// Hands over the staged replacement of slot `slot`. While the copies not yet in place
    /// hold ``byteBound`` bytes or more, renames flushed ones, or waits for the flush.
    func hand(_ replacement: StagedReplacement, slot: Int) {
        condition.lock()
        while uncommittedBytes >= byteBound {
            if let item = flushed.popLast() {
                condition.unlock()
                _ = putInPlace(item)
                condition.lock()
            } else {
                condition.wait()
            }
        }
        waiting.append((slot, replacement))
        uncommittedBytes += replacement.byteCount
        if batchIsDue { condition.broadcast() }
        condition.unlock()
    }

    /// Ends the staging: flushes what still waits, renames every flushed copy in the order
    /// handed over (releasing the originals on other threads), fsyncs the folders, and
    /// returns for each slot what became of its replacement: `.some(nil)` in place,
    /// `.some(error)` left untouched, `nil` for a slot nothing was handed over for. Call once,
    /// after the last ``hand(_:slot:)``.
    func finish() -> [PDFError??] {
        condition.lock()
        staging = false
        condition.broadcast()
        condition.unlock()
        let releasing = OriginalsReleaser()
        while let batch = nextFlushed() {
            for item in batch {
                if let original = putInPlace(item) { releasing.keep(original) }
            }
        }
        releasing.finish()
        condition.lock()
        let (folders, results) = (self.folders, self.results)
        condition.unlock()
        SafeFileWriter.syncFolders(folders)
        return results
    }

    /// The flushed copies not yet renamed, in the order handed over; waits while there are none
    /// and the flushing thread is not done; nil once it is done and every copy was taken.
    private func nextFlushed() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while flushed.isEmpty && flushing { condition.wait() }
        guard !flushed.isEmpty else { return nil }
        defer { flushed = [] }
        return flushed
    }

    /// Renames `item`'s copy over its original and records the outcome.
    /// - Returns: The original replaced, still open; nil when it was not replaced (or could not
    /// be kept open).
    private func putInPlace(_ item: Item) -> ReplacedOriginal? {
        do throws(PDFError) {
            let original = try SafeFileWriter.putInPlace(item.replacement)
            condition.lock()
            defer { condition.unlock() }
            record(nil, for: item)
            folders.insert(item.replacement.folder)
            return original
        } catch {
            condition.lock()
            defer { condition.unlock() }
            record(error, for: item)
            return nil
        }
    }

    /// Records `outcome` for `item`, whose copy no longer counts against the bound.
    /// Call with the lock held.
    private func record(_ outcome: PDFError?, for item: Item) {
        results[item.slot] = .some(outcome)
        uncommittedBytes -= item.replacement.byteCount
        condition.broadcast()
    }

    /// The flushing thread: flushes every waiting copy as a batch, until the staging has ended
    /// and nothing waits.
    private func flushBatches() {
        while let batch = nextBatch() {
            let outcomes = SafeFileWriter.flush(batch.map(\.replacement), asGroup: flushingAsGroup)
            condition.lock()
            for (item, outcome) in zip(batch, outcomes) {
                if let outcome { record(outcome, for: item) } else { flushed.append(item) }
            }
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        flushing = false
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch to flush, once one is due; nil when the staging has ended and nothing waits.
    private func nextBatch() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while staging && !batchIsDue { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        defer { waiting = [] }
        return waiting
    }

    /// Whether the waiting copies are to be flushed now. Read with the lock held.
    private var batchIsDue: Bool {
        !waiting.isEmpty && (waiting.count >= Self.minimumBatch || !staging || uncommittedBytes >= byteBound)
    }
}
