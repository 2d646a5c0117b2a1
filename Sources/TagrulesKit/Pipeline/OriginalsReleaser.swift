import Foundation
import PDFInfo

/// Releases replaced originals on threads of their own, in batches, so that the system frees
/// them there while the caller renames more. Freeing a file can wait on the disk (a file
/// system mounted with `discard` trims each freed extent before the call returns, about
/// 0.1 ms on a virtual disk), so up to ``threadCount`` threads release batches side by side;
/// a thread is started when a batch is handed over and none is idle.
///
/// It holds at most ``capacity`` originals, each a descriptor: a quarter of what the process
/// may open (as few as 256 on macOS, 1,024 on many Linux systems), at most 256; none when that
/// leaves too few, and each is then released where it was handed over.
///
/// `@unchecked Sendable`: `batch` is touched only by the thread that calls ``keep(_:)`` and
/// ``finish()``; every other stored property is guarded by `condition`.
final class OriginalsReleaser: @unchecked Sendable {
    /// The most threads that release batches at the same time. Freeing 2,000 small files on
    /// an ext4 mounted with `discard` (a virtual disk): 1 thread 230 ms, 4 threads 100–130 ms,
    /// 8 threads 77–95 ms, 16 threads 58–61 ms, 32 threads 53–56 ms.
    static let threadCount = 16

    /// The most originals held at once.
    let capacity: Int
    private let batchSize: Int
    private var batch: [ReplacedOriginal] = []
    private let condition = NSCondition()
    /// Batches handed over and not yet taken by a releasing thread.
    private var handed: [[ReplacedOriginal]] = []
    /// Originals handed over and not yet released.
    private var held = 0
    private var ending = false
    private var runningThreads = 0
    private var idleThreads = 0

    init() {
        capacity = min(256, max(0, (ReplacedOriginal.processDescriptorLimit ?? 1024) / 4 - 16))
        batchSize = max(1, min(32, capacity / (2 * Self.threadCount)))
        batch.reserveCapacity(batchSize)
    }

    /// Keeps `original` until its batch is released on a releasing thread; waits first while
    /// ``capacity`` originals are held.
    func keep(_ original: ReplacedOriginal) {
        guard capacity > 0 else { return }
        batch.append(original)
        if batch.count == batchSize { handOver() }
    }

    /// Releases what is kept and waits until every original handed over is released and the
    /// releasing threads have ended.
    func finish() {
        if !batch.isEmpty { handOver() }
        condition.lock()
        ending = true
        condition.broadcast()
        while runningThreads > 0 { condition.wait() }
        condition.unlock()
    }

    private func handOver() {
        condition.lock()
        while held + batch.count > capacity { condition.wait() }
        held += batch.count
        // Emptied before the lock is left, so that the releasing thread holds the only
        // reference to the batch and the originals are closed there.
        handed.append(batch)
        batch = []
        let startsThread = idleThreads == 0 && runningThreads < Self.threadCount
        if startsThread { runningThreads += 1 }
        condition.broadcast()
        condition.unlock()
        batch.reserveCapacity(batchSize)
        if startsThread { Thread { [self] in releaseBatches() }.start() }
    }

    /// A releasing thread: drops handed batches (closing each original) until ``finish()`` and
    /// nothing is left.
    private func releaseBatches() {
        condition.lock()
        while true {
            while handed.isEmpty && !ending {
                idleThreads += 1
                condition.wait()
                idleThreads -= 1
            }
            guard var originals = handed.popLast() else { break }
            condition.unlock()
            let count = originals.count
            originals.removeAll()
            condition.lock()
            held -= count
            condition.broadcast()
        }
        runningThreads -= 1
        condition.broadcast()
        condition.unlock()
    }
}
