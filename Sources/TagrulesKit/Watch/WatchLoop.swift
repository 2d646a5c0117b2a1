import Dispatch
import Foundation
import PDFInfo

/// The heart of `tagrules watch`: events in, files through the pipeline, lines out.
///
/// **Threads.** All state below lives on one serial dispatch queue, `queue`: the event source,
/// the timers (debounce, rescan, rules reload) and the signal sources deliver there, so no
/// lock is needed. A batch of ready files runs on its own thread through ``ChangeRun`` (load →
/// rules → validate → write, the flow of `apply`), whose worker threads each open, read and
/// write their own `PDFDocument` and whose rule engine gives each worker its own Lua state;
/// the batch's report comes back to `queue` by value. One batch runs at a time; events that
/// arrive meanwhile are coalesced per path in ``PendingFiles``.
///
/// **A file's way.** An event (or a scan) starts its quiet period; when the period ends the
/// file must be unchanged (``FileStamp``), end with `%%EOF` (``PDFTail``) and not be the
/// version last dealt with (``SeenFiles``, which also remembers watch's own writes); then it
/// is ready, and goes through the pipeline in the next batch. A file that fails to parse is
/// reported once and tried again when it changes.
///
/// `@unchecked Sendable`: every stored property is confined to `queue` (or immutable), which
/// is what the closures handed to the sources rely on.
package final class WatchLoop: @unchecked Sendable {
    let settings: WatchSettings
    let queue = DispatchQueue(label: "tagrules.watch")
    var source: (any ChangeSource)?
    var rules: RulesReloader
    var pending: PendingFiles
    var seen = SeenFiles()
    /// The files of the batch being processed, with the stamps they were found ready at.
    var inFlight: [String: FileStamp] = [:]
    /// Files with events during their batch, looked at again when it ends.
    var deferred: Set<String> = []
    var scanner = TreeScanner()
    let output: WatchOutput
    let printer = DiagnosticPrinter()
    let notes = DiagnosticPrinter(minimum: .info)
    /// Scores with names that are not UTF-8, reported once each.
    private var reportedUnnamable: Set<String> = []
    var stopping = false
    private var debounceTimer: DispatchSourceTimer?
    private var scanTimer: DispatchSourceTimer?
    private var rulesCheckScheduled = false
    /// Kept so that the signal sources live as long as the loop.
    private var signals: ShutdownSignals?
    private let stopped = DispatchSemaphore(value: 0)

    /// Prepares watching; nothing happens before ``run()``.
    ///
    /// - Parameters:
    ///   - rules: The rules, loaded (the command reports their problems before watching).
    ///   - output: Where the lines go.
    /// - Throws: `CLIError` (`watch-failed`) when the event source cannot start.
    package init(settings: WatchSettings, rules: RulesReloader, output: WatchOutput) throws(CLIError) {
        self.settings = settings
        self.rules = rules
        self.output = output
        pending = PendingFiles(debounce: settings.debounce)
        if settings.poll == nil { source = try makePlatformChangeSource(queue: queue) }
    }

    /// Watches until SIGINT or SIGTERM, then returns once the batch in hand is finished.
    package func run() {
        queue.async { self.start() }
        stopped.wait()
    }

    /// Monotonic time in nanoseconds.
    var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    private func start() {
        signals = ShutdownSignals(queue: queue) { [self] _ in stop() }
        source?.start { [self] events in handle(events) }
        // Rules first: a folder that is also under a watched folder keeps the watched path.
        for folder in rules.folders { watchFolder(folder) }
        for root in settings.roots { scanTree(root, initial: true) }
        debounceTimer = makeTimer { [self] in debounceEnded() }
        let interval = settings.scanInterval
        scanTimer = makeTimer { [self] in rescan() }
        scanTimer?.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        let how = settings.poll.map { "polling every \(Self.seconds($0))" } ?? "file events, rescanning every \(Self.seconds(interval))"
        let folders = Self.counted(settings.roots.count, "folder")
        let ruleCount = Self.counted(rules.transform.ruleSet.rules.count, "rule")
        notes.print(path: nil, severity: .info, message: "watching \(folders) (\(how)) with \(ruleCount); stop with Ctrl-C")
        afterChanges()
    }

    private func makeTimer(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler(handler: handler)
        timer.resume()
        return timer
    }

    /// `1 rule`, `3 rules`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    // MARK: Events

    private func handle(_ events: [WatchEvent]) {
        for event in events { handle(event) }
        afterChanges()
    }

    private func handle(_ event: WatchEvent) {
        switch event {
        case .finished(let path):
            guard isScore(path) else { return otherFileChanged(path) }
            guard let stamp = FileStamp.ofFile(path) else { return pending.remove(path) }
            consider(path, stamp)
        case .written(let path):
            guard isScore(path) else { return otherFileChanged(path) }
            pending.postpone(path, now: now)
        case .removed(let path):
            guard isScore(path) else { return otherFileChanged(path) }
            pending.remove(path)
            seen.forget(path)
        case .folderAppeared(let path), .folderChanged(let path):
            if isInRules(path) {
                watchFolder(path)
                rulesMayHaveChanged()
            } else {
                scanTree(path, initial: false)
            }
        case .overflow:
            notes.print(path: nil, severity: .warning, message: "file events were lost (too many at once); rescanning")
            rescan()
        }
    }

    private func isScore(_ path: String) -> Bool {
        WatchNames.isScore((path as NSString).lastPathComponent) && !settings.exclusion.excludes(path)
    }

    /// A file that is not a score changed: maybe a rule file (by any path: the rules folder may
    /// lie in a watched folder). Hidden files (editors' swap files, tagrules' own temporary
    /// files) are not rule files.
    private func otherFileChanged(_ path: String) {
        if !(path as NSString).lastPathComponent.hasPrefix(".") { rulesMayHaveChanged() }
    }

    /// Whether `path` is in a rules folder, as its folders were watched (``RulesReloader/folders``).
    private func isInRules(_ path: String) -> Bool {
        rules.contains(path)
    }

    private func watchFolder(_ folder: String) {
        guard let warning = source?.watch(folder) else { return }
        printer.print(path: folder, severity: .warning, message: warning)
    }

    /// Watches and scans the tree under `folder`; each folder is watched before it is
    /// listed, so nothing lands unseen in between.
    @discardableResult
    private func scanTree(_ folder: String, initial: Bool) -> TreeScanner.Result {
        // By identity, looked up each time: the outbox may have been removed and made again.
        if let moveTo = settings.moveTo, let (outbox, _) = FileStamp.lookUp(moveTo) { scanner.excluded = [outbox.identity] }
        scanner.exclusion = settings.exclusion
        let result = scanner.scan(folder) { watchFolder($0) }
        for path in result.removedTemporaries {
            notes.print(path: path, severity: .info, message: "removed a temporary file an interrupted run left behind")
        }
        for path in result.unnamable where reportedUnnamable.insert(path).inserted {
            printer.print(
                path: path, severity: .error,
                message: "skipped: the file name is not valid UTF-8; rename the file to UTF-8 to process it")
        }
        for (path, stamp) in result.files {
            if initial && settings.newOnly {
                seen.remember(path, stamp)
            } else {
                consider(path, stamp)
            }
        }
        return result
    }

    /// A file at `stamp` was heard of: start its quiet period, unless it is the version last
    /// dealt with or already waiting at that stamp. Files of the running batch wait for it.
    func consider(_ path: String, _ stamp: FileStamp) {
        if inFlight[path] != nil {
            deferred.insert(path)
            return
        }
        guard !seen.isCurrent(path, stamp), pending.waiting[path]?.stamp != stamp, pending.ready[path] != stamp
        else { return }
        pending.note(path, stamp: stamp, now: now)
    }

    /// After any change: rearm the debounce timer and start a batch if one can run.
    func afterChanges() {
        if let due = pending.nextDue {
            // At least 5 ms apart, so that a burst's files are looked at together.
            let deadline = max(due, now + 5_000_000)
            debounceTimer?.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(5))
        }
        startBatchIfIdle()
    }

    private func debounceEnded() {
        let time = now
        for file in pending.takeDue(now: time) { check(file.path, file.stamp, time: time) }
        afterChanges()
    }

    /// The end of a quiet period: ready when unchanged and complete.
    private func check(_ path: String, _ stamp: FileStamp, time: UInt64) {
        if inFlight[path] != nil {
            deferred.insert(path)
            return
        }
        guard let current = FileStamp.ofFile(path) else { return }
        guard current == stamp else { return pending.note(path, stamp: current, now: time) }
        guard !seen.isCurrent(path, current) else { return }
        guard PDFTail.isComplete(path) else {
            seen.remember(path, current)
            if settings.verbose {
                notes.print(path: path, severity: .info, message: "not complete (no %%EOF at the end); waiting for the next change")
            }
            return
        }
        pending.markReady(path, stamp: current)
    }

    // MARK: Scans, rules, shutdown

    /// The periodic scan (`--poll`, `--rescan-interval`) and the answer to lost events:
    /// finds files whose events were missed, forgets files that are gone, checks the rules.
    private func rescan() {
        for root in settings.roots {
            let result = scanTree(root, initial: false)
            seen.prune(under: root, keeping: Set(result.files.keys))
        }
        checkRules()
        afterChanges()
    }

    private func rulesMayHaveChanged() {
        guard !rulesCheckScheduled else { return }
        rulesCheckScheduled = true
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: now + settings.debounce)) { [self] in
            rulesCheckScheduled = false
            checkRules()
        }
    }

    private func checkRules() {
        switch rules.check() {
        case .unchanged:
            return
        case .reloaded(let transform):
            for folder in rules.folders { watchFolder(folder) }
            printer.print(transform.ruleSet.diagnostics, of: transform.ruleSet)
            notes.print(
                path: rules.name, severity: .info,
                message: "rules reloaded: \(Self.counted(transform.ruleSet.rules.count, "rule")); the next files use them")
        case .rejected(let errors):
            printer.print(errors, of: rules.transform.ruleSet)
            notes.print(
                path: rules.name, severity: .warning,
                message: "the rules have errors; the previous rules stay in force until they are fixed")
        case .failed(let error):
            notes.print(path: rules.name, severity: .warning, message: "\(error.message); the previous rules stay in force")
        }
    }

    private func stop() {
        guard !stopping else { return }
        stopping = true
        if inFlight.isEmpty {
            shutDown()
        } else {
            notes.print(path: nil, severity: .info, message: "stopping after the \(Self.counted(inFlight.count, "file")) in hand")
        }
    }

    /// Stops every source; ``run()`` then returns. The signal sources stay: a second signal
    /// while the process exits is ignored rather than ending it half-way.
    func shutDown() {
        source?.stop()
        debounceTimer?.cancel()
        scanTimer?.cancel()
        stopped.signal()
    }
}
