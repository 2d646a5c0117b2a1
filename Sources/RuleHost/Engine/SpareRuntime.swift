import Foundation

/// The Lua state in which ``RuleSet`` loaded its rules to check them, kept for the set's first
/// ``RuleRunner``: that runner needs a state with the same rules loaded, and would otherwise
/// load every rule file again (once per run is enough for one worker).
///
/// `@unchecked Sendable`: the state is put once and taken at most once, both under `lock`;
/// once taken it is the runner's alone. A `lua_State` may move to another thread between
/// uses; it is never used by two threads at once.
final class SpareRuntime: @unchecked Sendable {
    private let lock = NSLock()
    private var runtime: LuaRuntime?

    /// Keeps `runtime` for the first `take()`.
    func put(_ runtime: LuaRuntime) {
        lock.lock()
        defer { lock.unlock() }
        self.runtime = runtime
    }

    /// The state kept, the first time; nil after (and when none was kept).
    func take() -> LuaRuntime? {
        lock.lock()
        defer { lock.unlock() }
        defer { runtime = nil }
        return runtime
    }
}
