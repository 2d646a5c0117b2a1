/// A PDF dictionary (ISO 32000-1 §7.3.7) that keeps its keys in file order, so that a
/// rewritten Info dictionary lists keys the way the original did.
public struct PDFDictionary: Sendable, Hashable {
    /// The entries in file order; keys are unique (a repeated key keeps its last value).
    public private(set) var entries: [(key: PDFName, value: PDFObject)]

    /// An empty dictionary.
    public init() { entries = [] }

    /// A dictionary of `entries`; a repeated key keeps the last value, at its first position.
    public init(_ entries: [(PDFName, PDFObject)]) {
        self.entries = []
        for (key, value) in entries { self[key] = value }
    }

    /// A dictionary of `entries` whose keys are known to be unique (the parser checks as it reads).
    init(uniqueEntries entries: [(key: PDFName, value: PDFObject)]) {
        self.entries = entries
    }

    /// The value for `key`; assigning `nil` removes the key.
    public subscript(key: PDFName) -> PDFObject? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// The keys in file order.
    public var keys: [PDFName] { entries.map(\.key) }

    public static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
