import Platform

/// A folder's entries as `readdir` lists them, for the rules folder's own walks: plain system
/// calls, because they run on the path of every run (`FileManager` builds each path with the
/// standard library's unspecialized generics, whose first calls look up types at run time).
enum FolderEntries {
    /// Calls `body` with the name and `d_type` (`DT_REG`, `DT_DIR`, `DT_LNK`, `DT_UNKNOWN` …) of
    /// each entry of the folder at `path`, `.` and `..` included, until it returns false.
    ///
    /// - Returns: false when the folder cannot be opened (`errno` says why).
    static func forEach(in path: String, _ body: (_ name: String, _ type: UInt8) -> Bool) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard body(name, entry.pointee.d_type) else { break }
        }
        return true
    }
}
