import Foundation
import MetadataModel
import Testing

@testable import TagrulesKit

/// The pipeline's shortcuts against the plain ways they replace: `ScoreWriter.changesView`
/// (whole values compared when the labels agree) against comparing copies without labels, and
/// `WorkerPool.map` (results built in place) against `map` in input order, and
/// `WorkerPool.forEachInOrder` (results handed on as they complete) against the same order.
struct PipelineShortcutTests {
    /// A few values per field, so that random pairs often agree and often differ in one field.
    private static func randomMetadata(using generator: inout some RandomNumberGenerator) -> ScoreMetadata {
        func list() -> [String] { [[], ["a"], ["a", "b"], ["b"]].randomElement(using: &generator)! }
        func number(_ range: ClosedRange<Int>) -> Int? { Bool.random(using: &generator) ? nil : Int.random(in: range, using: &generator) }
        return ScoreMetadata(
            title: [nil, "Air", "Aria"].randomElement(using: &generator)!, composers: list(), genres: list(),
            tags: list(), labels: list(), rating: number(0...1), difficulty: number(0...1), duration: number(0...1),
            keysf: number(-1...0), keymi: number(0...1))
    }

    @Test func changesViewIgnoresLabelsAsComparingCopiesWithoutThemDoes() {
        let writer = ScoreWriter(encoding: EncodingOptions(), force: false)
        var generator = SystemRandomNumberGenerator()
        var (same, differ) = (0, 0)
        for _ in 0..<5_000 {
            let before = Self.randomMetadata(using: &generator)
            var after = Bool.random(using: &generator) ? before : Self.randomMetadata(using: &generator)
            if Bool.random(using: &generator) { after.labels = Self.randomMetadata(using: &generator).labels }
            after = ForScoreCodec.validate(after).metadata
            var (plainBefore, plainAfter) = (before, after)
            (plainBefore.labels, plainAfter.labels) = ([], [])
            let expected = plainBefore != plainAfter
            #expect(writer.changesView(from: before, to: after) == expected, "\(before) → \(after)")
            if expected { differ += 1 } else { same += 1 }
        }
        #expect(same > 100 && differ > 100)
    }

    @Test(arguments: [0, 1, 2, 7, 1_000], [1, 2, 3, 16])
    func workerPoolKeepsInputOrder(count: Int, jobs: Int) {
        let results = WorkerPool.map(count: count, jobs: jobs) { index in ("item \(index)", [index, index * index]) }
        #expect(results.map(\.0) == (0..<count).map { "item \($0)" })
        #expect(results.map(\.1) == (0..<count).map { [$0, $0 * $0] })
    }

    /// Jobs that finish out of order (random pauses) are still delivered in index order, each
    /// once, one delivery at a time, all before the call returns.
    @Test(arguments: [0, 1, 2, 7, 64, 1_000], [1, 2, 3, 16])
    func workerPoolDeliversInOrder(count: Int, jobs: Int) {
        let log = DeliveryLog()
        WorkerPool.forEachInOrder(count: count, jobs: jobs) { index in
            if count <= 64 { usleep(UInt32.random(in: 0...300)) }
            return "item \(index)"
        } deliver: { log.deliver($0) }
        #expect(log.items == (0..<count).map { "item \($0)" })
        #expect(log.mostAtOnce <= 1)
    }
}

/// What `forEachInOrder` delivered, and how many deliveries ever overlapped.
private final class DeliveryLog: @unchecked Sendable {
    // @unchecked: every property is used only while `lock` is held.
    private let lock = NSLock()
    private var delivered: [String] = []
    private var inside = 0
    private var most = 0

    func deliver(_ item: String) {
        lock.withLock {
            inside += 1
            most = max(most, inside)
            delivered.append(item)
        }
        usleep(UInt32.random(in: 0...50))  // a slow consumer, as a blocked write would be
        lock.withLock { inside -= 1 }
    }

    var items: [String] { lock.withLock { delivered } }
    var mostAtOnce: Int { lock.withLock { most } }
}
