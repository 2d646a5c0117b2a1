import Foundation
import MetadataModel
import Testing

@testable import TagrulesKit

/// `WorkerPool.map` hands out every index once and returns the results in index order, with
/// each worker's own state.
struct WorkerPoolTests {
    @Test(arguments: [0, 1, 2, 7, 1_000], [1, 2, 3, 16])
    func workerPoolKeepsInputOrder(count: Int, jobs: Int) {
        let results = WorkerPool.map(count: count, jobs: jobs) { index in ("item \(index)", [index, index * index]) }
        #expect(results.map(\.0) == (0..<count).map { "item \($0)" })
        #expect(results.map(\.1) == (0..<count).map { [$0, $0 * $0] })
    }

    /// Each worker makes its state once, on its own thread, and sees only that state: the
    /// indices a worker ran are counted in its state, and the counts add up.
    @Test(arguments: [1, 2, 4])
    func eachWorkerHasItsOwnState(jobs: Int) {
        let made = Counter()
        let results = WorkerPool.map(count: 500, jobs: jobs, makeState: { () -> (thread: ObjectIdentifier, runs: Int) in
            made.add()
            return (ObjectIdentifier(Thread.current), 0)
        }) { state, index in
            #expect(state.thread == ObjectIdentifier(Thread.current), "the state stays on its thread")
            state.runs += 1
            return index
        }
        #expect(results == Array(0..<500))
        #expect(made.value >= 1 && made.value <= jobs)
    }
}

/// A count shared by threads.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
