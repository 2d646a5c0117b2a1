import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the PDF files named by the command line's paths (issue 5: "PATH may be files or
/// folders").
///
/// - A file named directly is taken whatever its name (the user asked for it).
/// - A folder is walked recursively; a file in it is taken when its name ends in `.pdf` in any
///   case. Hidden entries (names starting with `.`, which includes tagrules' own temporary
///   files) are skipped.
/// - Symbolic links are followed, but a folder already being walked (same device and inode)
///   is not entered again, so link loops end; a file reached twice is listed once.
/// - The order is deterministic: arguments in the order given, each folder's entries sorted by
///   their names' bytes, depth first.
struct FileDiscovery {
    /// A path that could not be walked; the walk goes on without it.
    struct Problem: Sendable, Hashable {
        var path: String
        var message: String
    }

    /// The files found, in order.
    private(set) var files: [String] = []
    /// Folders that could not be listed.
    private(set) var problems: [Problem] = []
    private var seenFiles = Set<FileIdentity>()

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Walks `paths`.
    ///
    /// - Throws: `CLIError` (`discovery-failed`) naming the first path that does not exist;
    ///   nothing is walked then, so that a typo never runs a command on fewer files than meant.
    static func discover(_ paths: [String]) throws(CLIError) -> FileDiscovery {
        var discovery = FileDiscovery()
        for path in paths where Self.identity(of: path) == nil {
            throw CLIError(.discoveryFailed, "no such file or folder", path: path)
        }
        for path in paths {
            discovery.visit(path, explicitly: true, ancestors: [])
        }
        return discovery
    }

    private mutating func visit(_ path: String, explicitly: Bool, ancestors: Set<FileIdentity>) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            problems.append(Problem(path: path, message: "cannot read: \(String(cString: strerror(errno)))"))
            return
        }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard !ancestors.contains(identity) else { return }  // a symbolic link loop
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                problems.append(Problem(path: path, message: "cannot list the folder"))
                return
            }
            let sorted = names.filter { !$0.hasPrefix(".") }.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
            let inner = ancestors.union([identity])
            for name in sorted {
                visit(Self.join(path, name), explicitly: false, ancestors: inner)
            }
        case S_IFREG:
            guard explicitly || path.lowercased().hasSuffix(".pdf") else { return }
            if seenFiles.insert(identity).inserted { files.append(path) }
        default:
            if explicitly { problems.append(Problem(path: path, message: "not a regular file or folder")) }
        }
    }

    private static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `folder/name`; inside `.` just `name`, as `find` prints without its `./`.
    private static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
