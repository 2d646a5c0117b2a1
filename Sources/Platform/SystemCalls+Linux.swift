#if canImport(Glibc)
import Glibc

extension SystemCalls {
    /// Flushes the data and metadata of `descriptor`'s file to stable storage: `fsync(2)`.
    ///
    /// - Returns: Whether the file is on disk.
    public static func flushFile(_ descriptor: Int32) -> Bool {
        fsync(descriptor) == 0
    }

    /// Whether ``syncFileSystem(_:)`` can work here: the C library has `syncfs`.
    public static let canSyncFileSystem = GNUCalls.syncfs != nil

    /// Writes back the whole filesystem that holds `descriptor`'s file (`syncfs(2)`), which
    /// flushes a group of files in one call.
    ///
    /// - Returns: Whether it did; false also where the C library lacks the call (then flush
    ///   each file with ``flushFile(_:)``).
    public static func syncFileSystem(_ descriptor: Int32) -> Bool {
        guard let syncfs = GNUCalls.syncfs else { return false }
        return syncfs(descriptor) == 0
    }

    /// Copies up to `count` bytes from `source` at `sourceOffset` to `output` at `outputOffset`
    /// inside the kernel (`copy_file_range(2)`, which also clones where the filesystem shares
    /// extents, as btrfs and XFS do), advancing both offsets.
    ///
    /// - Returns: The number of bytes copied, 0 at the end of `source`, or -1 with `errno` set
    ///   (`ENOSYS` where the C library lacks the call): the caller then copies through a buffer.
    public static func copyFileRange(
        from source: Int32, at sourceOffset: inout Int64, to output: Int32, at outputOffset: inout Int64, count: Int
    ) -> Int {
        guard let copyFileRange = GNUCalls.copyFileRange else {
            errno = ENOSYS
            return -1
        }
        return copyFileRange(source, &sourceOffset, output, &outputOffset, count, 0)
    }

    /// The largest resident set of this process so far, in KiB (`getrusage(2)`).
    public static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}

extension stat {
    /// The last write to the content (`st_mtim`).
    public var modificationTime: timespec { st_mtim }
    /// The last change to content or attributes (`st_ctim`).
    public var statusChangeTime: timespec { st_ctim }
}

/// glibc calls that Glibc's Swift module does not import (they are behind `_GNU_SOURCE`),
/// looked up once by name.
private enum GNUCalls {
    typealias SyncFS = @convention(c) (Int32) -> Int32
    /// `syncfs(2)` (glibc 2.14).
    static let syncfs: SyncFS? = dlsym(dlopen(nil, RTLD_NOW), "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }

    typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int
    /// `copy_file_range(2)` (glibc 2.27).
    static let copyFileRange: CopyFileRange? = dlsym(dlopen(nil, RTLD_NOW), "copy_file_range").map {
        unsafeBitCast($0, to: CopyFileRange.self)
    }
}
#endif
