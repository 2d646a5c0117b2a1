import Foundation

/// Runs one job per item on a fixed number of threads (`--jobs`), keeping the results in input
/// order.
///
/// Plain threads rather than tasks: the jobs block on file I/O (pread, fsync) and a PDF document
/// is confined to the thread that opened it, which the cooperative pool does not promise. The
/// calling thread is one of them; the others are ``StandbyThreads``, kept from one phase to the
/// next.
package enum WorkerPool {
    /// The number of cores, the default for `--jobs`.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` for every index in `0..<count` on up to `jobs` threads.
    ///
    /// - Parameters:
    ///   - count: The number of items.
    ///   - jobs: The number of threads; 1 runs everything on the calling thread.
    ///   - progress: Advanced once per finished item.
    ///   - body: The job; it must not touch state shared with other jobs.
    /// - Returns: The results, `result[i] == body(i)`.
    package static func map<T: Sendable>(
        count: Int, jobs: Int, progress: ProgressBar? = nil, _ body: @escaping @Sendable (Int) -> T
    ) -> [T] {
        // Each job builds its result in the array's own storage: no optional slot to fill, and
        // no second pass moving the results into an array.
        Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = ResultSlots(buffer)
            let queue = IndexQueue(count: count)
            let work: @Sendable () -> Void = {
                while let index = queue.next() {
                    slots.initialize(index, to: body(index))
                    progress?.advance()
                }
            }
            let threads = max(1, min(jobs, count))
            if threads == 1 {
                work()
            } else {
                let group = DispatchGroup()
                for _ in 1..<threads {
                    group.enter()
                    StandbyThreads.shared.start {
                        work()
                        group.leave()
                    }
                }
                work()
                group.wait()
            }
            // Every index was taken exactly once and its job returned (a job cannot throw).
            initializedCount = count
            progress?.finish()
        }
    }
}

/// Hands out indices `0..<count` once each. A lock, because several threads take from it.
private final class IndexQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }
}

/// The result array's storage while the jobs fill it. `@unchecked Sendable`: each element is
/// initialized by exactly one thread (the one that took its index from `IndexQueue`), and the
/// array is used only after every thread has finished (`DispatchGroup.wait` orders the writes
/// before the reads).
private final class ResultSlots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T>?

    init(_ buffer: UnsafeMutableBufferPointer<T>) { base = buffer.baseAddress }

    /// Initializes the uninitialized element `index` (called once per index).
    func initialize(_ index: Int, to value: consuming T) {
        guard let base else { preconditionFailure("worker pool: no storage for a result") }
        (base + index).initialize(to: value)
    }
}
