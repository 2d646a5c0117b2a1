import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal and
/// the run is long (it appears after half a second and redraws at most ten times a second).
///
/// Workers call ``advance()`` from any thread; a lock guards the counters because the workers
/// are plain threads (see ``WorkerPool``), not tasks that could share an actor.
package final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private let start = Date()
    private var done = 0
    private var lastDraw: Date?
    private var drawn = false

    /// - Parameters:
    ///   - total: The number of steps.
    ///   - label: What is being done, e.g. `reading`.
    ///   - enabled: Whether to draw at all; by default when standard error is a terminal.
    package init(total: Int, label: String, enabled: Bool = Terminal.stderrIsTerminal) {
        self.total = total
        self.label = label
        self.enabled = enabled && total > 1
    }

    /// Counts one finished step and redraws when it is time.
    func advance() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let now = Date()
        guard now.timeIntervalSince(start) >= 0.5 else { return }
        if let lastDraw, now.timeIntervalSince(lastDraw) < 0.1, done < total { return }
        lastDraw = now
        drawn = true
        Terminal.writeError("\r" + line(width: Terminal.stderrColumns))
    }

    /// Clears the bar, if it was drawn, so that what follows starts on a clean line.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { Terminal.writeError("\r\u{1B}[2K") }
        drawn = false
    }

    private func line(width: Int) -> String {
        let counter = " \(done)/\(total)"
        let barWidth = max(10, min(40, width - label.count - counter.count - 4))
        let filled = total == 0 ? barWidth : barWidth * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        return "\(label) \(bar)\(counter)"
    }
}
