import Platform

/// The permission checks of the writing path: whether the file and its folder may be written,
/// for ``SafeFileWriter/stage(_:to:)`` and for a dry run asking ahead
/// (``SafeFileWriter/permissionRefusal(path:folders:)``), and whether a new file would keep the
/// original's owner.
extension SafeFileWriter {
    /// Why ``stage(_:to:)`` would refuse to replace the file at `path` for its permissions (the
    /// file or its folder is read-only), checked exactly as `stage` checks them; `nil` when
    /// they allow the write. Lets a dry run say which files a real run would skip.
    ///
    /// - Parameter folders: Where each folder's check is kept for the next file in it (a dry
    ///   run asks for every file of a library, which share a few folders); nil checks it now.
    public static func permissionRefusal(path: String, folders: FolderChecks? = nil) -> PDFError? {
        var info = stat()
        let target: String
        // Paths go to the system calls through `withCString`, which lends their own bytes
        // (passing a `String` makes a NUL-terminated copy per call).
        if path.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFLNK {
            // Not a link: `lstat` described the file itself, as `stat` would.
            target = path
        } else {
            target = resolvedPath(path)
            guard stat(target, &info) == 0 else { return failure("cannot read the file's permissions", path) }
        }
        do {
            _ = try permittedFolder(target: target, info: info, path: path, folders: folders)
            return nil
        } catch {
            return error
        }
    }

    /// The `stat` record of the folder of `target` (``folderOf(_:)``) when the file (described
    /// by `info`) and its folder may be written; else why not. The folder is looked up in
    /// `folders` when given.
    static func permittedFolder(
        target: String, info: stat, path: String, folders: FolderChecks? = nil
    ) throws(PDFError) -> stat {
        guard mayBeWritten(info, accessing: { target.withCString { access($0, W_OK) } }) else {
            throw readOnlyFile(path)
        }
        guard let folderInfo = writableFolder(of: target, folders: folders) else {
            throw readOnlyFolder(path)
        }
        return folderInfo
    }

    /// The `stat` record of the folder of `target` (``folderOf(_:)``) when it may be written,
    /// from `folders` when given; nil when not.
    private static func writableFolder(of target: String, folders: FolderChecks?) -> stat? {
        folders.map { $0.info(ofFolderOf: target, checking: writableFolder) } ?? writableFolder(folderOf(target))
    }

    private static func readOnlyFile(_ path: String) -> PDFError {
        PDFError(.permissionDenied, "file is read-only; nothing written", path: path)
    }

    private static func readOnlyFolder(_ path: String) -> PDFError {
        PDFError(.permissionDenied, "folder is read-only; nothing written", path: path)
    }

    /// The folder's `stat` record when it may be written (``mayBeWritten(_:accessing:)``); nil
    /// when not.
    static func writableFolder(_ folder: String) -> stat? {
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, mayBeWritten(folderInfo, accessing: { access(folder, W_OK) }) else { return nil }
        return folderInfo
    }

    /// Whether the file or folder `info` describes may be written: it has a write bit (one
    /// without any was made read-only on purpose, which is respected even when running as
    /// root), and `access(W_OK)`, which `accessing` asks only then, returns 0.
    static func mayBeWritten(_ info: stat, accessing: () -> Int32) -> Bool {
        info.st_mode & 0o222 != 0 && accessing() == 0
    }

    /// Whether a file this process creates in the folder `folderInfo` describes already has the
    /// owner and group of the original (`info`), so that `fchown` could change nothing: a new
    /// file belongs to the effective user, and to the effective group or, in a set-group-ID
    /// folder (or on a filesystem mounted `grpid`), to the folder's group. An original with
    /// set-user-ID or set-group-ID bits is never taken as kept: `fchown` clears them.
    static func ownerIsKept(info: stat, folderInfo: stat) -> Bool {
        let (setUserID, setGroupID): (mode_t, mode_t) = (0o4000, 0o2000)
        guard info.st_uid == effectiveUser, info.st_mode & (setUserID | setGroupID) == 0 else { return false }
        if folderInfo.st_mode & setGroupID != 0 { return info.st_gid == folderInfo.st_gid }
        return info.st_gid == effectiveGroup && folderInfo.st_gid == effectiveGroup
    }

    /// The process's effective user and group (asked for once: they are system calls).
    private static let effectiveUser = geteuid()
    private static let effectiveGroup = getegid()
}
