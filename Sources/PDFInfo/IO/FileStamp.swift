import Platform

/// What `stat` says about a file, enough to tell one version of it from the next without
/// reading it: the same stamp twice means it is still the same file (device and inode; a rename
/// over it makes a new inode) and nobody wrote to it or changed its attributes in between
/// (size, modification and status-change times to the nanosecond).
///
/// The writer compares stamps to refuse replacing a file that changed since it was read; the
/// watch loop compares them to tell a finished download from one still being written.
public struct FileStamp: Sendable, Hashable {
    /// The file or folder, whatever its name.
    public var identity: FileIdentity
    /// `st_size`, in bytes.
    public var size: Int64
    /// `st_mtim`: the last write to the content.
    public var modified: FileTime
    /// `st_ctim`: the last change to content or attributes (permissions, links, renames). Unlike
    /// the modification time, no program can set it back.
    public var changed: FileTime

    /// A stamp from its parts.
    public init(identity: FileIdentity, size: Int64, modified: FileTime, changed: FileTime) {
        self.identity = identity
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the `stat` record `info`.
    public init(_ info: stat) {
        identity = FileIdentity(info)
        size = Int64(info.st_size)
        modified = FileTime(info.modificationTime)
        changed = FileTime(info.statusChangeTime)
    }

    /// The stamp and `st_mode` of whatever `path` names, following symbolic links; nil when
    /// `stat` fails.
    public static func lookUp(_ path: String) -> (stamp: FileStamp, mode: mode_t)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (FileStamp(info), info.st_mode)
    }

    /// The stamp of the regular file at `path`, following symbolic links; nil when there is no
    /// such file, or it is not a regular file.
    public static func ofFile(_ path: String) -> FileStamp? {
        guard let (stamp, mode) = lookUp(path), mode & S_IFMT == S_IFREG else { return nil }
        return stamp
    }
}

/// A file or folder whatever its name: device and inode.
public struct FileIdentity: Sendable, Hashable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64

    /// The file with inode `inode` on device `device`.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The file `info` describes.
    public init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// A file time to the nanosecond.
public struct FileTime: Sendable, Hashable {
    /// Seconds since 1970.
    public var seconds: Int64
    /// Nanoseconds within the second.
    public var nanoseconds: Int64

    /// The time `seconds` and `nanoseconds` after 1970.
    public init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) {
        self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }
}
