import Dispatch

/// What an event source tells the watch loop, already in terms of paths.
enum WatchEvent: Sendable, Hashable {
    /// A file was closed after writing, or moved into a watched folder (inotify's
    /// `IN_CLOSE_WRITE`, `IN_MOVED_TO`): look at it once its quiet period is over.
    case finished(String)
    /// A file is being written (`IN_MODIFY`): its quiet period starts again.
    case written(String)
    /// A file was deleted or moved away (`IN_DELETE`, `IN_MOVED_FROM`): forget it (and, in
    /// the rules folder, reload).
    case removed(String)
    /// A folder was created or moved in: it is watched and scanned at once, as files may
    /// have landed in it before the watch was in place.
    case folderAppeared(String)
    /// Something in a folder changed, without saying what (kqueue): compare the folder's files
    /// with what is known.
    case folderChanged(String)
    /// Events were lost (`IN_Q_OVERFLOW`): rescan everything.
    case overflow
}

/// The operating system's file events for a set of folder trees: inotify on Linux, kqueue on
/// macOS. Without one (`--poll`), the periodic rescan finds the changes.
///
/// A source is used from the watch queue only; it delivers its events there.
protocol ChangeSource: AnyObject {
    /// Starts delivering events to `handler`, on the queue the source was made with, as many
    /// at a time as were read together.
    func start(_ handler: @escaping @Sendable ([WatchEvent]) -> Void)

    /// Watches one folder (not its subfolders: the scanner calls this for each folder it
    /// enters). Watching a folder again is harmless.
    ///
    /// - Returns: A warning for people when the folder cannot be watched (e.g. the system's
    ///   watch limit); its changes are then found by the periodic rescan.
    func watch(_ folder: String) -> String?

    /// Stops watching everything; no event is delivered after this returns.
    func stop()
}

/// The platform's event source, delivering on `queue`: ``InotifySource`` on Linux,
/// ``KqueueSource`` on macOS.
///
/// - Throws: `CLIError` (`watch-failed`) when the source cannot start, or the system has none.
func makePlatformChangeSource(queue: DispatchQueue) throws(CLIError) -> any ChangeSource {
    #if os(Linux)
    return try InotifySource(queue: queue)
    #elseif os(macOS)
    return KqueueSource(queue: queue)
    #else
    throw CLIError(.watchFailed, "file events are not available on this system; use --poll SECONDS")
    #endif
}
