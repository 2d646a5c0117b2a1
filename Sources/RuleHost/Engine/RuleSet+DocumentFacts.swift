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
        guard depth <= deepestFolder else { return false }
        var readable = true
        let listed = FolderEntries.forEach(in: path) { name, type in
            guard !name.hasPrefix(".") else { return true }
            let full = path + "/" + name
            var isFolder = type == UInt8(DT_DIR)
            var isFile = type == UInt8(DT_REG)
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                guard lstat(full, &info) == 0 else {
                    readable = false
                    return false
                }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard stat(full, &info) == 0 else { return true }  // a link that leads nowhere
                    if info.st_mode & S_IFMT == S_IFDIR {
                        readable = false
                        return false
                    }
                }
                isFolder = info.st_mode & S_IFMT == S_IFDIR
                isFile = info.st_mode & S_IFMT == S_IFREG
            }
            if isFolder {
                readable = scan(full, depth: depth + 1, into: &named)
            } else if isFile, name.hasSuffix(".lua") {
                guard let text = contents(of: full) else {
                    readable = false
                    return false
                }
                named.pages = named.pages || text.contains("pages")
                named.toc = named.toc || text.contains("toc")
            }
            return readable && !(named.pages && named.toc)
        }
        return listed && readable
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
        withUnsafeBytes { bytes in
            bytes.contains(bytes: UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }
    }
}
