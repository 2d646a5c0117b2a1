import Dispatch
import Foundation

/// Runs a rule set over many scores on all cores (issue 4: "one `lua_State` per worker thread
/// so a library is processed on all cores").
///
/// The engine builds one `RuleRunner` per worker up front — one Lua state each, rules loaded
/// once — and reuses them for every `run`. Workers take scores one by one from a shared
/// counter; results come back in input order.
///
/// Timing the rules overhead (the benchmark of issue 4): build the engine outside the clock,
/// then divide the time of one `run` by the number of scores, for `workers: 1` and for the
/// default:
///
/// ```swift
/// let engine = try RuleEngine(ruleSet: try RuleSet.load(folder: rules), workers: 1)
/// let clock = ContinuousClock()
/// let elapsed = clock.measure { _ = engine.run(inputs) }   // e.g. 10,000 inputs
/// print(elapsed / inputs.count)                            // per score
/// ```
///
/// Each worker has its own Lua state, so what a rule file keeps between scores (a counter in a
/// file-level local) is per worker: rules that want parallel runs to equal serial ones keep
/// no state between scores. `RuleEngine` is not `Sendable`; call `run` from one thread at a time.
public final class RuleEngine {
    /// The rules the engine runs.
    public let ruleSet: RuleSet
    private let runners: [RuleRunner]

    /// The number of workers (and Lua states).
    public var workers: Int { runners.count }

    /// Creates `workers` runners, each with its own Lua state and the set's rules loaded.
    ///
    /// - Parameter workers: defaults to the number of active processors; at least 1.
    /// - Throws: `RuleError` (`memoryExceeded`) when a state cannot be built.
    public init(ruleSet: RuleSet, workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(RuleError) {
        self.ruleSet = ruleSet
        var runners: [RuleRunner] = []
        for _ in 0..<max(1, workers) { runners.append(try RuleRunner(ruleSet: ruleSet)) }
        self.runners = runners
    }

    /// Runs the rules on every input, in parallel, and returns the results in input order.
    public func run(_ inputs: [ScoreInput]) -> [ScoreResult] {
        guard runners.count > 1, inputs.count > 1 else { return inputs.map(runners[0].run) }
        let queue = WorkQueue(count: inputs.count)
        let runners = UncheckedRunners(runners)
        DispatchQueue.concurrentPerform(iterations: min(runners.all.count, inputs.count)) { worker in
            let runner = runners.all[worker]
            var done: [(Int, ScoreResult)] = []
            while let index = queue.next() { done.append((index, runner.run(inputs[index]))) }
            queue.deliver(done)
        }
        return queue.results()
    }
}

/// Hands out input indices and gathers results across workers.
///
/// `@unchecked Sendable`: `taken` and `gathered` are only touched under `lock`;
/// the lock is held for a counter increment or one append per worker.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var taken = 0
    private var gathered: [(Int, ScoreResult)] = []

    init(count: Int) {
        self.count = count
        gathered.reserveCapacity(count)
    }

    /// The next input index, or nil when all are taken.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }

    /// Adds a worker's results.
    func deliver(_ results: [(Int, ScoreResult)]) {
        lock.lock()
        defer { lock.unlock() }
        gathered += results
    }

    /// All results in input order (call after every worker delivered).
    func results() -> [ScoreResult] {
        lock.lock()
        defer { lock.unlock() }
        return gathered.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// The runners, handed to the workers of one `concurrentPerform`.
///
/// `@unchecked Sendable`: worker `i` uses only runner `i`, so no runner (and no Lua state) is
/// ever used by two threads at once.
private struct UncheckedRunners: @unchecked Sendable {
    let all: [RuleRunner]
    init(_ all: [RuleRunner]) { self.all = all }
}
