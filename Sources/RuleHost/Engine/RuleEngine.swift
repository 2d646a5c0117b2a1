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
    /// `ruleSet` with the rule files as the first runner's state compiled them, for the other
    /// workers' states: loading a binary chunk costs a fraction of compiling its text again.
    let workerRuleSet: RuleSet

    /// The number of workers (and at most as many Lua states).
    public var workers: Int { runners.count }

    /// The Lua states built so far: 1 after `init`, up to `workers` after a `run`.
    var builtRunners: Int { runners.count { $0 != nil } }

    /// The document facts the inputs leave out, for rules that ask for them.
    let deferred: DeferredDocumentFacts?

    /// Creates the engine and the first worker's runner.
    ///
    /// - Parameters:
    ///   - workers: defaults to the number of active processors; at least 1.
    ///   - deferred: the document facts left out of the inputs of every `run`.
    /// - Throws: `RuleError` (`memoryExceeded`) when the first state cannot be built.
    public init(
        ruleSet: RuleSet, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        deferred: DeferredDocumentFacts? = nil
    ) throws(RuleError) {
        self.ruleSet = ruleSet
        self.deferred = deferred
        let first = try RuleRunner(ruleSet: ruleSet, deferred: deferred)
        runners = [first] + Array(repeating: nil, count: max(1, workers) - 1)
        workerRuleSet = workers > 1 ? ruleSet.loading(first.compiledSources()) : ruleSet
    }

    /// Runs the rules on every input, in parallel, and returns the results in input order.
    ///
    /// Each worker writes its results straight into their places in the returned array (no
    /// per-worker lists to gather and sort): every index is taken once, by a worker that has a
    /// runner, and the first worker always has one, so every place is filled.
    public func run(_ inputs: [ScoreInput]) -> [ScoreResult] {
        guard runners.count > 1, inputs.count > 1 else { return inputs.map { runners[0]!.run($0) } }
        let queue = WorkQueue(count: inputs.count)
        let known = UncheckedRunners(runners)
        let (ruleSet, deferred) = (workerRuleSet, self.deferred)
        let workers = min(runners.count, inputs.count)
        let results = [ScoreResult](unsafeUninitializedCapacity: inputs.count) { buffer, initialized in
            let slots = ResultSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let runner = known.all[worker] ?? (try? RuleRunner(ruleSet: ruleSet, deferred: deferred))
                guard let runner else { return }
                while let index = queue.next() { slots.fill(index, with: runner.run(inputs[index])) }
                queue.keep(runner, of: worker)
            }
            precondition(queue.allTaken, "RuleEngine: no worker had a runner")
            initialized = inputs.count
        }
        for (worker, runner) in queue.runners() { runners[worker] = runner }
        return results
    }
}

/// Hands out input indices across workers, and gathers the runners they built.
///
/// `@unchecked Sendable`: `taken` and `built` are only touched under `lock`; the lock is held
/// for a counter increment or one append per worker.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var taken = 0
    private var built: [(Int, RuleRunner)] = []

    init(count: Int) { self.count = count }

    /// The next input index, or nil when all are taken.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }

    /// Whether every index was handed out (call after every worker finished).
    var allTaken: Bool { lock.withLock { taken == count } }

    /// Keeps a worker's runner for the next run.
    func keep(_ runner: RuleRunner, of worker: Int) {
        lock.withLock { built.append((worker, runner)) }
    }

    /// The runner of each worker that ran (call after every worker finished).
    func runners() -> [(Int, RuleRunner)] { lock.withLock { built } }
}

/// The uninitialized result array of one `run`, filled by the workers.
///
/// `@unchecked Sendable`: each index is filled once, by the one worker that took it from
/// `WorkQueue`; the array is read only after `concurrentPerform` returns, which orders every
/// worker's writes before it.
private struct ResultSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<ScoreResult>

    init(_ buffer: UnsafeMutableBufferPointer<ScoreResult>) { base = buffer.baseAddress! }

    /// Initializes the place of input `index` with its result.
    func fill(_ index: Int, with result: consuming ScoreResult) { (base + index).initialize(to: result) }
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
