import Foundation
import PDFInfo
import Platform

/// Walks a watched folder tree and stamps the scores in it: at start, for a folder that
/// appears, for the periodic safety rescan, after lost events, and for every `--poll` tick.
///
/// Folders are entered as ``FileDiscovery`` enters them (hidden ones skipped, symbolic links
/// followed but no folder entered twice), except the excluded ones (the `--move-to` folder);
/// what `--exclude` matches is left out.
/// Temporary files that killed tagrules runs left behind are removed on the way
/// (``StaleTempFiles``), as the writing commands do.
struct TreeScanner {
    /// Folders never entered, by identity.
    var excluded: Set<FileIdentity> = []
    /// What `--exclude` leaves out.
    var exclusion = PathExclusion([])

    /// What one walk found.
    struct Result {
        /// Every score (``WatchNames/isScore(_:)``) with its stamp.
        var files: [String: FileStamp] = [:]
        /// Every folder entered, the root first.
        var folders: [String] = []
        /// Stale temporary files removed.
        var removedTemporaries: [String] = []
        /// Scores whose name is not UTF-8 (listed with U+FFFD in place of the bad bytes): the
        /// rest of the tool cannot name them, so they are reported instead of missed silently.
        var unnamable: [String] = []
    }

    /// Walks the tree under `root`.
    ///
    /// - Parameters:
    ///   - root: A folder; nothing is found when it is not one.
    ///   - willList: Called with each folder before it is listed, so that a watch added there
    ///     misses nothing the listing does not see.
    func scan(_ root: String, willList: (String) -> Void = { _ in }) -> Result {
        var result = Result()
        var entered = Set<FileIdentity>()
        var stack = [root]
        while let folder = stack.popLast() {
            guard let (stamp, mode) = FileStamp.lookUp(folder), mode & S_IFMT == S_IFDIR,
                !excluded.contains(stamp.identity), entered.insert(stamp.identity).inserted
            else { continue }
            willList(folder)
            result.folders.append(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted(by: >) {
                let path = WatchNames.join(folder, name)
                if exclusion.excludes(path) { continue }
                if name.hasPrefix(SafeFileWriter.temporaryPrefix) {
                    if StaleTempFiles.removeIfStale(path, name: name) { result.removedTemporaries.append(path) }
                } else if WatchNames.isScore(name), let stamp = FileStamp.ofFile(path) {
                    result.files[path] = stamp
                } else if WatchNames.isScore(name), name.contains("\u{FFFD}") {
                    // Listed, yet not found by its name: the name was not UTF-8.
                    result.unnamable.append(path)
                } else if WatchNames.isWatchedFolder(name), Self.isFolder(path) {
                    stack.append(path)
                }
            }
        }
        return result
    }

    private static func isFolder(_ path: String) -> Bool {
        guard let (_, mode) = FileStamp.lookUp(path) else { return false }
        return mode & S_IFMT == S_IFDIR
    }
}
