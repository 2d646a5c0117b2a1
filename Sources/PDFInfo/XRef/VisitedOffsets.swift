/// The xref sections already read, by offset, so that a `/Prev` loop ends the chain
/// (pdf-notes §2.4). Most files have one or two sections: a short array is searched, which
/// costs less than making and hashing into a set; past `threshold` entries a set takes over,
/// so a hostile chain of thousands of sections costs linear time, not quadratic.
/// The first offset is kept inline, so the usual file with one section allocates nothing.
struct VisitedOffsets {
    static let threshold = 16
    private var first: Int?
    private var others: [Int] = []
    private var many: Set<Int>?

    /// How many offsets were inserted.
    private(set) var count = 0

    /// Adds `offset`; false when it was there already.
    mutating func insert(_ offset: Int) -> Bool {
        if many != nil { return insertIntoSet(offset) }
        guard let known = first else {
            first = offset
            count = 1
            return true
        }
        if known == offset || others.contains(offset) { return false }
        if others.count + 1 < Self.threshold {
            if others.isEmpty { others.reserveCapacity(4) }
            others.append(offset)
            count += 1
            return true
        }
        var all = Set(others)
        all.insert(known)
        many = all
        others = []
        return insertIntoSet(offset)
    }

    private mutating func insertIntoSet(_ offset: Int) -> Bool {
        guard many!.insert(offset).inserted else { return false }
        count += 1
        return true
    }
}
