/// Collects the rows of a ``DataTable`` in file order and rejects duplicate or empty keys
/// (shared by every format).
struct DataTableBuilder {
    let file: String
    /// The names cells refer to by index; JSON tables learn them row by row (`noteColumn`).
    private(set) var columns: [String]
    private var keys = DataKeyIndex()
    /// The line of each key of `keys`, for the duplicate-key message.
    private var lines: [Int] = []
    private var cells: [DataTable.Cell] = []
    private var text: [UInt8] = []
    private var rowStarts: [Int] = [0]

    init(file: String, columns: [String] = []) {
        self.file = file
        self.columns = columns
    }

    /// The collected names, keys, cells, cell text, row starts and row numbers (see ``DataTable``).
    var parts: ([String], DataKeyIndex, [DataTable.Cell], [UInt8], [Int]) {
        (columns, keys, cells, text, rowStarts)
    }

    /// Adds a column name if it is new (JSON tables learn their columns row by row).
    mutating func noteColumn(_ name: String) {
        if !columns.contains(name) { columns.append(name) }
    }

    /// Adds a cell to the row being built: column `column` (an index of `columns`, above the
    /// row's previous cells) holds the UTF-8 text `value` (not empty). `endRow` ends the row.
    mutating func addCell(column: Int, value: some Collection<UInt8>) {
        let start = text.count
        text.append(contentsOf: value)
        cells.append(DataTable.Cell(name: column, start: start, end: text.count))
    }

    /// Ends the row whose cells were added since the last row, under the normalized form of
    /// the UTF-8 text `key`.
    /// - Throws: `RuleError` `.invalidRule` for an empty or duplicate key, naming both lines.
    mutating func endRow(key: some Collection<UInt8>, line: Int) throws(RuleError) {
        let insertion =
            key.withContiguousStorageIfAvailable { insert(key: UnsafeRawBufferPointer($0)) }
            ?? Array(key).withUnsafeBytes { insert(key: $0) }
        switch insertion {
        case .empty:
            throw RuleError(.invalidRule, "row has an empty key; fill in the first column", file: file, line: line)
        case .duplicate(let first):
            throw RuleError(
                .invalidRule,
                "duplicate key '\(String(decoding: key, as: UTF8.self))' (same as line \(lines[first]) after normalizing); keep one row",
                file: file, line: line)
        case .added:
            lines.append(line)
            rowStarts.append(cells.count)
        }
    }

    /// What adding a row's key did.
    private enum KeyInsertion {
        case added, empty
        /// Another row (this number) has the same normalized key.
        case duplicate(Int)
    }

    /// Adds the normalized form of the UTF-8 text `key` to the keys unless it is empty or there.
    private mutating func insert(key: UnsafeRawBufferPointer) -> KeyInsertion {
        TextNormalizer.withNormalized(utf8: key) { normalized in
            if normalized.isEmpty { return .empty }
            return keys.insert(normalized).map(KeyInsertion.duplicate) ?? .added
        }
    }

    /// Adds `row` under the normalized form of `key`; every name of `row` must be a column.
    /// - Throws: `RuleError` `.invalidRule` for an empty or duplicate key, naming both lines.
    mutating func add(key: String, row: [String: String], line: Int) throws(RuleError) {
        addCells(of: row)
        try endRow(key: key.utf8, line: line)
    }

    /// Adds `row` under `key`, already normalized and known to be new (`DataTable.init`).
    mutating func add(normalizedKey key: String, row: [String: String]) {
        addCells(of: row)
        var key = key
        _ = key.withUTF8 { keys.insert(UnsafeRawBufferPointer($0)) }
        lines.append(0)
        rowStarts.append(cells.count)
    }

    private mutating func addCells(of row: [String: String]) {
        for (index, name) in columns.enumerated() {
            if let value = row[name] { addCell(column: index, value: value.utf8) }
        }
    }

    func build() -> DataTable {
        DataTable(columns: columns, built: self)
    }
}
