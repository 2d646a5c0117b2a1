/// The normalized keys of a ``DataTable`` in row order, stored as one UTF-8 buffer, with an
/// open-addressing hash index from a key's bytes to its row: a data file's thousands of keys
/// need no String each, and a rule's lookup comes with the Lua string's bytes.
struct DataKeyIndex: Sendable, Hashable {
    /// Equal indexes hold the same keys in the same order (their slots follow from them).
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text && lhs.starts == rhs.starts }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(starts)
    }

    /// The keys' UTF-8, one after another.
    private var text: [UInt8] = []
    /// Where each row's key starts in `text`, and one more: the end of the last key.
    private var starts: [Int] = [0]
    /// Row numbers by hash, `empty` where there is none; the count is a power of two, kept at
    /// least twice the number of keys.
    private var slots: [Int32] = Array(repeating: empty, count: 16)

    private static let empty: Int32 = -1

    /// The number of keys.
    var count: Int { starts.count - 1 }

    /// The key of row `number`.
    func key(_ number: Int) -> String {
        String(decoding: text[starts[number]..<starts[number + 1]], as: UTF8.self)
    }

    /// The row whose key is the UTF-8 text `key`, or nil.
    func row(of key: UnsafeRawBufferPointer) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let number = slots[slot]
            if number == Self.empty { return nil }
            if isKey(Int(number), key) { return Int(number) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `key` as the key of the next row, or returns the row that has it already (and adds
    /// nothing).
    mutating func insert(_ key: UnsafeRawBufferPointer) -> Int? {
        if let existing = row(of: key) { return existing }
        text.append(contentsOf: key)
        starts.append(text.count)
        if count * 2 > slots.count {
            slots = Array(repeating: Self.empty, count: slots.count * 2)
            for number in 0..<count { place(number) }
        } else {
            place(count - 1)
        }
        return nil
    }

    /// Puts row `number` into the first free slot from its key's hash.
    private mutating func place(_ number: Int) {
        let mask = slots.count - 1
        var slot = text.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]])) } & mask
        while slots[slot] != Self.empty { slot = (slot + 1) & mask }
        slots[slot] = Int32(number)
    }

    private func isKey(_ number: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        text[starts[number]..<starts[number + 1]].elementsEqual(key)
    }

    /// FNV-1a over the bytes (the data files are the rules author's own).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
