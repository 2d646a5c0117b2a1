import Foundation
import Synchronization
import Testing
@testable import tagrules

/// `BackgroundValue`: computed once, on another thread when asked to, else on first use.
struct BackgroundValueTests {
    @Test func backgroundValueIsComputedOnAnotherThreadAndWaitedFor() {
        let calls = Atomic<Int>(0)
        let caller = pthread_self()
        let value = BackgroundValue(inBackground: true) { () -> Bool in
            calls.add(1, ordering: .relaxed)
            Thread.sleep(forTimeInterval: 0.05)
            return pthread_equal(pthread_self(), caller) != 0
        }
        #expect(value.value == false, "computed off the calling thread")
        #expect(value.value == false)
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    @Test func foregroundValueWaitsForItsFirstUse() {
        let calls = Atomic<Int>(0)
        let value = BackgroundValue(inBackground: false) { () -> Int in
            calls.add(1, ordering: .relaxed)
            return 42
        }
        Thread.sleep(forTimeInterval: 0.02)
        #expect(calls.load(ordering: .relaxed) == 0, "nothing runs before the value is asked for")
        #expect(value.value == 42)
        #expect(value.value == 42)
        #expect(calls.load(ordering: .relaxed) == 1)
    }
}
