/// The xref sections already read, by offset, so that a `/Prev` loop ends the chain
/// (pdf-notes §2.4). Most files have one or two sections: a short array is searched, which
/// costs less than making and hashing into a set; past `threshold` entries a set takes over,
/// so a hostile chain of thousands of sections costs linear time, not quadratic.
struct VisitedOffsets {
    static let threshold = 16
    private var few: [Int] = []
    private var many: Set<Int>?

    /// How many offsets were inserted.
    private(set) var count = 0

    /// Adds `offset`; false when it was there already.
    mutating func insert(_ offset: Int) -> Bool {
        if many != nil { return insertIntoSet(offset) }
        if few.contains(offset) { return false }
        if few.count < Self.threshold {
            if few.isEmpty { few.reserveCapacity(4) }
            few.append(offset)
            count += 1
            return true
        }
        many = Set(few)
        few = []
        return insertIntoSet(offset)
    }

    private mutating func insertIntoSet(_ offset: Int) -> Bool {
        guard many!.insert(offset).inserted else { return false }
        count += 1
        return true
    }
}
