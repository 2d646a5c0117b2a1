/// A data file that sits beside the rules (CSV, TSV or JSON), as rules see it through
/// `tagrules.data(name)`: rows looked up by the ``TextNormalizer`` form of their key.
///
/// For CSV and TSV the first row names the columns and the first column is the key; for JSON
/// see ``DataFileLoader``. A row holds every non-empty cell of its line under its column name,
/// the key column included with its text as written; empty cells are left out, so a rule sees
/// `nil`, not `""`.
///
/// The rows are kept as one array of cells in file order, not as a dictionary per row, and the
/// cells' text as one UTF-8 buffer: a data file is read once, and a rule looks up a few rows,
/// whose cells go into its Lua state as bytes; a String is made only for a row asked for here.
public struct DataTable: Sendable, Hashable {
    /// Column names in file order; the first names the key column.
    public let columns: [String]
    /// The normalized keys in file order, for deterministic iteration.
    public var keys: [String] { (0..<keyIndex.count).map(keyIndex.key) }
    /// The names cells refer to: `columns`, then, sorted, any other name the rows given to
    /// `init(columns:rows:keys:)` use (so that equal tables are stored alike).
    let names: [String]
    /// The non-empty cells of every row, row after row, each row's in the order of `names`.
    let cells: [Cell]
    /// The UTF-8 text of every cell, one after another.
    let text: [UInt8]
    /// Where each row's cells start in `cells`, and one more: the end of the last row.
    let rowStarts: [Int]
    /// The normalized keys, and the row number of each.
    let keyIndex: DataKeyIndex

    /// One non-empty cell: the index of its column in `names`, and where its text is in `text`.
    struct Cell: Sendable, Hashable {
        let name: Int
        let start: Int
        let end: Int
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
        (names, keyIndex, cells, text, rowStarts) = builder.parts
    }

    /// Rows by normalized key (`TextNormalizer.normalize` of the key cell): the column names of
    /// each row's non-empty cells with their text.
    public var rows: [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { (keyIndex.key($0), row(at: $0)) })
    }

    /// The number of rows.
    public var count: Int { keyIndex.count }

    /// The row whose key normalizes like `key`, or `nil`.
    public subscript(key: String) -> [String: String]? {
        var key = key
        return key.withUTF8 { utf8 in
            TextNormalizer.withNormalized(utf8: UnsafeRawBufferPointer(utf8)) { keyIndex.row(of: $0) }
        }.map(row(at:))
    }

    /// The number of the row whose normalized key is the UTF-8 text `key` (already normalized:
    /// a rule looks up `t[tagrules.normalize(name)]`), or nil.
    func rowNumber(normalizedKey key: UnsafeRawBufferPointer) -> Int? {
        keyIndex.row(of: key)
    }

    /// The cells of row `number` (in file order).
    func cells(ofRow number: Int) -> ArraySlice<Cell> {
        cells[rowStarts[number]..<rowStarts[number + 1]]
    }

    /// Runs `body` on the UTF-8 text of `cell` (valid only during the call).
    func withText<Result>(of cell: Cell, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        text.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[cell.start..<cell.end])) }
    }

    private func row(at number: Int) -> [String: String] {
        var row = [String: String](minimumCapacity: rowStarts[number + 1] - rowStarts[number])
        for cell in cells(ofRow: number) {
            row[names[cell.name]] = String(decoding: text[cell.start..<cell.end], as: UTF8.self)
        }
        return row
    }
}
