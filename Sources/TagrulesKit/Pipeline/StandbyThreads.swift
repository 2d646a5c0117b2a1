import Foundation
import RuleHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads of a run's parallel phases (reading, the rules, rendering, writing), kept from
/// one phase to the next. A thread whose job is done stands by for the next one: first
/// spinning, for up to ``spinDuration``, then asleep.
///
/// A new thread per phase, or one asleep between phases, starts late on a virtual machine: a
/// core with nothing to run halts, and waking it goes through the host. A 2,000-file `plan`
/// on a two-core VM started its second rules worker 1-3 ms after the first, while the gap
/// between two phases is a fraction of a millisecond. Spinning keeps the core awake for the
/// next phase; a thread that spins in vain costs at most ``spinDuration`` of one core.
///
/// `@unchecked Sendable`: `standing` and every ``Standby/job`` are only used while `condition`
/// is locked.
final class StandbyThreads: @unchecked Sendable {
    /// The threads of the process.
    static let shared = StandbyThreads()

    /// How long a thread spins for its next job before it sleeps.
    static let spinDuration: Duration = .milliseconds(5)

    private let condition = NSCondition()
    /// The threads waiting for a job, the one that became free last at the end.
    private var standing: [Standby] = []

    /// How many threads stand by. A job's thread stands by once the job has returned, a moment
    /// after whatever the job signals last.
    var standingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return standing.count
    }

    /// Runs `job` on a thread standing by, or on a new thread when none is.
    func start(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        if let standby = standing.popLast() {
            standby.job = job
            condition.broadcast()
            condition.unlock()
            return
        }
        condition.unlock()
        let standby = Standby()
        let thread = Thread { [self] in run(standby, first: job) }
        // The rules' workers are among its jobs.
        thread.stackSize = RuleEngine.workerStackSize
        thread.start()
    }

    /// A thread's life: its job, then each next one handed to it. A job is let go of as soon
    /// as it has run, with what it holds.
    private func run(_ standby: Standby, first: @escaping @Sendable () -> Void) {
        var job: (@Sendable () -> Void)? = first
        while true {
            job?()
            job = nil
            condition.lock()
            standing.append(standby)
            condition.unlock()
            job = next(for: standby)
        }
    }

    /// The next job handed to `standby`: looked for while spinning, then waited for.
    private func next(for standby: Standby) -> @Sendable () -> Void {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.spinDuration
        repeat {
            if let job = take(for: standby) { return job }
            // Lets a thread of this process that is ready run on this core first.
            sched_yield()
        } while clock.now < deadline
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let job = standby.job {
                standby.job = nil
                return job
            }
            condition.wait()
        }
    }

    private func take(for standby: Standby) -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        guard let job = standby.job else { return nil }
        standby.job = nil
        return job
    }
}

/// One thread's slot: the job handed to it and not taken yet. `@unchecked Sendable`: `job` is
/// only used while ``StandbyThreads``' lock is held.
private final class Standby: @unchecked Sendable {
    var job: (@Sendable () -> Void)?
}
