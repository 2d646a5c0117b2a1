import Foundation

/// Answers worked out from texts, remembered by the texts' exact UTF-8 bytes: the keys
/// ``KeyParser`` found (``KeyTextCache``) and the lookup forms ``TextNormalizer`` made
/// (`NormalizationCache`). Texts are copied into one byte arena and found again through an
/// open-addressing table of their hashes, so a lookup hashes the bytes eight at a time and
/// compares them once, and remembering a text copies its bytes, without a `String` or a
/// dictionary of them (every title and filename a rule parses is looked up, and most
/// filenames are remembered once and never seen again).
///
/// The entries are kept densely, in the order they were remembered; the table holds only
/// their positions (4 bytes a slot), and doubles when it is half full. A table of whole
/// entries made up front for `capacity` texts was 0.8 MB per state, every page of it written
/// (and faulted in) when it was made, while a run over a library touches a fraction.
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
    /// The open-addressing table, a power of two at least twice the entries: each slot is an
    /// entry's position plus one, 0 when empty.
    private var slots: [UInt32]
    private var entries: [Entry] = []
    private var arena: [UInt8] = []
    var count: Int { entries.count }
    private let seed: UInt64

    /// A memo of up to `capacity` texts, with room for `initialCapacity` of them up front.
    init(capacity: Int, initialCapacity: Int) {
        precondition(capacity < Int(UInt32.max), "TextMemo: capacity beyond a slot's range")
        self.capacity = capacity
        slots = Array(repeating: 0, count: Self.slotCount(for: initialCapacity))
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
            var position = slots[slot]
            while position != 0 {
                let entry = entries[Int(position) - 1]
                if entry.hash == hash, entry.length == bytes.count,
                    bytes.isEmpty || memcmp(arena.baseAddress! + entry.start, bytes.baseAddress!, bytes.count) == 0
                {
                    return .some(entry.value)
                }
                slot = (slot + 1) & mask
                position = slots[slot]
            }
            return nil
        }
    }

    /// Remembers `value` for `bytes` (not remembered yet), whose hash is `hash`; a full memo
    /// forgets everything first.
    mutating func remember(_ value: Value, for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        if count >= capacity {
            for index in slots.indices { slots[index] = 0 }
            entries.removeAll(keepingCapacity: true)
            arena.removeAll(keepingCapacity: true)
        }
        if 2 * (count + 1) > slots.count { rehash(slotCount: 2 * slots.count) }
        entries.append(Entry(hash: hash, start: arena.count, length: bytes.count, value: value))
        arena.append(contentsOf: bytes)
        insert(position: entries.count, hash: hash)
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

    /// Puts the entry at `position` (plus one) in the first empty slot from its hash's.
    private mutating func insert(position: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(truncatingIfNeeded: position)
    }

    /// Spreads every entry over `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        for index in entries.indices { insert(position: index + 1, hash: entries[index].hash) }
    }

    /// The slots, a power of two, for `texts` texts at most half full.
    private static func slotCount(for texts: Int) -> Int {
        var count = 16
        while count < 2 * texts { count *= 2 }
        return count
    }
}
