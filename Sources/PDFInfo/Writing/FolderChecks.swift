#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The permission checks of the folders a group of files is staged in, each made once for the
/// group (`SafeFileWriter.stage(_:path:source:folders:)`): a library's scores share a few
/// folders, and checking one takes two system calls. Make one for each group, so that a
/// folder's permissions are never older than the group.
///
/// Shared by the threads that stage the group's files.
public final class FolderChecks: @unchecked Sendable {
    // @unchecked: the properties are only read and written while `lock` is held.
    private let lock = SystemLock()
    /// Folder → its `stat` record when writable, nil when not.
    private var checked: [String: stat?] = [:]
    /// The folder asked for last (empty before the first) and its answer, also in `checked`.
    /// Files come folder by folder, so a file's folder is usually this one, recognized by its
    /// bytes without building its name or hashing it.
    private var lastFolder = ""
    private var lastInfo: stat?
    /// The folder opened last (empty before the first), and its descriptor if it could be opened.
    private var openedFolder = ""
    private var opened: OpenFolder?

    /// No folder checked yet.
    public init() {}

    /// The `stat` record of the folder holding `target` (``SafeFileWriter/folderOf(_:)``) when
    /// it may be written, from `check` the first time that folder is asked for.
    func info(ofFolderOf target: String, checking check: (String) -> stat?) -> stat? {
        lock.withLock {
            if Self.isFolder(lastFolder, of: target) { return lastInfo }
            let folder = SafeFileWriter.folderOf(target)
            let found: stat?
            if let known = checked[folder] {
                found = known
            } else {
                found = check(folder)
                checked[folder] = .some(found)
            }
            (lastFolder, lastInfo) = (folder, found)
            return found
        }
    }

    /// The folder holding `path` (``SafeFileWriter/folderOf(_:)``), open, for looking its files
    /// up by name, with its check; nil for the first file asked for in a folder (a folder with
    /// one file is not worth opening) and when it cannot be opened. Only the folder opened last
    /// is kept open.
    func openFolder(of path: String) -> OpenFolder? {
        lock.withLock {
            if Self.isFolder(openedFolder, of: path) { return opened }
            guard Self.isFolder(lastFolder, of: path) else { return nil }
            openedFolder = lastFolder
            let descriptor = open(lastFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            opened = descriptor >= 0 ? OpenFolder(path: lastFolder, descriptor: descriptor, check: lastInfo) : nil
            return opened
        }
    }

    /// Whether `folder` is byte for byte `SafeFileWriter.folderOf(path)`; then it is also the
    /// same dictionary key. (Unequal bytes may still be an equal `String`: those take the
    /// dictionary's way.) The empty folder is no path's.
    static func isFolder(_ folder: String, of path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        return folder.utf8.withContiguousStorageIfAvailable { name in
            path.utf8.withContiguousStorageIfAvailable { bytes in
                // `memchr` scans the file's name a word at a time, not byte by byte.
                func noSlash(from start: Int) -> Bool {
                    start == bytes.count || memchr(bytes.baseAddress! + start, Int32(slash), bytes.count - start) == nil
                }
                let count = name.count
                guard count > 0 else { return false }
                if count < bytes.count, bytes[count] == slash, memcmp(name.baseAddress!, bytes.baseAddress!, count) == 0 {
                    return noSlash(from: count + 1)  // `folder/name`
                }
                guard count == 1 else { return false }
                if name[0] == slash { return bytes.first == slash && noSlash(from: 1) }  // `/name`
                return name[0] == UInt8(ascii: ".") && noSlash(from: 0)  // `name`
            } ?? false
        } ?? false
    }
}
