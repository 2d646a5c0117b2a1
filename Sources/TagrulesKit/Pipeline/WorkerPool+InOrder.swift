import Foundation

extension WorkerPool {
    /// Calls `body` for every index in `0..<count` on up to `jobs` threads, like
    /// ``map(count:jobs:progress:_:)``, and hands each result to `deliver` in index order as
    /// soon as it and every result before it are made, instead of keeping them all until the
    /// last one is: a report written piece by piece frees each piece once it is out, and the
    /// next piece reuses its memory instead of touching fresh pages.
    ///
    /// - Parameters:
    ///   - body: The job; it must not touch state shared with other jobs.
    ///   - deliver: Takes the results in order, one call at a time (never two at once), on
    ///     whichever thread made the result that completed a run; every call has returned
    ///     when this function returns.
    static func forEachInOrder<T: Sendable>(
        count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T, deliver: @escaping @Sendable (T) -> Void
    ) {
        let threads = max(1, min(jobs, count))
        guard threads > 1 else {
            for index in 0..<count { deliver(body(index)) }
            return
        }
        let handOff = InOrderHandOff(count: count, deliver: deliver)
        _ = map(count: count, jobs: threads) { index in handOff.hand(index, body(index)) }
    }
}

extension WorkerPool {
    /// ``forEachInOrder(count:jobs:_:deliver:)`` over `0..<count` cut into consecutive ranges of
    /// `perPiece` indices (the last one shorter): `body` makes one result of each range (a
    /// report's piece of files), and `deliver` takes them in order.
    static func forEachPieceInOrder<T: Sendable>(
        of count: Int, perPiece: Int, jobs: Int, _ body: @escaping @Sendable (Range<Int>) -> T,
        deliver: @escaping @Sendable (T) -> Void
    ) {
        let pieces = (count + perPiece - 1) / perPiece
        forEachInOrder(count: pieces, jobs: jobs, { piece in
            body(piece * perPiece..<min(count, (piece + 1) * perPiece))
        }, deliver: deliver)
    }
}

/// Results made out of order, handed on in order. A lock, because every worker hands its
/// results in; `deliver` runs outside it, so that the others go on meanwhile.
private final class InOrderHandOff<T: Sendable>: @unchecked Sendable {
    // @unchecked: `waiting`, `next` and `delivering` are only used while `lock` is held, and
    // `delivering` makes sure one thread at a time calls `deliver`.
    private let lock = NSLock()
    /// The results made before their turn, by index.
    private var waiting: [T?]
    /// The index of the next result to deliver.
    private var next = 0
    /// Whether a thread is delivering: it delivers every result that is there when it looks.
    private var delivering = false
    private let deliver: @Sendable (T) -> Void

    init(count: Int, deliver: @escaping @Sendable (T) -> Void) {
        waiting = Array(repeating: nil, count: count)
        self.deliver = deliver
    }

    /// Takes result `index`; delivers it, and the results after it that are waiting, when its
    /// turn has come and no other thread is delivering (that thread then takes it on).
    func hand(_ index: Int, _ value: T) {
        lock.lock()
        waiting[index] = value
        guard !delivering else {
            lock.unlock()
            return
        }
        delivering = true
        while next < waiting.count, let value = waiting[next] {
            waiting[next] = nil
            next += 1
            lock.unlock()
            deliver(value)
            lock.lock()
        }
        delivering = false
        lock.unlock()
    }
}
