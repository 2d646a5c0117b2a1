import Foundation

/// Answers worked out from texts, remembered by the texts' exact UTF-8 bytes: the keys
/// ``KeyParser`` found (``KeyTextCache``) and the lookup forms ``TextNormalizer`` made
/// (`NormalizationCache`). Texts are copied into one byte arena and found again through an
/// open-addressing table of their hashes, so a lookup hashes the bytes eight at a time and
/// compares them once, and remembering a text copies its bytes, without a `String` or a
/// dictionary of them (every title and filename a rule parses is looked up, and most
/// filenames are remembered once and never seen again).
///
/// The hash is seeded per memo from `Hasher` (random per process), so a library of crafted
/// names cannot pile its texts into one chain.
struct TextMemo<Value> {
    /// A remembered text: its bytes `start..<start + length` of the arena, its hash and value.
    private struct Entry {
        var hash: UInt64
        var start: Int
        var length: Int
        var value: Value
    }

    /// The most texts remembered before the memo starts over.
    let capacity: Int
    /// The slots, a power of two at least twice `capacity` once full; nil is empty.
    private var slots: [Entry?]
    private var arena: [UInt8] = []
    private(set) var count = 0
    private let seed: UInt64

    /// A memo of up to `capacity` texts, with room for `initialCapacity` of them up front.
    init(capacity: Int, initialCapacity: Int) {
        self.capacity = capacity
        slots = Array(repeating: nil, count: Self.slotCount(for: initialCapacity))
        var hasher = Hasher()
        hasher.combine(capacity)
        seed = UInt64(truncatingIfNeeded: hasher.finalize())
    }

    /// The value remembered for `bytes`, or nil when `bytes` were never remembered (with an
    /// optional `Value`, `.some(nil)` when they were and their value is nil).
    func value(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> Value? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return arena.withUnsafeBytes { arena in
            while let entry = slots[slot] {
                if entry.hash == hash, entry.length == bytes.count,
                    bytes.isEmpty || memcmp(arena.baseAddress! + entry.start, bytes.baseAddress!, bytes.count) == 0
                {
                    return .some(entry.value)
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Remembers `value` for `bytes` (not remembered yet), whose hash is `hash`; a full memo
    /// forgets everything first.
    mutating func remember(_ value: Value, for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        if count >= capacity {
            slots = Array(repeating: nil, count: slots.count)
            arena.removeAll(keepingCapacity: true)
            count = 0
        }
        // Every title and filename of a library is a new text, so a table that fills up goes
        // on filling: it grows to its full size at once, not by doubling (a rehash each time).
        if 2 * (count + 1) > slots.count { rehash(slotCount: Self.slotCount(for: capacity)) }
        let entry = Entry(hash: hash, start: arena.count, length: bytes.count, value: value)
        arena.append(contentsOf: bytes)
        insert(entry)
        count += 1
    }

    /// The hash of `bytes`, eight bytes at a time.
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = seed ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = Self.mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return Self.mix(hash ^ tail)
    }

    /// A multiply-xorshift step (the finalizer of SplitMix64).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// Puts `entry` in the first empty slot from its hash's.
    private mutating func insert(_ entry: Entry) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entry.hash) & mask
        while slots[slot] != nil { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    /// Moves every entry into `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        let entries = slots
        slots = Array(repeating: nil, count: slotCount)
        for case let entry? in entries { insert(entry) }
    }

    /// The slots, a power of two, for `texts` texts at most half full.
    private static func slotCount(for texts: Int) -> Int {
        var count = 16
        while count < 2 * texts { count *= 2 }
        return count
    }
}
