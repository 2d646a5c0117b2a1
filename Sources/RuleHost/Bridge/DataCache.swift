import Foundation

/// Data files (`tagrules.data`) parsed once per rule set and shared by every worker's state.
///
/// `@unchecked Sendable`: the dictionary is only touched under `lock`; workers on several
/// threads ask for the same files, and parsing twice would only waste time.
final class DataCache: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [String: Result<DataTable, RuleError>] = [:]

    /// The table of the data file at `url`, parsed with `DataFileLoader` on first use.
    func table(at url: URL) -> Result<DataTable, RuleError> {
        lock.lock()
        defer { lock.unlock() }
        if let known = tables[url.path] { return known }
        let result = Result { () throws(RuleError) in try DataFileLoader.load(contentsOf: url) }
        tables[url.path] = result
        return result
    }
}
