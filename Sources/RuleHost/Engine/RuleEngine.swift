import Dispatch
import Foundation

/// Runs a rule set over many scores on all cores (issue 4: "one `lua_State` per worker thread
/// so a library is processed on all cores").
///
/// The engine has one `RuleRunner` per worker — one Lua state each, rules loaded once — and
/// reuses them for every `run`; the first is built up front, the others by their workers. Workers take scores one by one from a shared
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
    /// One runner per worker. The first is built by `init`; each other worker builds its own
    /// on its thread in the first `run`, so that building a Lua state (every rule file run,
    /// every data table pushed) overlaps with the first worker's scores instead of delaying
    /// them. A worker whose state cannot be built stays idle; the others do its share.
    private var runners: [RuleRunner?]

    /// The number of workers (and at most as many Lua states).
    public var workers: Int { runners.count }

    /// The Lua states built so far: 1 after `init`, up to `workers` after a `run`.
    var builtRunners: Int { runners.count { $0 != nil } }

    /// Creates the engine and the first worker's runner.
    ///
    /// - Parameter workers: defaults to the number of active processors; at least 1.
    /// - Throws: `RuleError` (`memoryExceeded`) when the first state cannot be built.
    public init(ruleSet: RuleSet, workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(RuleError) {
        self.ruleSet = ruleSet
        runners = [try RuleRunner(ruleSet: ruleSet)] + Array(repeating: nil, count: max(1, workers) - 1)
    }

    /// Runs the rules on every input, in parallel, and returns the results in input order.
    public func run(_ inputs: [ScoreInput]) -> [ScoreResult] {
        guard runners.count > 1, inputs.count > 1 else { return inputs.map { runners[0]!.run($0) } }
        let queue = WorkQueue(count: inputs.count)
        let known = UncheckedRunners(runners)
        let ruleSet = self.ruleSet
        DispatchQueue.concurrentPerform(iterations: min(runners.count, inputs.count)) { worker in
            let runner = known.all[worker] ?? (try? RuleRunner(ruleSet: ruleSet))
            guard let runner else { return }
            var done: [(Int, ScoreResult)] = []
            while let index = queue.next() { done.append((index, runner.run(inputs[index]))) }
            queue.deliver(done, from: worker, runner: runner)
        }
        for (worker, runner) in queue.runners() { runners[worker] = runner }
        return queue.results()
    }
}

/// Hands out input indices and gathers results (and the runners that produced them) across
/// workers.
///
/// `@unchecked Sendable`: `taken`, `gathered` and `built` are only touched under `lock`;
/// the lock is held for a counter increment or one append per worker.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var taken = 0
    private var gathered: [(Int, ScoreResult)] = []
    private var built: [(Int, RuleRunner)] = []

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

    /// Adds a worker's results, and its runner for the next run.
    func deliver(_ results: [(Int, ScoreResult)], from worker: Int, runner: RuleRunner) {
        lock.lock()
        defer { lock.unlock() }
        gathered += results
        built.append((worker, runner))
    }

    /// All results in input order (call after every worker delivered).
    func results() -> [ScoreResult] {
        lock.lock()
        defer { lock.unlock() }
        return gathered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The runner of each worker that ran (call after every worker delivered).
    func runners() -> [(Int, RuleRunner)] {
        lock.lock()
        defer { lock.unlock() }
        return built
    }
}

/// The runners, handed to the workers of one `concurrentPerform`.
///
/// `@unchecked Sendable`: worker `i` uses only runner `i`, so no runner (and no Lua state) is
/// ever used by two threads at once; a runner built during the run goes back to the engine
/// through `WorkQueue`, after every worker has finished.
private struct UncheckedRunners: @unchecked Sendable {
    let all: [RuleRunner?]
    init(_ all: [RuleRunner?]) { self.all = all }
}
