/// The data files one Lua state opened through `tagrules.data`, by the handle its view uses.
final class OpenDataTables {
    private var tables: [DataTable] = []

    /// Keeps `table` and returns its handle (1-based).
    func add(_ table: DataTable) -> Int {
        tables.append(table)
        return tables.count
    }

    /// The table of `handle`, or nil for a handle no `add` gave.
    func table(_ handle: Int) -> DataTable? {
        tables.indices.contains(handle - 1) ? tables[handle - 1] : nil
    }
}
