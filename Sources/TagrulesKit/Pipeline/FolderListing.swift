import PDFInfo
import Platform

/// One folder's entries for ``FileDiscovery``, in the order of their names' bytes, each with
/// what `stat` says of it.
///
/// An entry is described by `fstatat` relative to the open folder, following links: what
/// `stat` of its path says, without a path length limit. Hidden names (never taken) are not
/// described.
struct FolderListing {
    /// What `stat` said of an entry.
    enum Lookup: Equatable {
        /// Not asked (a hidden name), or not known yet: `stat` the path.
        case unknown
        /// `st_mode` and the identity.
        case found(mode: mode_t, identity: FileIdentity)
        /// `stat` failed with this `errno`.
        case failed(Int32)

        /// What `stat` or `fstatat` returned (`result`, with `info` filled when it is 0).
        init(result: Int32, _ info: stat) {
            self = result == 0 ? .found(mode: info.st_mode, identity: FileIdentity(info)) : .failed(errno)
        }
    }

    /// An entry: its name's bytes, and what `stat` said of it.
    struct Entry {
        var name: [UInt8]
        var lookup: Lookup
    }

    /// The entries (without `.` and `..`), in the order of their names' bytes.
    let entries: [Entry]

    /// Lists `folder`; nil (`errno` set) when it cannot be listed.
    init?(_ folder: String) {
        var names: [[UInt8]] = []
        var entries: [Entry] = []
        let listed = FolderReader.forEachEntry(in: folder) { name, _ in
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
            return true
        } afterwards: { descriptor in
            entries = names.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
                guard name.first != UInt8(ascii: ".") else { return Entry(name: name, lookup: .unknown) }
                var info = stat()
                let result = FolderReader.status(of: name, inFolder: descriptor, into: &info)
                return Entry(name: name, lookup: Lookup(result: result, info))
            }
        }
        guard listed else { return nil }
        self.entries = entries
    }
}
