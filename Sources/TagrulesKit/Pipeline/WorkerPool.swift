import Foundation

/// Runs a job for every index of a range on a fixed set of worker threads that end when the
/// job is done (issue 29, "a plain worker model").
///
/// Each worker first makes a state of its own, used by that thread only (the rules' Lua state);
/// then the workers take the next index from a shared counter, so one slow file never holds up
/// the others. Results come back in index order.
package enum WorkerPool {
    /// The default `--jobs`: every core.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The stack of a worker thread: room for the Lua calls a rule nests (capped at 200 C levels)
    /// and the host functions they reach, as large as the system's default thread stack.
    static let stackSize = 8 << 20

    /// `body` of every index in `0..<count`, in index order, run on up to `jobs` threads; each
    /// thread first makes its state with `makeState` and passes it to every call it runs.
    ///
    /// - Parameters:
    ///   - progress: Advanced once per index.
    ///   - makeState: Called once per worker, on the worker's thread.
    ///   - body: Called once per index, on any worker, with that worker's state.
    package static func map<State, Result: Sendable>(
        count: Int, jobs: Int, progress: ProgressBar? = nil, makeState: @escaping @Sendable () -> State,
        _ body: @escaping @Sendable (inout State, Int) -> Result
    ) -> [Result] {
        let results = Results<Result>(count: count)
        let work: @Sendable () -> Void = {
            var state = makeState()
            while let index = results.nextIndex() {
                results.store(body(&state, index), at: index)
                progress?.advance()
            }
        }
        let threads = max(1, min(jobs, count))
        if threads == 1 {
            work()
        } else {
            let finished = DispatchGroup()
            for _ in 0..<threads {
                finished.enter()
                let thread = Thread {
                    work()
                    finished.leave()
                }
                thread.stackSize = stackSize
                thread.start()
            }
            finished.wait()
        }
        progress?.finish()
        return results.inOrder()
    }

    /// `body` of every index in `0..<count`, in index order, run on up to `jobs` threads.
    package static func map<Result: Sendable>(
        count: Int, jobs: Int, progress: ProgressBar? = nil, _ body: @escaping @Sendable (Int) -> Result
    ) -> [Result] {
        map(count: count, jobs: jobs, progress: progress, makeState: {}) { _, index in body(index) }
    }
}

/// The indices handed out and the results stored by the workers of one `map`.
///
/// `@unchecked Sendable`: `next` and `values` are only touched under `lock`, which is held for
/// a counter increment or one store.
private final class Results<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var values: [Value?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The next index no worker has taken, or nil when all are taken.
    func nextIndex() -> Int? {
        lock.withLock {
            guard next < values.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { values[index] = value }
    }

    /// Every result, in index order (call once every worker has finished).
    func inOrder() -> [Value] {
        lock.withLock {
            values.map { value in
                guard let value else { preconditionFailure("WorkerPool: an index was not run") }
                return value
            }
        }
    }
}
