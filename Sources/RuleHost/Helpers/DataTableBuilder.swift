/// Collects the rows of a ``DataTable`` in file order and rejects duplicate or empty keys
/// (shared by every format).
struct DataTableBuilder {
    let file: String
    /// The names cells refer to by index; JSON tables learn them row by row (`noteColumn`).
    private(set) var columns: [String]
    private var keys: [String] = []
    /// The line of each key of `keys`, for the duplicate-key message.
    private var lines: [Int] = []
    private var cells: [DataTable.Cell] = []
    private var rowStarts: [Int] = [0]
    private var rowNumbers: [String: Int] = [:]

    /// - Parameter expectedRows: About how many rows will come (more is harmless), so that the
    ///   key dictionary is made large enough once instead of growing row by row.
    init(file: String, columns: [String] = [], expectedRows: Int = 0) {
        self.file = file
        self.columns = columns
        rowNumbers.reserveCapacity(expectedRows)
        keys.reserveCapacity(expectedRows)
        lines.reserveCapacity(expectedRows)
        rowStarts.reserveCapacity(expectedRows + 1)
        cells.reserveCapacity(expectedRows * columns.count)
    }

    /// The collected names, keys, cells, row starts and row numbers (see ``DataTable``).
    var parts: ([String], [String], [DataTable.Cell], [Int], [String: Int]) {
        (columns, keys, cells, rowStarts, rowNumbers)
    }

    /// Adds a column name if it is new (JSON tables learn their columns row by row).
    mutating func noteColumn(_ name: String) {
        if !columns.contains(name) { columns.append(name) }
    }

    /// Adds a cell to the row being built: column `column` (an index of `columns`, above the
    /// row's previous cells) holds `value` (not empty). `endRow` ends the row.
    mutating func addCell(column: Int, value: String) {
        cells.append(DataTable.Cell(name: column, value: value))
    }

    /// Ends the row whose cells were added since the last row, under the normalized form of `key`.
    /// - Throws: `RuleError` `.invalidRule` for an empty or duplicate key, naming both lines.
    mutating func endRow(key: String, line: Int) throws(RuleError) {
        let normalized = TextNormalizer.normalize(key)
        guard !normalized.isEmpty else {
            throw RuleError(.invalidRule, "row has an empty key; fill in the first column", file: file, line: line)
        }
        // One hash lookup for the common case.
        if let first = rowNumbers.updateValue(keys.count, forKey: normalized) {
            throw RuleError(
                .invalidRule,
                "duplicate key '\(key)' (same as line \(lines[first]) after normalizing); keep one row",
                file: file, line: line)
        }
        lines.append(line)
        keys.append(normalized)
        rowStarts.append(cells.count)
    }

    /// Adds `row` under the normalized form of `key`; every name of `row` must be a column.
    /// - Throws: `RuleError` `.invalidRule` for an empty or duplicate key, naming both lines.
    mutating func add(key: String, row: [String: String], line: Int) throws(RuleError) {
        addCells(of: row)
        try endRow(key: key, line: line)
    }

    /// Adds `row` under `key`, already normalized and known to be new (`DataTable.init`).
    mutating func add(normalizedKey key: String, row: [String: String]) {
        addCells(of: row)
        rowNumbers[key] = keys.count
        lines.append(0)
        keys.append(key)
        rowStarts.append(cells.count)
    }

    private mutating func addCells(of row: [String: String]) {
        for (index, name) in columns.enumerated() {
            if let value = row[name] { addCell(column: index, value: value) }
        }
    }

    func build() -> DataTable {
        DataTable(columns: columns, built: self)
    }
}
