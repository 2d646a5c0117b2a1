/// A map from object numbers to values for the few objects a document's reader keeps (the
/// catalog, the page tree root, Info, an object stream or two). A short array is searched,
/// which costs less than hashing into a dictionary and allocates nothing until the first
/// insertion; past `threshold` entries a dictionary takes over, so that a reader that keeps
/// thousands of objects costs linear time, not quadratic.
struct SmallIntMap<Value> {
    /// One key and its value. A struct rather than a tuple: an array of tuples is freed (and
    /// copied) through the runtime's generic tuple witnesses, element by element.
    private struct Entry {
        var key: Int
        var value: Value
    }

    static var threshold: Int { 16 }
    private var few: [Entry] = []
    private var many: [Int: Value]?

    /// How many keys have a value.
    var count: Int { many?.count ?? few.count }

    /// The value for `key`, if any.
    subscript(key: Int) -> Value? {
        if let many { return many[key] }
        for index in few.indices where few[index].key == key { return few[index].value }
        return nil
    }

    /// Gives `key` the value `value`, replacing the one it had.
    mutating func set(_ value: Value, for key: Int) {
        if many != nil {
            many![key] = value
        } else if let index = few.firstIndex(where: { $0.key == key }) {
            few[index].value = value
        } else if few.count < Self.threshold {
            if few.isEmpty { few.reserveCapacity(4) }
            few.append(Entry(key: key, value: value))
        } else {
            var built = [Int: Value](minimumCapacity: few.count * 2)
            for entry in few { built[entry.key] = entry.value }
            built[key] = value
            few = []
            many = built
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        few = []
        many = nil
    }
}
