import Foundation

/// The Lua state that `RuleSet.load` built to check the rules, kept for the first
/// `RuleRunner` of the set so that it need not build and load an identical one (startup time:
/// every state runs every rule file and pushes its data tables).
///
/// `@unchecked Sendable`: the runtime is handed over at most once, under the lock, and the
/// loader never touches it after storing it, so only one thread ever uses it at a time.
final class SpareRuntime: @unchecked Sendable {
    private let lock = NSLock()
    private var runtime: LuaRuntime?

    /// Keeps `runtime` for the first `take()`.
    func store(_ runtime: LuaRuntime) {
        lock.withLock { self.runtime = runtime }
    }

    /// The stored runtime, once; `nil` afterwards.
    func take() -> LuaRuntime? {
        lock.withLock {
            defer { runtime = nil }
            return runtime
        }
    }
}
