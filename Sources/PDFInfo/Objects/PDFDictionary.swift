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
            keyIndex.set(value, for: key, in: &unique)
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
/// the entries are searched one by one; from ``hashedFrom`` keys on, a hash of their positions
/// takes over, so that a hostile dictionary with thousands of keys costs linear time, not
/// quadratic.
struct DictionaryKeyIndex {
    /// How many keys the entries hold before the index hashes them: past the keys of page, font
    /// and annotation dictionaries, below where comparing them one by one costs more than a hash.
    static let hashedFrom = 24
    /// Key → position, once the entries hold ``hashedFrom`` keys.
    private var positions: [PDFName: Int]?

    /// Sets `key` to `value` in `entries`, the entries this index has been told of: the value
    /// replaces the key's earlier one at its position, or is appended with the key. The value
    /// is moved into the entries, not copied and then released.
    mutating func set(_ value: consuming PDFObject, for key: PDFName, in entries: inout [PDFDictionary.Entry]) {
        if let index = position(of: key, in: entries) {
            entries[index].value = value
        } else {
            entries.append(PDFDictionary.Entry(key: key, value: value))
            appended(to: entries)
        }
    }

    /// The position of `key` in `entries`, if present.
    private func position(of key: PDFName, in entries: [PDFDictionary.Entry]) -> Int? {
        if let positions { return positions[key] }
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    /// Records that the last of `entries` was appended, with a key not among the others.
    private mutating func appended(to entries: [PDFDictionary.Entry]) {
        if positions != nil {
            positions?[entries[entries.count - 1].key] = entries.count - 1
        } else if entries.count == Self.hashedFrom {
            positions = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].key, $0) })
        }
    }
}
