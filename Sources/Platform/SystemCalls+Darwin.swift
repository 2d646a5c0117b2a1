// UNCOMPILED: the package is developed on Linux and this file has never been built with
// Apple's SDK. It is kept to calls whose Darwin declarations are as the man pages give them.
#if canImport(Darwin)
import Darwin

extension SystemCalls {
    /// Flushes the data and metadata of `descriptor`'s file to stable storage. On Darwin,
    /// `fsync(2)` leaves the data in the drive's cache; `fcntl(F_FULLFSYNC)` flushes that too.
    /// Where the filesystem does not support it (some network volumes), `fsync` is the best
    /// there is.
    ///
    /// - Returns: Whether the file is on disk.
    public static func flushFile(_ descriptor: Int32) -> Bool {
        fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
    }

    /// Darwin has no `syncfs`.
    public static let canSyncFileSystem = false

    /// Darwin has no `syncfs`: always false, so the caller flushes each file with
    /// ``flushFile(_:)``.
    public static func syncFileSystem(_ descriptor: Int32) -> Bool {
        false
    }

    /// Darwin has no `copy_file_range`: always -1 with `errno` `ENOSYS`, so the caller copies
    /// through a buffer.
    public static func copyFileRange(
        from source: Int32, at sourceOffset: inout Int64, to output: Int32, at outputOffset: inout Int64, count: Int
    ) -> Int {
        errno = ENOSYS
        return -1
    }

    /// The largest resident set of this process so far, in KiB (`getrusage(2)`; Darwin counts
    /// `ru_maxrss` in bytes).
    public static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1024
    }
}

extension stat {
    /// The last write to the content (`st_mtimespec`).
    public var modificationTime: timespec { st_mtimespec }
    /// The last change to content or attributes (`st_ctimespec`).
    public var statusChangeTime: timespec { st_ctimespec }
}
#endif
