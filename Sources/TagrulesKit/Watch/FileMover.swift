import Foundation
import Platform

/// `--move-to DIR`: moves each processed file from the watched folder (the inbox) to DIR (the
/// outbox), at the same path relative to the watched folder, never over an existing file:
/// `Score.pdf` becomes `Score (2).pdf`, `Score (3).pdf`, … as Finder names copies.
///
/// The move is a hard link at the new name (which fails rather than replace an existing
/// file) and an unlink of the old one. Where hard links are impossible (another volume, a
/// filesystem without links), the file is copied under a hidden temporary name beside the
/// destination, flushed, linked or renamed into place, and only then removed from the inbox.
struct FileMover {
    /// The outbox.
    let destination: String

    /// The most " (n)" suffixes tried before giving up.
    static let attempts = 10_000

    /// Moves `path`, which lies in the watched folder `root`, to the outbox.
    ///
    /// - Returns: The new path.
    /// - Throws: `CLIError` (`watch-failed`) naming the file; the file is then where it was.
    func move(_ path: String, from root: String) throws(CLIError) -> String {
        let relative = Self.relativePath(path, in: root)
        let target = WatchNames.join(destination, relative)
        let folder = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError(.watchFailed, "not moved: cannot create \(folder): \(error.localizedDescription)", path: path)
        }
        for attempt in 1...Self.attempts {
            let candidate = Self.numbered(target, attempt)
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            switch errno {
            case EEXIST: continue
            case EXDEV, EPERM, ENOTSUP, EMLINK: return try copy(path, to: target, firstAttempt: attempt)
            default: throw CLIError(.watchFailed, "not moved: \(String(cString: strerror(errno)))", path: path)
            }
        }
        throw CLIError(.watchFailed, "not moved: \(Self.attempts) files of that name in the outbox", path: path)
    }

    /// The copy fallback: a temporary copy, then the first free name from `firstAttempt` on.
    private func copy(_ path: String, to target: String, firstAttempt: Int) throws(CLIError) -> String {
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = WatchNames.join(folder, ".tagrules-move-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try FileManager.default.copyItem(atPath: path, toPath: temporary)
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: temporary))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw CLIError(.watchFailed, "not moved: cannot copy to \(folder): \(error.localizedDescription)", path: path)
        }
        defer { unlink(temporary) }
        for attempt in firstAttempt...Self.attempts {
            let candidate = Self.numbered(target, attempt)
            let placed: Bool
            if link(temporary, candidate) == 0 {
                placed = true
            } else if errno == EEXIST {
                continue
            } else {
                // No hard links at all: rename, after checking the name is free.
                guard access(candidate, F_OK) != 0 else { continue }
                placed = rename(temporary, candidate) == 0
            }
            guard placed else { break }
            unlink(path)
            return candidate
        }
        throw CLIError(.watchFailed, "not moved: cannot place the copy in \(folder)", path: path)
    }

    /// `path` relative to `root` (`root/a/b.pdf` → `a/b.pdf`), or its name when it is not
    /// under `root`.
    static func relativePath(_ path: String, in root: String) -> String {
        if root == "." { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }

    /// `a/Score.pdf` for attempt 1, `a/Score (2).pdf` for attempt 2, and so on; the suffix
    /// goes before the extension.
    static func numbered(_ path: String, _ attempt: Int) -> String {
        guard attempt > 1 else { return path }
        let name = path as NSString
        let ext = name.pathExtension
        let stem = ext.isEmpty ? path : name.deletingPathExtension
        return "\(stem) (\(attempt))" + (ext.isEmpty ? "" : ".\(ext)")
    }
}
