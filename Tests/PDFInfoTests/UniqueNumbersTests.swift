import Foundation
import Testing

@testable import PDFInfo

/// `UniqueNumbers`: file identifiers and temporary names drawn without a system call each
/// never repeat within a process, also when threads draw them at once.
struct UniqueNumbersTests {
    @Test func identifiersAreSixteenBytesAndNeverRepeat() {
        var seen = Set<[UInt8]>()
        for _ in 0..<20_000 {
            let identifier = UniqueNumbers.fileIdentifier()
            #expect(identifier.count == 16)
            seen.insert(identifier)
        }
        #expect(seen.count == 20_000)
    }

    @Test func threadsDrawingAtOnceGetDifferentIdentifiers() {
        let threads = 4, each = 5_000
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let drawn = (0..<each).map { _ in UniqueNumbers.fileIdentifier() }
            collected.lock.withLock { collected.values += drawn }
        }
        #expect(collected.values.count == threads * each)
        #expect(Set(collected.values).count == threads * each)
    }

    /// What the threads drew. @unchecked Sendable: `values` is only touched while `lock` is held.
    private final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var values: [[UInt8]] = []
    }

    /// The mixing step is a bijection (each step of splitmix64's finaliser is invertible), so
    /// distinct counts give distinct numbers: checked on consecutive counts and on counts that
    /// differ in one high bit.
    @Test func mixingKeepsDistinctCountsDistinct() {
        let counts = (0..<UInt64(50_000)) + (0..<UInt64(64)).map { 1 << $0 }
        #expect(Set(counts.map(UniqueNumbers.mix)).count == Set(counts).count)
        #expect(UniqueNumbers.mix(0) == 0)
        #expect(UniqueNumbers.mix(1) != 1)
    }
}
