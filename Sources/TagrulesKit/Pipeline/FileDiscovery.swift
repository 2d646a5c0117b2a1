import MetadataModel
import PDFInfo
import Platform

/// Finds the PDF files named by the command line's paths (issue 5: "PATH may be files or
/// folders").
///
/// - A file named directly is taken whatever its name (the user asked for it).
/// - A folder is walked recursively; a file in it is taken when its name ends in `.pdf` in any
///   case. Hidden entries (names starting with `.`, which includes tagrules' own temporary
///   files) are skipped; stale temporary files of killed runs are removed when asked
///   (`StaleTempFiles`).
/// - Symbolic links are followed, but a folder already being walked (same device and inode)
///   is not entered again, so link loops end; a file reached twice (a hard link, a link to a
///   file listed before) is listed once, under its first path.
/// - The order is deterministic: arguments in the order given, each folder's entries sorted by
///   their names' bytes, depth first.
/// - What `--exclude` matches (``PathExclusion``) is left out: an excluded folder is not entered.
/// - What cannot be taken is a problem: an error when a PDF may have been missed (a folder that
///   cannot be listed, a `.pdf` entry that cannot be read, a name that is not UTF-8, a path
///   named explicitly that is no file), else a warning (a link that leads nowhere).
package struct FileDiscovery {
    /// A path that could not be walked; the walk goes on without it.
    package struct Problem: Sendable, Hashable {
        /// The path, with bytes that are not UTF-8 written as `\xFF`.
        package var path: String
        package var message: String
        /// `.error` when a PDF may have been missed, else `.warning`.
        package var severity: Diagnostic.Severity
    }

    /// The files found, in order.
    package private(set) var files: [String] = []
    /// What could not be walked.
    package private(set) var problems: [Problem] = []
    /// Stale temporary files that were removed.
    package private(set) var removedTemporaries: [String] = []
    /// Whether a problem means a PDF may have been missed.
    package var hasErrors: Bool { problems.contains { $0.severity == .error } }
    /// The problems that mean a PDF may have been missed: the paths a report lists as errors.
    package var unreached: [Problem] { problems.filter { $0.severity == .error } }

    private let removesStaleTemporaries: Bool
    private let exclusion: PathExclusion
    private var seenFiles = Set<FileIdentity>()

    private init(removesStaleTemporaries: Bool, exclusion: PathExclusion) {
        self.removesStaleTemporaries = removesStaleTemporaries
        self.exclusion = exclusion
    }

    /// Walks `paths`.
    ///
    /// - Parameters:
    ///   - removingStaleTemporaries: Whether to remove stale temporary files of killed runs
    ///     found in the folders walked (commands that write do; read-only ones do not).
    ///   - exclusion: What `--exclude` leaves out.
    /// - Throws: `CLIError` (`discovery-failed`) naming the first path that does not exist;
    ///   nothing is walked then, so that a typo never runs a command on fewer files than meant.
    package static func discover(
        _ paths: [String], removingStaleTemporaries: Bool = false, excluding exclusion: PathExclusion = PathExclusion([])
    ) throws(CLIError) -> FileDiscovery {
        var discovery = FileDiscovery(removesStaleTemporaries: removingStaleTemporaries, exclusion: exclusion)
        // What `stat` says of each path is kept for the walk, which would ask again.
        let lookups = try paths.map { path throws(CLIError) in
            var info = stat()
            let lookup = FolderListing.Lookup(result: stat(path, &info), info)
            guard case .failed(let code) = lookup else { return lookup }
            let reason = code == ENOENT ? "no such file or folder" : "cannot read: \(Self.reason(code))"
            throw CLIError(.discoveryFailed, reason, path: path)
        }
        for (path, lookup) in zip(paths, lookups) {
            discovery.visit(path, explicitly: true, isPDF: Self.isPDFName(path.utf8), ancestors: [], lookup: lookup)
        }
        return discovery
    }

    /// Reports a path given on the command line whose name is not UTF-8 (`escaped`: its bytes
    /// with those that are not UTF-8 as `\xFF`), which the rest of the tool cannot name.
    package mutating func reportNotUTF8Argument(_ escaped: String) {
        problems.append(Problem(
            path: escaped, message: "skipped: the name is not valid UTF-8; rename it to UTF-8 to process it",
            severity: .error))
    }

    /// Takes, walks or reports `path`; `isPDF` is whether its name ends in `.pdf` (the caller
    /// has the name's bytes at hand); `lookup` is what `stat` says of it when that is known.
    private mutating func visit(
        _ path: String, explicitly: Bool, isPDF: Bool, ancestors: Set<FileIdentity>, lookup: FolderListing.Lookup
    ) {
        guard !exclusion.excludes(path) else { return }
        var found = lookup
        if found == .unknown {
            var info = stat()
            found = FolderListing.Lookup(result: stat(path, &info), info)
        }
        guard case .found(let mode, let identity) = found else {
            guard case .failed(let code) = found else { return }
            var info = stat()
            let what = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK ? "cannot follow the symbolic link" : "cannot read"
            let missed = explicitly || isPDF
            problems.append(Problem(path: path, message: "\(what): \(Self.reason(code))", severity: missed ? .error : .warning))
            return
        }
        switch mode & S_IFMT {
        case S_IFDIR:
            guard !ancestors.contains(identity) else { return }  // a symbolic link loop
            let prefix = Self.prefix(of: path)
            guard let listing = FolderListing(path) else {
                problems.append(Problem(path: path, message: "cannot list the folder: \(Self.reason(errno))", severity: .error))
                return
            }
            let inner = ancestors.union([identity])
            seenFiles.reserveCapacity(seenFiles.count + listing.entries.count)
            for entry in listing.entries {
                visitEntry(entry.name, lookup: entry.lookup, in: path, prefix: prefix, ancestors: inner)
            }
        case S_IFREG:
            guard explicitly || isPDF else { return }
            if seenFiles.insert(identity).inserted {
                files.append(path)
            }
        default:
            if explicitly { problems.append(Problem(path: path, message: "not a regular file or folder", severity: .error)) }
        }
    }

    /// One entry of a folder, by its raw name and what `stat` said of it; `prefix` is what goes
    /// before the name (``prefix(of:)``).
    private mutating func visitEntry(
        _ name: [UInt8], lookup: FolderListing.Lookup, in folder: String, prefix: [UInt8],
        ancestors: Set<FileIdentity>
    ) {
        guard name.first != UInt8(ascii: ".") else {
            guard let text = Self.text(of: name) else { return }  // not UTF-8: not a temporary file of ours
            let path = Self.join(folder, text)
            if removesStaleTemporaries, StaleTempFiles.removeIfStale(path, name: text) { removedTemporaries.append(path) }
            return
        }
        guard let path = Self.path(prefix, name) else {
            reportUnnamable(name, in: folder)
            return
        }
        visit(path, explicitly: false, isPDF: Self.isPDFName(name), ancestors: ancestors, lookup: lookup)
    }

    /// A PDF or folder whose name is not UTF-8 cannot be given to the rest of the tool, which
    /// names files by `String`: it is reported (with the bad bytes escaped) so that it is not
    /// missed silently.
    private mutating func reportUnnamable(_ name: [UInt8], in folder: String) {
        var info = stat()
        let raw = (Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
        guard stat(raw, &info) == 0 else { return }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFDIR: what = "folder"
        case S_IFREG where Self.isPDFName(name): what = "file"
        default: return
        }
        problems.append(Problem(
            path: Self.join(folder, Self.escaped(name)),
            message: "skipped: the \(what) name is not valid UTF-8; rename the \(what) to UTF-8 to process it",
            severity: .error))
    }

    /// What ``join(_:_:)`` puts before a name in `folder`, as bytes.
    private static func prefix(of folder: String) -> [UInt8] {
        if folder == "." { return [] }
        return folder.hasSuffix("/") ? Array(folder.utf8) : Array(folder.utf8) + [UInt8(ascii: "/")]
    }

    /// `prefix` followed by `name`, or nil when `name` is not UTF-8.
    static func path(_ prefix: [UInt8], _ name: [UInt8]) -> String? {
        String(validating: prefix + name, as: UTF8.self)
    }

    /// Whether a name ends in `.pdf`, in any case. By byte: no character but the ASCII capitals
    /// lowercases to one of `.pdf`'s letters, and those differ from them in bit 0x20 only.
    static func isPDFName(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        var bytes = name.reversed().makeIterator()
        guard let f = bytes.next(), let d = bytes.next(), let p = bytes.next(), let dot = bytes.next() else { return false }
        return dot == UInt8(ascii: ".") && p | 0x20 == UInt8(ascii: "p") && d | 0x20 == UInt8(ascii: "d")
            && f | 0x20 == UInt8(ascii: "f")
    }

    /// A folder entry's name as text, or nil when it is not UTF-8.
    static func text(of name: [UInt8]) -> String? {
        String(validating: name, as: UTF8.self)
    }

    /// `name` with every byte that is not part of valid UTF-8 written as `\xNN`.
    package static func escaped(_ name: [UInt8]) -> String {
        var text = "", index = 0
        while index < name.count {
            // The shortest valid prefix is exactly one scalar (UTF-8 sequences are 1–4 bytes).
            let length = (1...4).first { index + $0 <= name.count && String(validating: name[index..<(index + $0)], as: UTF8.self) != nil }
            if let length {
                text += String(decoding: name[index..<(index + length)], as: UTF8.self)
                index += length
            } else {
                let hex = String(name[index], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return text
    }

    /// The system's reason for `code`, starting lowercase.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// `folder/name`; inside `.` just `name`, as `find` prints without its `./`.
    private static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
