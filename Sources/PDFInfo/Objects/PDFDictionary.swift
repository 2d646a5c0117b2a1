/// A PDF dictionary (ISO 32000-1 §7.3.7) that keeps its keys in file order, so that a
/// rewritten Info dictionary lists keys the way the original did.
public struct PDFDictionary: Sendable, Hashable {
    /// One entry: a key and its value. A struct rather than a tuple, because arrays of tuples
    /// are copied and freed through the runtime's generic (slow) tuple witnesses.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: PDFName
        /// The value.
        public var value: PDFObject

        /// Creates an entry.
        public init(key: PDFName, value: PDFObject) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in file order; keys are unique (a repeated key keeps its last value).
    public private(set) var entries: [Entry]

    /// An empty dictionary.
    public init() { entries = [] }

    /// A dictionary of `entries`; a repeated key keeps the last value, at its first position.
    public init(_ entries: [(PDFName, PDFObject)]) {
        var unique: [Entry] = []
        var keyIndex = DictionaryKeyIndex()
        for (key, value) in entries {
            if let index = keyIndex.position(of: key) {
                unique[index].value = value
            } else {
                unique.append(Entry(key: key, value: value))
                keyIndex.added(key, at: unique.count - 1)
            }
        }
        self.entries = unique
    }

    /// A dictionary of `entries` whose keys are known to be unique (the parser checks as it reads).
    init(uniqueEntries entries: [Entry]) {
        self.entries = entries
    }

    /// The value for `key`; assigning `nil` removes the key.
    public subscript(key: PDFName) -> PDFObject? {
        get {
            // By index: `first(where:)` would copy (retain and release) every entry it passes.
            for index in entries.indices where entries[index].key == key { return entries[index].value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// The keys in file order.
    public var keys: [PDFName] { entries.map(\.key) }
}

/// Finds a key among dictionary entries being built. A dictionary holds a handful of keys, so
/// they are compared one by one; from ``hashedFrom`` keys on, a hash of their positions takes
/// over, so that a hostile dictionary with thousands of keys costs linear time, not quadratic.
struct DictionaryKeyIndex {
    /// How many keys the index holds before it hashes them: past the keys of page, font and
    /// annotation dictionaries, below where comparing them one by one costs more than a hash.
    static let hashedFrom = 24
    /// The keys in position order, until there are ``hashedFrom``.
    private var keys: [PDFName] = []
    /// Key → position, once there are ``hashedFrom`` keys.
    private var positions: [PDFName: Int]?

    /// The position of `key` in the entries, if present.
    func position(of key: PDFName) -> Int? {
        if let positions { return positions[key] }
        for index in keys.indices where keys[index] == key { return index }
        return nil
    }

    /// Records that `key` was appended at `index`.
    mutating func added(_ key: PDFName, at index: Int) {
        if positions != nil {
            positions?[key] = index
            return
        }
        if keys.isEmpty { keys.reserveCapacity(ObjectParser.initialDictionaryCapacity) }
        keys.append(key)
        if keys.count == Self.hashedFrom {
            positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
            keys = []
        }
    }
}
