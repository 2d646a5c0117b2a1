import Platform

/// The permission checks of the folders a group of files is staged in, each made once for the
/// group (`SafeFileWriter.stage(_:path:source:folders:)`): a library's scores share a few
/// folders. Make one for each group, so that a folder's permissions are never older than the
/// group.
///
/// Shared by the threads that stage the group's files.
public final class FolderChecks: @unchecked Sendable {
    // @unchecked: `checked` is only read and written while `lock` is held.
    private let lock = SystemLock()
    /// Folder → its `stat` record when writable, nil when not.
    private var checked: [String: stat?] = [:]

    /// No folder checked yet.
    public init() {}

    /// The `stat` record of the folder holding `target` (``SafeFileWriter/folderOf(_:)``) when
    /// it may be written, from `check` the first time that folder is asked for.
    func info(ofFolderOf target: String, checking check: (String) -> stat?) -> stat? {
        let folder = SafeFileWriter.folderOf(target)
        return lock.withLock {
            if let known = checked[folder] { return known }
            let found = check(folder)
            checked[folder] = .some(found)
            return found
        }
    }
}
