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

    /// Runs a job on a thread other than the caller's: each `run` hands it one job per worker
    /// but the first, which runs on the calling thread.
    public typealias ThreadStarter = @Sendable (_ job: @escaping @Sendable () -> Void) -> Void

    /// How this engine starts its workers' threads.
    private let startThread: ThreadStarter

    /// The stack a worker's thread needs: room for Lua's nested calls (C calls are capped at
    /// 200 levels) and the host functions they reach, as large as the system's default thread
    /// stack (reserved, and touched only as used).
    public static let workerStackSize = 8 << 20

    /// Starts `job` on a new thread with a stack of ``workerStackSize``.
    public static let newThread: ThreadStarter = { job in
        let thread = Thread(block: job)
        thread.stackSize = workerStackSize
        thread.start()
    }

    /// Creates the engine and the first worker's runner.
    ///
    /// - Parameters:
    ///   - workers: defaults to the number of active processors; at least 1.
    ///   - deferred: the document facts left out of the inputs of every `run`.
    ///   - startThread: how the workers besides the caller's thread are started: a new thread
    ///     each (the default), or a caller's pool of threads kept between runs.
    /// - Throws: `RuleError` (`memoryExceeded`) when the first state cannot be built.
    public init(
        ruleSet: RuleSet, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        deferred: DeferredDocumentFacts? = nil, startThread: @escaping ThreadStarter = RuleEngine.newThread
    ) throws(RuleError) {
        self.ruleSet = ruleSet
        self.deferred = deferred
        self.startThread = startThread
        let first = try RuleRunner(ruleSet: ruleSet, deferred: deferred)
        runners = [first] + Array(repeating: nil, count: max(1, workers) - 1)
        workerRuleSet = workers > 1 ? ruleSet.loading(first.compiledSources()) : ruleSet
    }

    /// Runs the rules on every input, in parallel, and returns the results in input order.
    public func run(_ inputs: [ScoreInput]) -> [ScoreResult] {
        run(count: inputs.count) { inputs[$0] } finish: { _, result in result }
    }

    /// Runs the rules on `count` scores in parallel and returns what `finish` makes of each
    /// result, in index order. A worker takes an index, makes its input with `input`, runs the
    /// rules and hands the result to `finish`, all on its own thread: a caller's work per score
    /// before and after the rules runs on every worker, not on one thread between runs.
    ///
    /// Each worker writes its outputs straight into their places in the returned array (no
    /// per-worker lists to gather and sort). Inlinable, so that the array of the caller's
    /// `Output` is built specialized for it; the workers' loop is not generic.
    ///
    /// - Parameters:
    ///   - input: The input of an index; called once per index, on any worker.
    ///   - finish: The output for an index and its result; called once per index, on the
    ///     worker that ran it.
    @inlinable
    public func run<Output>(
        count: Int, input: @escaping @Sendable (Int) -> ScoreInput,
        finish: @escaping @Sendable (Int, consuming ScoreResult) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        return [Output](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = OutputSlots(buffer)
            forEachResult(count: count, input: input) { index, result in slots.fill(index, with: finish(index, result)) }
            initialized = count
        }
    }

    /// Runs the rules on `count` scores in parallel, handing each result to `body` on the
    /// worker that ran it. Every index is taken once, by a worker that has a runner, and the
    /// first worker always has one, so `body` sees every index.
    @usableFromInline
    func forEachResult(
        count: Int, input: @escaping @Sendable (Int) -> ScoreInput,
        _ body: @escaping @Sendable (Int, consuming ScoreResult) -> Void
    ) {
        guard runners.count > 1, count > 1 else {
            for index in 0..<count { body(index, runners[0]!.run(input(index))) }
            return
        }
        let queue = WorkQueue(count: count)
        let known = UncheckedRunners(runners)
        let (ruleSet, deferred) = (workerRuleSet, self.deferred)
        let work: @Sendable (Int) -> Void = { worker in
            let runner = known.all[worker] ?? (try? RuleRunner(ruleSet: ruleSet, deferred: deferred))
            guard let runner else { return }
            while let index = queue.next() { body(index, runner.run(input(index))) }
            queue.keep(runner, of: worker)
        }
        // The calling thread is worker 0; the others are joined before this returns.
        let finished = DispatchGroup()
        for worker in 1..<min(runners.count, count) {
            finished.enter()
            startThread {
                work(worker)
                finished.leave()
            }
        }
        work(0)
        finished.wait()
        precondition(queue.allTaken, "RuleEngine: no worker had a runner")
        for (worker, runner) in queue.runners() { runners[worker] = runner }
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

/// The uninitialized output array of one `run`, filled by the workers.
///
/// `@unchecked Sendable`: each index is filled once, by the one worker that took it from
/// `WorkQueue`; the array is read only after every worker has finished (`DispatchGroup.wait`
/// orders their writes before the reads).
@usableFromInline
struct OutputSlots<Output>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Output>

    @inlinable
    init(_ buffer: UnsafeMutableBufferPointer<Output>) { base = buffer.baseAddress! }

    /// Initializes the place of index `index` with its output.
    @inlinable
    func fill(_ index: Int, with output: consuming Output) { (base + index).initialize(to: output) }
}

/// The runners, handed to the workers of one `run`.
///
/// `@unchecked Sendable`: worker `i` uses only runner `i`, so no runner (and no Lua state) is
/// ever used by two threads at once; a runner built during the run goes back to the engine
/// through `WorkQueue`, after every worker has finished.
private struct UncheckedRunners: @unchecked Sendable {
    let all: [RuleRunner?]
    init(_ all: [RuleRunner?]) { self.all = all }
}
