#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open folder whose files are looked up by name, relative to its descriptor: for the
/// kernel one name to find instead of every part of the path, with the answers `open`, `lstat`
/// and `access` give for the path. Closed with its last reference, so a holder keeps the
/// descriptor valid while the cache that handed it out (``FolderChecks``, ``ReadFolders``)
/// moves on to other folders.
final class OpenFolder: @unchecked Sendable {
    // @unchecked: `stat` is a plain C record; all properties are constants.
    /// The folder as its files' paths name it (``SafeFileWriter/folderOf(_:)``).
    let path: String
    /// The open folder.
    let descriptor: Int32
    /// The folder's check in its ``FolderChecks``: its `stat` record when it may be written;
    /// nil for a folder opened only to read its files.
    let check: stat?

    init(path: String, descriptor: Int32, check: stat? = nil) {
        self.path = path
        self.descriptor = descriptor
        self.check = check
    }

    deinit { close(descriptor) }

    /// `openat` of the file at `path`, a file of this folder, by its name, with `flags`: the
    /// descriptor, or -1 with `errno` set.
    func openFile(_ path: String, flags: Int32) -> Int32 {
        Self.withName(of: path) { openat(descriptor, $0, flags) }
    }

    /// `body` of the name of the file at `path` (after its last `/`), as a C string.
    /// `withCString`: a native string lends its own bytes.
    private static func withName<Result>(of path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        path.withCString { text in
            body(strrchr(text, Int32(UInt8(ascii: "/"))).map { UnsafePointer($0 + 1) } ?? text)
        }
    }

    /// Whether the file at `path`, a file of this folder that is not a link, may be written:
    /// `lstat`, then (when it has a write bit) `access(W_OK)`, by its name. `listedMode` is
    /// what `lstat` said when the caller listed the file as a regular file; then only `access`
    /// is asked. Nil when `lstat` fails, the file is a link or (listed) is gone, or the path is
    /// too long for a path-wide call: the caller then asks by path, which gives the answer (or
    /// the error) for those.
    func writableFile(_ path: String, listedMode: mode_t? = nil) -> Bool? {
        guard path.utf8.count < Int(PATH_MAX) else { return nil }
        return Self.withName(of: path) { name -> Bool? in
            if let listedMode {
                return SafeFileWriter.listedFileMayBeWritten(mode: listedMode) { faccessat(descriptor, name, W_OK, 0) }
            }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFLNK else {
                return nil
            }
            return SafeFileWriter.mayBeWritten(info) { faccessat(descriptor, name, W_OK, 0) }
        }
    }
}
