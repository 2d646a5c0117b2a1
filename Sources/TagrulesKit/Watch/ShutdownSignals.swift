import Dispatch
import Platform

/// SIGINT (Ctrl-C) and SIGTERM (`kill`, service managers) as dispatch sources, so that watch
/// mode stops between files rather than in the middle of one: the handler runs on the watch
/// queue like every other event. The signals' default action (ending the process at once) is
/// switched off for good: once asked to stop, watch mode ends by itself.
final class ShutdownSignals {
    private let sources: [DispatchSourceSignal]

    /// The signals that stop watch mode.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Starts listening; `handler` runs on `queue` with the signal's number, once per delivery.
    init(queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }
}
