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
struct FolderListing {
    /// What `stat` said of an entry.
    enum Lookup: Equatable {
        /// Not asked: `stat` the path.
        case unknown
        /// `st_mode & S_IFMT` and the identity.
        case found(type: mode_t, identity: FileIdentity)
        /// `stat` failed with this `errno`.
        case failed(Int32)

        /// What `stat` or `fstatat` returned (`result`, with `info` filled when it is 0).
        init(result: Int32, _ info: stat) {
            self = result == 0 ? .found(type: info.st_mode & S_IFMT, identity: FileStamp(info).identity) : .failed(errno)
        }
    }

    /// The names (without `.` and `..`), sorted by their bytes.
    private(set) var names: [[UInt8]] = []
    /// `lookups[i]` describes `names[i]`.
    private(set) var lookups: [Lookup] = []

    /// Lists `folder`, whose entries' paths start with `prefix` bytes; nil (`errno` set) when
    /// it cannot be listed.
    init?(_ folder: String, prefixLength: Int) {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = [], types: [UInt8] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                let base = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                return Array(UnsafeRawBufferPointer(rebasing: bytes[..<strnlen(base, bytes.count)]))
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
            types.append(entry.pointee.d_type)
        }
        let order = Self.byteOrder(names)
        let descriptor = dirfd(directory)
        self.names = order.map { names[$0] }
        // Each name is passed NUL-terminated from one buffer (a name has at most 255 bytes).
        lookups = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            order.map { index in
                let name = names[index]
                let described = types[index] == UInt8(DT_REG) || types[index] == UInt8(DT_DIR)
                guard described, name.first != UInt8(ascii: "."), name.count < buffer.count,
                    prefixLength + name.count < Int(PATH_MAX)
                else { return .unknown }
                name.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
                buffer[name.count] = 0
                var info = stat()
                let result = fstatat(descriptor, buffer.baseAddress!, &info, 0)
                return Lookup(result: result, info)
            }
        }
    }

    /// The positions of `names` in the order of their bytes (`lexicographicallyPrecedes`),
    /// sorted by their first eight bytes as one number: names that differ there are ordered by
    /// comparing two integers. Short names are padded with zero bytes, which keeps the order
    /// (a prefix sorts before the longer name, as a zero sorts before any other byte); only
    /// names whose first eight bytes agree are compared in full.
    static func byteOrder(_ names: [[UInt8]]) -> [Int] {
        var keyed = names.indices.map { index in
            names[index].withUnsafeBufferPointer { bytes in
                var key: UInt64 = 0
                for position in 0..<min(8, bytes.count) { key |= UInt64(bytes[position]) << (56 - 8 * position) }
                return (key: key, index: index)
            }
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : names[$0.index].lexicographicallyPrecedes(names[$1.index]) }
        return keyed.map(\.index)
    }
}
