#if os(Linux)
import Dispatch
import Glibc

/// Linux file events for watch mode: one inotify watch per folder (inotify is not
/// recursive), events translated to paths through a table of watch → folder.
///
/// `IN_CLOSE_WRITE` and `IN_MOVED_TO` finish a file; `IN_MODIFY` postpones it; `IN_DELETE`
/// and `IN_MOVED_FROM` remove it; a folder that is created or moved in is reported so that the
/// loop watches and scans it at once; a folder moved away loses its watches (and its
/// subfolders'); `IN_Q_OVERFLOW` asks for a rescan.
///
/// `@unchecked Sendable`: every member is used on `queue` only (the watch queue, where the
/// read source delivers), which is what makes the table safe without a lock.
final class InotifySource: ChangeSource, @unchecked Sendable {
    private let inotify: Inotify
    private let queue: DispatchQueue
    private var readSource: DispatchSourceRead?
    private var folders: [Int32: String] = [:]
    private var limitReported = false

    /// - Throws: `CLIError` (`watch-failed`) when inotify is not available.
    init(queue: DispatchQueue) throws(CLIError) {
        inotify = try Inotify()
        self.queue = queue
    }

    func start(_ handler: @escaping @Sendable ([WatchEvent]) -> Void) {
        let inotify = self.inotify
        let source = DispatchSource.makeReadSource(fileDescriptor: inotify.descriptor, queue: queue)
        source.setEventHandler { [unowned self] in
            let events = inotify.readEvents().compactMap(translate)
            if !events.isEmpty { handler(events) }
        }
        // The descriptor stays open until the source no longer uses it.
        source.setCancelHandler { withExtendedLifetime(inotify) {} }
        readSource = source
        source.resume()
    }

    func watch(_ folder: String) -> String? {
        switch inotify.addWatch(folder) {
        case .success(let watch):
            folders[watch] = folder
            return nil
        case .failure(let failure) where failure.isGone:
            return nil
        case .failure(let failure) where failure.isLimit:
            guard !limitReported else { return nil }
            limitReported = true
            return "cannot watch more folders: the inotify watch limit (fs.inotify.max_user_watches) is reached; "
                + "folders beyond it are checked by the periodic rescan only (raise the limit, or use --poll)"
        case .failure(let failure):
            return "cannot watch the folder: \(failure.message); it is checked by the periodic rescan only"
        }
    }

    func stop() {
        readSource?.cancel()
        readSource = nil
    }

    /// The watch event an inotify event means, if any; keeps the watch table up to date.
    func translate(_ event: InotifyEvent) -> WatchEvent? {
        if event.has(IN_Q_OVERFLOW) { return .overflow }
        if event.has(IN_IGNORED) {
            folders[event.watch] = nil
            return nil
        }
        guard let folder = folders[event.watch], !event.name.isEmpty else { return nil }
        let path = WatchNames.join(folder, event.name)
        if event.has(IN_ISDIR) {
            if event.has(IN_MOVED_FROM) { forgetTree(path) }
            let appeared = event.has(IN_CREATE) || event.has(IN_MOVED_TO)
            return appeared && WatchNames.isWatchedFolder(event.name) ? .folderAppeared(path) : nil
        }
        if event.has(IN_CLOSE_WRITE) || event.has(IN_MOVED_TO) { return .finished(path) }
        if event.has(IN_MODIFY) { return .written(path) }
        if event.has(IN_DELETE) || event.has(IN_MOVED_FROM) { return .removed(path) }
        return nil
    }

    /// Drops the watches of `folder` and everything below it (moved away: the paths in the
    /// table are no longer right; the new place, if watched, is reported as appeared).
    private func forgetTree(_ folder: String) {
        let prefix = folder + "/"
        for (watch, path) in folders where path == folder || path.hasPrefix(prefix) {
            inotify.removeWatch(watch)
            folders[watch] = nil
        }
    }
}
#endif
