/// A folder's entries as `readdir(3)` lists them: the one place that reads a directory stream
/// (file discovery, the notation finder and the rules folder all list folders through it).
public enum FolderReader {
    /// Calls `body` with the name (its bytes, as the file system stores them) and the `d_type`
    /// (`DT_REG`, `DT_DIR`, `DT_LNK`, `DT_UNKNOWN` where the file system does not say, …) of
    /// each entry of the folder at `path`, `.` and `..` included, until it returns false; then
    /// `afterwards` with the folder's descriptor, still open (for ``status(of:inFolder:into:)``).
    ///
    /// - Returns: false when the folder cannot be opened (`errno` says why).
    @discardableResult
    public static func forEachEntry(
        in path: String, _ body: (_ name: [UInt8], _ type: UInt8) -> Bool, afterwards: (_ folder: Int32) -> Void = { _ in }
    ) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard body(name, entry.pointee.d_type) else { break }
        }
        afterwards(dirfd(directory))
        return true
    }

    /// `fstatat(2)` of the entry `name` of the folder open as `folder`, following links: what
    /// `stat` of its path says, without a limit on the path's length.
    ///
    /// - Returns: 0 with `info` filled, or -1 with `errno` set.
    public static func status(of name: [UInt8], inFolder folder: Int32, into info: inout stat) -> Int32 {
        (name + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &info, 0) }
        }
    }
}
