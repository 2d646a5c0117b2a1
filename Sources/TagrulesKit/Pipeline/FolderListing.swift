import PDFInfo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder's entries for ``FileDiscovery``, in the order of their names' bytes, each with
/// what `stat` says of it when that is known without walking its path again.
///
/// An entry that `readdir` says is a regular file or a folder is described by `fstatat`
/// relative to the open folder: the kernel looks up one name instead of every component of the
/// path. That is the `stat` of the path, flags and all, so the file's identity comes from the
/// same source as for a file reached by its path or through a link (never from `d_ino`, which
/// differs from `st_ino` on overlayfs). Every other entry — a symbolic link (which a path-wide
/// lookup may fail to follow, e.g. too many links on the way), an unknown type (`DT_UNKNOWN`,
/// on file systems that do not fill `d_type`), a hidden name (never taken) — and a path too long
/// for the system is left to `stat` by path, as before.
///
/// A listing may leave its regular files unasked (`describingFiles` false): a caller that opens
/// each file anyway takes the file's identity and mode from the open descriptor instead
/// (`ChangeRun`), which saves a system call per file. Folders are always described: the walk
/// needs their identity to end link loops.
///
/// The names are kept in one buffer, each followed by a NUL, as `fstatat` takes them: no array
/// per name.
struct FolderListing {
    /// What `stat` said of an entry.
    enum Lookup: Equatable {
        /// Not asked: `stat` the path.
        case unknown
        /// `readdir` says a regular file, not a link, and it was not asked (`describingFiles`
        /// false): its identity and mode are to come from the descriptor that reads it.
        case regularFile
        /// `st_mode` and the identity.
        case found(mode: mode_t, identity: FileIdentity)
        /// `stat` failed with this `errno`.
        case failed(Int32)

        /// What `stat` or `fstatat` returned (`result`, with `info` filled when it is 0).
        init(result: Int32, _ info: stat) {
            self = result == 0 ? .found(mode: info.st_mode, identity: FileIdentity(info)) : .failed(errno)
        }
    }

    /// An entry: where its name sits in the listing's buffer, and what `stat` said of it.
    struct Entry {
        fileprivate var start: Int
        /// The name's length in bytes.
        var count: Int
        var lookup: Lookup
    }

    /// The names' bytes, each followed by a NUL.
    private var bytes: [UInt8] = []
    /// The entries (without `.` and `..`), in the order of their names' bytes.
    private(set) var entries: [Entry] = []

    /// Lists `folder`, whose entries' paths start with `prefixLength` bytes; nil (`errno` set)
    /// when it cannot be listed. `describingFiles`: whether regular files are described by
    /// `fstatat` like folders, else left as ``Lookup/regularFile``.
    init?(_ folder: String, prefixLength: Int, describingFiles: Bool = true) {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var found: [(start: Int, count: Int, type: UInt8)] = []
        while let entry = readdir(directory) {
            let type = entry.pointee.d_type
            withUnsafeBytes(of: &entry.pointee.d_name) { name in
                let base = name.baseAddress!.assumingMemoryBound(to: CChar.self)
                let count = strnlen(base, name.count)
                let isDot = name[0] == UInt8(ascii: ".") && (count == 1 || (count == 2 && name[1] == UInt8(ascii: ".")))
                guard !isDot else { return }
                found.append((bytes.count, count, type))
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: name[..<count]))
                bytes.append(0)
            }
        }
        let descriptor = dirfd(directory)
        entries = bytes.withUnsafeBufferPointer { all in
            let order = Self.byteOrder(found.map { UnsafeBufferPointer(rebasing: all[$0.start..<($0.start + $0.count)]) })
            return order.map { index in
                let (start, count, type) = found[index]
                let described = type == UInt8(DT_REG) || type == UInt8(DT_DIR)
                guard described, all[start] != UInt8(ascii: "."), prefixLength + count < Int(PATH_MAX) else {
                    return Entry(start: start, count: count, lookup: .unknown)
                }
                guard describingFiles || type == UInt8(DT_DIR) else {
                    return Entry(start: start, count: count, lookup: .regularFile)
                }
                var info = stat()
                let name = UnsafeRawPointer(all.baseAddress! + start).assumingMemoryBound(to: CChar.self)
                let result = fstatat(descriptor, name, &info, 0)
                return Entry(start: start, count: count, lookup: Lookup(result: result, info))
            }
        }
    }

    /// Calls `body` with the name of `entry`, one of ``entries``, valid during the call.
    func withName<Result>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[entry.start..<(entry.start + entry.count)])) }
    }

    /// The positions of `names` in the order of their bytes (`lexicographicallyPrecedes`).
    ///
    /// Each name's first eight bytes make one number, short names padded with zero bytes,
    /// which keeps the order (a prefix sorts before the longer name, as a zero sorts before any
    /// other byte). The numbers are sorted by radix, a byte per pass (a pass where every number
    /// has the same byte is skipped); only names whose first eight bytes agree are then compared
    /// in full.
    static func byteOrder<Name: Collection<UInt8>>(_ names: [Name]) -> [Int] {
        var keyed = names.indices.map { (key: key(of: names[$0]), index: $0) }
        var sorted = keyed
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            // `starts[b + 1]` counts the numbers whose byte is b, then `starts[b]` is where
            // they go.
            var starts = [Int](repeating: 0, count: 257)
            for item in keyed { starts[Int(truncatingIfNeeded: item.key >> shift & 0xFF) + 1] += 1 }
            guard !starts.contains(keyed.count) else { continue }
            for byte in 1...256 { starts[byte] += starts[byte - 1] }
            for item in keyed {
                let byte = Int(truncatingIfNeeded: item.key >> shift & 0xFF)
                sorted[starts[byte]] = item
                starts[byte] += 1
            }
            swap(&keyed, &sorted)
        }
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
            if end - start > 1 {
                keyed[start..<end].sort { names[$0.index].lexicographicallyPrecedes(names[$1.index]) }
            }
            start = end
        }
        return keyed.map(\.index)
    }

    /// The first eight bytes of `name` as one big-endian number, padded with zero bytes.
    private static func key(of name: some Collection<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        var shift: UInt64 = 56
        for byte in name {
            key |= UInt64(byte) << shift
            guard shift > 0 else { break }
            shift -= 8
        }
        return key
    }
}
