import Foundation

/// A value computed on a thread of its own while the caller goes on, or on the caller's
/// thread when it is first asked for (`inBackground` false: `--jobs 1` promises one thread).
///
/// `@unchecked Sendable`: `result` is written once, by the computing thread, before
/// `finished` is signalled, and read only after waiting for that signal.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private var body: (@Sendable () -> Value)?
    private var result: Value?
    private let finished = DispatchSemaphore(value: 0)
    private let inBackground: Bool

    /// Starts computing `body` now on a new thread, or (when `inBackground` is false) leaves it
    /// for the first `value`.
    init(inBackground: Bool, _ body: @escaping @Sendable () -> Value) {
        self.inBackground = inBackground
        guard inBackground else {
            self.body = body
            return
        }
        let thread = Thread { [self] in
            result = body()
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// The value, once computed; waits for it. Call from one thread.
    var value: Value {
        if let result { return result }
        if inBackground {
            finished.wait()
        } else if let body {
            result = body()
            self.body = nil
        }
        guard let result else { preconditionFailure("a background value was not computed") }
        return result
    }
}
