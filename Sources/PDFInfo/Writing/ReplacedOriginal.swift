#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that ``SafeFileWriter/putInPlace(_:)`` replaced, kept open: while it is, the system
/// does not free it (its blocks and inode). Releasing the last reference closes it, and the
/// system frees the file then, on the releasing thread.
public final class ReplacedOriginal: Sendable {
    /// Open on the file, for `fstat` only.
    let descriptor: Int32

    /// Opens the file at `path` (not following a final symbolic link) without reading it: an
    /// `O_PATH` descriptor on Linux; nil when it cannot be opened.
    init?(path: String) {
        #if os(Linux)
        // O_PATH, which the Glibc module does not import (a _GNU_SOURCE macro).
        let flags = Int32(0o10000000) | O_CLOEXEC | O_NOFOLLOW
        #else
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW
        #endif
        descriptor = open(path, flags)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// How many descriptors this process may have open (the soft `RLIMIT_NOFILE`; `Int.max`
    /// when unlimited), which bounds how many originals a caller can keep open; nil when unknown.
    public static var processDescriptorLimit: Int? {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
