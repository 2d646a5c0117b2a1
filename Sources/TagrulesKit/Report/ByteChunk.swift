import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes a ``ByteSink`` wrote, handed over without copying them (``ByteSink/takeChunk(reserving:)``):
/// a report goes to standard output as the chunks its writers filled, one `writev`, instead of
/// being copied into one array first (a 2,000-file JSON plan: 1.9 MB copied two or three times
/// into fresh memory, a page fault every 4 KB). Immutable; freed with its last reference.
package final class ByteChunk: RandomAccessCollection, @unchecked Sendable {
    // @unchecked: the bytes are written before the chunk exists and never after.
    private let base: UnsafeMutablePointer<UInt8>
    /// The number of bytes.
    package let count: Int

    /// Takes over `count` initialized bytes at `base`, allocated with
    /// `UnsafeMutablePointer.allocate`; the chunk deallocates them.
    init(owning base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "byte chunk: index out of range")
        return base[position]
    }

    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as one `writev` piece (see `Terminal.writeAll`): valid while the chunk lives,
    /// since its bytes never move.
    var piece: iovec { iovec(iov_base: UnsafeMutableRawPointer(base), iov_len: count) }

    /// Calls `body` with the bytes, valid only during the call.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(UnsafeRawBufferPointer(start: base, count: count)) }
    }
}

/// Chunks collected in the order they are appended, from whichever thread appends them
/// (``ChangeReport/writeJSON(jobs:to:)`` hands them over from its workers). A lock, because
/// the appending threads change; it is taken a few dozen times per report.
final class ChunkList: @unchecked Sendable {
    // @unchecked: `chunks` is only used while `lock` is held.
    private let lock = NSLock()
    private var chunks: [ByteChunk] = []

    /// Adds `chunk` after those appended before.
    func append(_ chunk: ByteChunk) {
        lock.lock()
        defer { lock.unlock() }
        chunks.append(chunk)
    }

    /// The chunks appended so far, in order.
    var taken: [ByteChunk] {
        lock.lock()
        defer { lock.unlock() }
        return chunks
    }
}
