import PDFInfo
import Platform

/// Temporary files a killed run left behind (issue 9, crash safety).
///
/// `SafeFileWriter` writes each update to `.tagrules-<name>-<pid>-<random>.tmp` beside the file
/// and renames it over the file when it is complete, so a run killed before the rename leaves
/// the original intact and the temporary copy behind. Such a copy is stale — never to be
/// renamed by anyone — when the process named in it no longer runs, or when it is older than
/// `maximumAge` (the process number may have been reused, or the file came from another
/// machine). Removing a temporary copy never loses data: a writer that still wanted it fails its
/// rename and leaves the original untouched.
enum StaleTempFiles {
    /// A temporary copy older than this many seconds is stale whatever its process number says.
    static let maximumAge = 3600

    /// The process number in a temporary file's name, or nil when `name` is not one of
    /// `SafeFileWriter`'s temporary files (`.tagrules-<name>-<pid>-<random>.tmp`).
    static func processID(inName name: String) -> pid_t? {
        let prefix = SafeFileWriter.temporaryPrefix, suffix = SafeFileWriter.temporarySuffix
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.dropFirst(parts.count - 2).allSatisfy(isDigits),
            UInt32(parts[parts.count - 1]) != nil, let pid = Int32(parts[parts.count - 2]), pid > 0
        else { return nil }
        return pid
    }

    /// Whether a temporary file of process `pid`, last modified at `modified`, is stale at `now`
    /// (seconds since 1970).
    ///
    /// - Parameter isRunning: Whether a process runs; this process counts as running, so a run
    ///   never removes its own temporary files.
    static func isStale(pid: pid_t, modified: Int, now: Int, isRunning: (pid_t) -> Bool = isRunning) -> Bool {
        if now - modified > maximumAge { return true }
        return pid != getpid() && !isRunning(pid)
    }

    /// Whether process `pid` exists (`kill(pid, 0)`; `EPERM` means it exists but belongs to
    /// another user).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes the file at `path`, named `name`, when it is a stale temporary file.
    ///
    /// - Returns: Whether it was removed (false when it is not a stale temporary file, or could
    ///   not be removed, e.g. in a read-only folder).
    static func removeIfStale(_ path: String, name: String) -> Bool {
        guard let pid = processID(inName: name) else { return false }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let modified = Int(info.modificationTime.tv_sec)
        guard isStale(pid: pid, modified: modified, now: Int(time(nil))) else { return false }
        return unlink(path) == 0
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
