import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RuleSet {
    /// Which document facts the Lua files of the rules folder `folder` (rule files and modules,
    /// at any depth) name anywhere in their text: `pages` (`score.file.pages`) and `toc`
    /// (`score.toc`), as bytes, in code, strings or comments alike.
    ///
    /// A caller defers what no file names (`DeferredDocumentFacts`): a rule can reach a fact
    /// without naming it (`pairs(score.file)`, a computed key) but then gets it read on demand,
    /// so a file missed here costs time, never a wrong value. A folder or file that cannot be
    /// read, and a symbolic link to a folder, count as naming both.
    ///
    /// Plain system calls rather than `FileManager`: this runs before any file is read, on the
    /// path of every run, and a handful of small files should cost no more than reading them.
    public static func documentFactsNamed(inFolder folder: URL) -> (pages: Bool, toc: Bool) {
        var named = (pages: false, toc: false)
        guard scan(folder.path, depth: 0, into: &named) else { return (true, true) }
        return named
    }

    /// Folders below the rules folder that `documentFactsNamed` looks into; a deeper one
    /// counts as naming both facts.
    private static let deepestFolder = 16

    /// Adds what the `.lua` files under the folder `path` name to `named`, skipping hidden
    /// names; false when something could not be read or followed.
    private static func scan(_ path: String, depth: Int, into named: inout (pages: Bool, toc: Bool)) -> Bool {
        guard depth <= deepestFolder, let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let full = path + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            var isFile = entry.pointee.d_type == UInt8(DT_REG)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                var info = stat()
                guard lstat(full, &info) == 0 else { return false }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard stat(full, &info) == 0 else { continue }  // a link that leads nowhere
                    if info.st_mode & S_IFMT == S_IFDIR { return false }
                }
                isFolder = info.st_mode & S_IFMT == S_IFDIR
                isFile = info.st_mode & S_IFMT == S_IFREG
            }
            if isFolder {
                guard scan(full, depth: depth + 1, into: &named) else { return false }
            } else if isFile, name.hasSuffix(".lua") {
                guard let text = contents(of: full) else { return false }
                named.pages = named.pages || text.contains("pages")
                named.toc = named.toc || text.contains("toc")
            }
            if named.pages && named.toc { return true }
        }
        return true
    }

    /// The bytes of the file at `path` (as large as `fstat` says when it is opened), or nil
    /// when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failed = count < 0
                    return
                }
                initialized += count
            }
        }
        return failed ? nil : bytes
    }
}

extension [UInt8] {
    /// Whether the bytes hold `word`'s UTF-8 anywhere.
    fileprivate func contains(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        return withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, length > 0 else { return length == 0 }
            var from = 0
            // Each place the first byte is, by memchr, then the rest by memcmp.
            while from + length <= bytes.count,
                let found = memchr(base + from, Int32(word.utf8Start.pointee), bytes.count - from - length + 1)
            {
                if memcmp(found, word.utf8Start, length) == 0 { return true }
                from = base.distance(to: UnsafeRawPointer(found)) + 1
            }
            return false
        }
    }
}
