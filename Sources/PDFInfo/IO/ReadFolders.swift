#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders of the files a run reads, kept open so that ``FileByteSource`` opens each file
/// by its name in its folder (`openat`) instead of by its whole path: the kernel then looks up
/// one name instead of every folder on the way (a folder of 2,000 files on this machine: open
/// and close 4.2 → 3.5 µs a file).
///
/// A folder is opened at its second file: a folder of one file is not worth an open of its
/// own. The folders used last stay open (``keptOpen``), for workers reading side by side; one
/// that cannot be opened (searchable, not readable) is not tried again, and its files are
/// opened by path. Thread-safe.
public final class ReadFolders: @unchecked Sendable {
    // @unchecked: the properties are only used while `lock` is held.
    private let lock = SystemLock()
    /// The open folders, the one used last at the end.
    private var openFolders: [OpenFolder] = []
    /// The folder of the last file whose folder was not open (its first file), or empty.
    private var lastSeen = ""
    /// The last folder that could not be opened, or empty.
    private var unopenable = ""

    /// How many folders stay open.
    static let keptOpen = 4

    /// Nothing open yet.
    public init() {}

    /// The open folder of the file at `path` (``SafeFileWriter/folderOf(_:)``), opened now
    /// when this is its second file; nil when it is not open.
    func folder(of path: String) -> OpenFolder? {
        lock.withLock {
            if let index = openFolders.lastIndex(where: { FolderChecks.isFolder($0.path, of: path) }) {
                if index != openFolders.count - 1 { openFolders.append(openFolders.remove(at: index)) }
                return openFolders[openFolders.count - 1]
            }
            guard FolderChecks.isFolder(lastSeen, of: path) else {
                if !FolderChecks.isFolder(unopenable, of: path) { lastSeen = SafeFileWriter.folderOf(path) }
                return nil
            }
            let folder = lastSeen
            lastSeen = ""
            let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                unopenable = folder
                return nil
            }
            let opened = OpenFolder(path: folder, descriptor: descriptor)
            openFolders.append(opened)
            if openFolders.count > Self.keptOpen { openFolders.removeFirst() }
            return opened
        }
    }
}
