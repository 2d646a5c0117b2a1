/// A data file that sits beside the rules (CSV, TSV or JSON), as rules see it through
/// `tagrules.data(name)`: rows looked up by the ``TextNormalizer`` form of their key.
///
/// For CSV and TSV the first row names the columns and the first column is the key; for JSON
/// see ``DataFileLoader``. A row holds every non-empty cell of its line under its column name,
/// the key column included with its text as written; empty cells are left out, so a rule sees
/// `nil`, not `""`.
public struct DataTable: Sendable, Hashable {
    /// Column names in file order; the first names the key column.
    public let columns: [String]
    /// Rows by normalized key (`TextNormalizer.normalize` of the key cell).
    public let rows: [String: [String: String]]
    /// The normalized keys in file order, for deterministic iteration.
    public let keys: [String]

    /// Creates a table. `keys` must list every key of `rows` once, in the order to iterate.
    public init(columns: [String], rows: [String: [String: String]], keys: [String]) {
        precondition(keys.count == rows.count, "DataTable: keys must list every row once")
        self.columns = columns
        self.rows = rows
        self.keys = keys
    }

    /// The number of rows.
    public var count: Int { rows.count }

    /// The row whose key normalizes like `key`, or `nil`.
    public subscript(key: String) -> [String: String]? {
        rows[TextNormalizer.normalize(key)]
    }
}

/// Collects rows in file order and rejects duplicate or empty keys (shared by every format).
struct DataTableBuilder {
    let file: String
    private(set) var columns: [String] = []
    private var rows: [String: [String: String]] = [:]
    private var keys: [String] = []
    /// The line of each key of `keys`, for the duplicate-key message.
    private var lines: [Int] = []

    init(file: String, columns: [String] = []) {
        self.file = file
        self.columns = columns
    }

    /// Makes room for `count` rows.
    mutating func reserveCapacity(_ count: Int) {
        rows.reserveCapacity(count)
        keys.reserveCapacity(count)
        lines.reserveCapacity(count)
    }

    /// Adds a column name if it is new (JSON tables learn their columns row by row).
    mutating func noteColumn(_ name: String) {
        if !columns.contains(name) { columns.append(name) }
    }

    /// Adds `row` under the normalized form of `key`.
    /// - Throws: `RuleError` `.invalidRule` for an empty or duplicate key, naming both lines.
    mutating func add(key: String, row: [String: String], line: Int) throws(RuleError) {
        let normalized = TextNormalizer.normalize(key)
        guard !normalized.isEmpty else {
            throw RuleError(.invalidRule, "row has an empty key; fill in the first column", file: file, line: line)
        }
        // One hash lookup for the common case; the first line is looked up only for the error.
        guard rows.updateValue(row, forKey: normalized) == nil else {
            let first = keys.firstIndex(of: normalized).map { lines[$0] } ?? line
            throw RuleError(
                .invalidRule,
                "duplicate key '\(key)' (same as line \(first) after normalizing); keep one row",
                file: file, line: line)
        }
        lines.append(line)
        keys.append(normalized)
    }

    func build() -> DataTable {
        DataTable(columns: columns, rows: rows, keys: keys)
    }
}
