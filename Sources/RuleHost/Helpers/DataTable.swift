/// A data file that sits beside the rules (CSV, TSV or JSON), as rules see it through
/// `tagrules.data(name)`: rows looked up by the ``TextNormalizer`` form of their key.
///
/// For CSV and TSV the first row names the columns and the first column is the key; for JSON
/// see ``DataFileLoader``. A row holds every non-empty cell of its line under its column name,
/// the key column included with its text as written; empty cells are left out, so a rule sees
/// `nil`, not `""`.
///
/// The rows are kept as one array of cells in file order, not as a dictionary per row: a data
/// file is read once and then pushed into every Lua state row by row, which needs no more.
public struct DataTable: Sendable, Hashable {
    /// Column names in file order; the first names the key column.
    public let columns: [String]
    /// The normalized keys in file order, for deterministic iteration.
    public let keys: [String]
    /// The names cells refer to: `columns`, then, sorted, any other name the rows given to
    /// `init(columns:rows:keys:)` use (so that equal tables are stored alike).
    let names: [String]
    /// The non-empty cells of every row, row after row, each row's in the order of `names`.
    let cells: [Cell]
    /// Where each row's cells start in `cells`, and one more: the end of the last row.
    let rowStarts: [Int]
    /// The row number of each normalized key.
    private let rowNumbers: [String: Int]

    /// One non-empty cell: the index of its column in `names`, and its text.
    struct Cell: Sendable, Hashable {
        let name: Int
        let value: String
    }

    /// Creates a table. `keys` must list every key of `rows` once, in the order to iterate.
    public init(columns: [String], rows: [String: [String: String]], keys: [String]) {
        precondition(keys.count == rows.count, "DataTable: keys must list every row once")
        let extra = Set(rows.values.flatMap(\.keys)).subtracting(columns).sorted()
        var builder = DataTableBuilder(file: "", columns: columns + extra)
        for key in keys {
            guard let row = rows[key] else { preconditionFailure("DataTable: keys must list every row once") }
            builder.add(normalizedKey: key, row: row)
        }
        self.init(columns: columns, built: builder)
    }

    /// The table `builder` collected, with `columns` (a prefix of the builder's names).
    init(columns: [String], built builder: DataTableBuilder) {
        self.columns = columns
        (names, keys, cells, rowStarts, rowNumbers) = builder.parts
    }

    /// Rows by normalized key (`TextNormalizer.normalize` of the key cell): the column names of
    /// each row's non-empty cells with their text.
    public var rows: [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: keys.indices.map { (keys[$0], row(at: $0)) })
    }

    /// The number of rows.
    public var count: Int { keys.count }

    /// The row whose key normalizes like `key`, or `nil`.
    public subscript(key: String) -> [String: String]? {
        rowNumbers[TextNormalizer.normalize(key)].map(row(at:))
    }

    /// The number of the row whose normalized key is `key` (already normalized: a rule looks up
    /// `t[tagrules.normalize(name)]`), or nil.
    func rowNumber(normalizedKey key: String) -> Int? {
        rowNumbers[key]
    }

    /// The cells of row `number` (in file order).
    func cells(ofRow number: Int) -> ArraySlice<Cell> {
        cells[rowStarts[number]..<rowStarts[number + 1]]
    }

    private func row(at number: Int) -> [String: String] {
        var row = [String: String](minimumCapacity: rowStarts[number + 1] - rowStarts[number])
        for cell in cells(ofRow: number) { row[names[cell.name]] = cell.value }
        return row
    }
}
