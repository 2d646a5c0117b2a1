#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, enough to tell one version of it from the next: the same
/// stamp twice means nobody wrote in between (size, modification time to the nanosecond) and
/// that it is still the same file (device and inode; a rename over it makes a new inode).
struct FileStamp: Sendable, Hashable {
    /// `st_dev`.
    var device: UInt64
    /// `st_ino`.
    var inode: UInt64
    /// `st_size` in bytes.
    var size: Int64
    /// `st_mtim` (Linux) or `st_mtimespec` (Darwin), seconds.
    var seconds: Int64
    /// The nanoseconds of the modification time.
    var nanoseconds: Int64

    /// The stamp of the regular file at `path`, following symbolic links; nil when there is
    /// no such file, or it is not a regular file.
    static func ofFile(_ path: String) -> FileStamp? {
        guard let (stamp, mode) = lookUp(path), mode & S_IFMT == S_IFREG else { return nil }
        return stamp
    }

    /// The stamp and `st_mode` of whatever `path` names, following symbolic links.
    static func lookUp(_ path: String) -> (FileStamp, mode_t)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        let stamp = FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
        return (stamp, info.st_mode)
    }

    /// The folder or file this stamp belongs to, whatever its name.
    var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}

/// A file or folder whatever its name: device and inode.
struct FileIdentity: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
}
