import PDFInfo

/// The files watch mode has heard of and not yet processed, in two stages:
///
/// 1. **waiting** — a quiet period (the debounce) runs from the last event; the stamp seen
///    then is kept, and the file is looked at again when the period ends;
/// 2. **ready** — stable and complete, in arrival order, to be handed to the pipeline in
///    batches.
///
/// Events are coalesced per path: a thousand events for one file are one entry, so memory is
/// bounded by the number of distinct files, however many events arrive. Times are monotonic
/// nanoseconds (`DispatchTime.uptimeNanoseconds`), passed in so that tests control the clock.
struct PendingFiles {
    /// A file in its quiet period.
    struct Waiting: Sendable, Hashable {
        /// The stamp when the period started.
        var stamp: FileStamp
        /// When the period ends.
        var due: UInt64
    }

    /// The quiet period, in nanoseconds.
    let debounce: UInt64
    /// Files in their quiet period, by path.
    private(set) var waiting: [String: Waiting] = [:]
    /// Ready files by path, with the stamp they were found stable at.
    private(set) var ready: [String: FileStamp] = [:]
    /// The order files became ready in; may hold paths since taken back to waiting, which
    /// `takeReady` skips (each path is taken once, at its first place in the queue).
    private var readyOrder: [String] = []
    private var readyHead = 0

    init(debounce: UInt64) { self.debounce = debounce }

    /// Whether `path` is waiting or ready.
    func contains(_ path: String) -> Bool { waiting[path] != nil || ready[path] != nil }

    /// The number of files waiting or ready.
    var count: Int { waiting.count + ready.count }

    /// (Re)starts the quiet period of `path` with the stamp seen now; a ready file goes back
    /// to waiting, as it changed again.
    mutating func note(_ path: String, stamp: FileStamp, now: UInt64) {
        ready[path] = nil
        waiting[path] = Waiting(stamp: stamp, due: now &+ debounce)
    }

    /// Restarts the quiet period of a waiting file (it is being written to); files not
    /// waiting are left alone: they are looked at when the writer closes them.
    mutating func postpone(_ path: String, now: UInt64) {
        waiting[path]?.due = now &+ debounce
    }

    /// Forgets `path` (it was deleted or moved away).
    mutating func remove(_ path: String) {
        waiting[path] = nil
        ready[path] = nil
    }

    /// When the next quiet period ends, if any file is waiting.
    var nextDue: UInt64? { waiting.values.lazy.map(\.due).min() }

    /// Takes the files whose quiet period ends by `now`, in path order.
    mutating func takeDue(now: UInt64) -> [(path: String, stamp: FileStamp)] {
        let due = waiting.filter { $0.value.due <= now }.map { (path: $0.key, stamp: $0.value.stamp) }
        for file in due { waiting[file.path] = nil }
        return due.sorted { $0.path < $1.path }
    }

    /// Queues a file found stable and complete.
    mutating func markReady(_ path: String, stamp: FileStamp) {
        waiting[path] = nil
        if ready.updateValue(stamp, forKey: path) == nil { readyOrder.append(path) }
    }

    /// Takes up to `limit` ready files, oldest first.
    mutating func takeReady(limit: Int) -> [(path: String, stamp: FileStamp)] {
        var batch: [(path: String, stamp: FileStamp)] = []
        while batch.count < limit, readyHead < readyOrder.count {
            let path = readyOrder[readyHead]
            readyHead += 1
            if let stamp = ready.removeValue(forKey: path) { batch.append((path, stamp)) }
        }
        if readyHead == readyOrder.count {
            readyOrder.removeAll()
            readyHead = 0
        } else if readyHead > 1024, readyHead * 2 > readyOrder.count {
            readyOrder.removeFirst(readyHead)
            readyHead = 0
        }
        return batch
    }
}
