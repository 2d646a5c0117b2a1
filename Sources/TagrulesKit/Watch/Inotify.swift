#if os(Linux)
import Glibc

/// One event of the Linux inotify API (inotify(7)): the watch it came from, what happened, and
/// the name of the entry inside the watched folder (empty for events about the folder itself).
struct InotifyEvent: Sendable, Hashable {
    /// The watch descriptor `inotify_add_watch` returned.
    var watch: Int32
    /// `IN_*` bits.
    var mask: UInt32
    /// The entry's name inside the watched folder; empty when the event concerns the folder.
    var name: String

    /// Whether `bit` (an `IN_*` constant) is set.
    func has(_ bit: Int32) -> Bool { mask & UInt32(bitPattern: bit) != 0 }
}

/// An inotify instance: the descriptor, the watches, and the reading of `inotify_event`
/// records. Every raw pointer of watch mode is in this file (as swift-system keeps its
/// syscalls in one file); the rest of watch mode sees ``InotifyEvent`` values.
///
/// `@unchecked Sendable` only so that a dispatch source's cancel handler can keep it (and so
/// the descriptor) alive; it is used from the watch queue only, as its read buffer requires.
final class Inotify: @unchecked Sendable {
    /// The descriptor to wait on (non-blocking, close-on-exec).
    let descriptor: Int32
    /// One read's worth of records: 64 KiB holds at least 256 events with the longest names.
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)

    /// `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`.
    ///
    /// - Throws: `CLIError` (`watch-failed`) with the reason, e.g. the per-user instance limit.
    init() throws(CLIError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw CLIError(.watchFailed, "cannot start inotify: \(Self.reason(errno)); use --poll SECONDS")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The events a watched folder reports: entries finished (`IN_CLOSE_WRITE`), moved in or
    /// out (`IN_MOVED_TO`, `IN_MOVED_FROM`), created (`IN_CREATE`, for folders), written
    /// (`IN_MODIFY`), deleted (`IN_DELETE`), and the folder's own removal (`IN_DELETE_SELF`).
    /// `IN_ONLYDIR` refuses anything but a folder; `IN_EXCL_UNLINK` drops events of unlinked
    /// entries.
    static let folderMask: UInt32 = {
        let bits = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_MODIFY | IN_DELETE | IN_DELETE_SELF
        return UInt32(bitPattern: bits | IN_ONLYDIR) | UInt32(bitPattern: IN_EXCL_UNLINK)
    }()

    /// `inotify_add_watch(path, folderMask)`. Watching a folder twice returns the same watch.
    ///
    /// - Returns: The watch descriptor, or the `errno` that refused it (`ENOSPC`: the user's
    ///   watch limit, `fs.inotify.max_user_watches`, is reached; `ENOENT`: gone already).
    func addWatch(_ path: String) -> Result<Int32, InotifyFailure> {
        let watch = inotify_add_watch(descriptor, path, Self.folderMask)
        guard watch >= 0 else { return .failure(InotifyFailure(code: errno)) }
        return .success(watch)
    }

    /// `inotify_rm_watch`; the kernel then reports `IN_IGNORED` for the watch.
    func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    /// Reads every event queued now (the descriptor is non-blocking), in kernel order.
    func readEvents() -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return events }
            buffer.withUnsafeBytes { Self.parse(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &events) }
        }
    }

    /// Splits a read into records: `int wd; uint32 mask, cookie, len; char name[len]` (the name
    /// NUL-padded). A record cut short, which the kernel never returns, ends the parse.
    private static func parse(_ bytes: UnsafeRawBufferPointer, into events: inout [InotifyEvent]) {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + header
            guard length <= bytes.count - nameStart else { return }
            let nameBytes = bytes[nameStart..<nameStart + length].prefix { $0 != 0 }
            events.append(InotifyEvent(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
            offset = nameStart + length
        }
    }

    /// `strerror` of an `errno`.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Why `inotify_add_watch` refused a folder.
struct InotifyFailure: Error, Sendable {
    /// The `errno`.
    var code: Int32

    /// The user's watch limit is reached.
    var isLimit: Bool { code == ENOSPC }
    /// The folder is gone (or is no longer a folder).
    var isGone: Bool { code == ENOENT || code == ENOTDIR }
    /// For people.
    var message: String { Inotify.reason(code) }
}
#endif
