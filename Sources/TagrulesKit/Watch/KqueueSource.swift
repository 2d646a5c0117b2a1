#if os(macOS)
import Darwin
import Dispatch

/// macOS file events for watch mode: kqueue through Dispatch (`EVFILT_VNODE` on each folder,
/// opened with `O_EVTONLY` so that volumes can still be ejected).
///
/// kqueue says that a folder's entries changed, not which: each change is reported as
/// ``WatchEvent/folderChanged(_:)`` and the loop compares that folder's files with what it
/// knows, which also finds files renamed into place. A file written in place under the same
/// name changes no folder entry; the periodic rescan finds it. (Compiled on macOS only; the
/// tests run on Linux.)
///
/// `@unchecked Sendable`: every member is used on `queue` only, where the sources deliver.
final class KqueueSource: ChangeSource, @unchecked Sendable {
    private let queue: DispatchQueue
    private var sources: [String: DispatchSourceFileSystemObject] = [:]
    private var handler: (@Sendable ([WatchEvent]) -> Void)?

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func start(_ handler: @escaping @Sendable ([WatchEvent]) -> Void) {
        self.handler = handler
    }

    func watch(_ folder: String) -> String? {
        guard sources[folder] == nil else { return nil }
        let descriptor = open(folder, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? nil : "cannot watch the folder: \(String(cString: strerror(errno)))"
        }
        let source = DispatchSource.makeFileSystemObjectSource(
            fileDescriptor: descriptor, eventMask: [.write, .delete, .rename], queue: queue)
        source.setEventHandler { [unowned self] in
            guard let source = sources[folder] else { return }
            if !source.data.isDisjoint(with: [.delete, .rename]) {
                // Gone or moved: its new place, if watched, changes its parent.
                source.cancel()
                sources[folder] = nil
                return
            }
            handler?([.folderChanged(folder)])
        }
        source.setCancelHandler { close(descriptor) }
        sources[folder] = source
        source.resume()
        return nil
    }

    func stop() {
        for source in sources.values { source.cancel() }
        sources = [:]
        handler = nil
    }
}
#endif
