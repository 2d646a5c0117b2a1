import Foundation
import Testing

@testable import TagrulesKit

/// `StandbyThreads`: every job runs, on a thread other than the caller's; a thread whose job is
/// done takes the next one (while spinning, and after it fell asleep); jobs started together
/// run at once on threads of their own.
struct StandbyThreadsTests {
    /// The calling thread's id (`pthread_self`), as a number.
    private static func threadID() -> UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Waits until `count` threads of `threads` stand by: a job's thread stands by a moment
    /// after the job signalled that it is done.
    private static func waitForStanding(_ count: Int, in threads: StandbyThreads) {
        let deadline = Date().addingTimeInterval(10)
        while threads.standingCount < count, Date() < deadline { usleep(100) }
        #expect(threads.standingCount == count)
    }

    /// Runs `job` on `threads` and waits for it; returns the id of the thread that ran it.
    private static func runAndWait(on threads: StandbyThreads) -> UInt {
        let done = DispatchSemaphore(value: 0)
        let ran = Box()
        threads.start {
            ran.set(threadID())
            done.signal()
        }
        done.wait()
        return ran.value
    }

    @Test func aJobRunsOnAnotherThread() {
        let threads = StandbyThreads()
        #expect(Self.runAndWait(on: threads) != Self.threadID())
    }

    @Test func aThreadThatFinishedTakesTheNextJobWhileSpinning() {
        let threads = StandbyThreads()
        let first = Self.runAndWait(on: threads)
        Self.waitForStanding(1, in: threads)
        // At once: the thread is still spinning (``StandbyThreads/spinDuration``).
        let second = Self.runAndWait(on: threads)
        #expect(first == second)
    }

    @Test func aThreadThatFellAsleepIsWokenForTheNextJob() {
        let threads = StandbyThreads()
        let first = Self.runAndWait(on: threads)
        Self.waitForStanding(1, in: threads)
        Thread.sleep(forTimeInterval: 0.05)  // ten spin durations: the thread sleeps
        let second = Self.runAndWait(on: threads)
        #expect(first == second)
    }

    @Test func jobsStartedTogetherRunTogether() {
        let threads = StandbyThreads()
        let count = 6
        // Every job waits until all have started: this finishes only when each job has a
        // thread of its own, running at the same time as the others.
        let started = DispatchGroup()
        let finished = DispatchGroup()
        let ids = Box()
        // Entered for every job before any starts: a job that ran before the others were
        // entered would find the group empty, return, and free its thread for the next one.
        for _ in 0..<count { started.enter() }
        for _ in 0..<count {
            finished.enter()
            threads.start {
                ids.add(Self.threadID())
                started.leave()
                started.wait()
                finished.leave()
            }
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(ids.all.count == count)
        Self.waitForStanding(count, in: threads)
        // The same threads serve the next round.
        for _ in 0..<count {
            finished.enter()
            threads.start {
                ids.add(Self.threadID())
                finished.leave()
            }
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(ids.all.count == count)
    }
}

/// Thread ids gathered from jobs, under a lock.
private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<UInt> = []
    private var last: UInt = 0

    func set(_ id: UInt) { lock.withLock { last = id } }
    func add(_ id: UInt) { lock.withLock { _ = ids.insert(id) } }
    var value: UInt { lock.withLock { last } }
    var all: Set<UInt> { lock.withLock { ids } }
}
