import Platform

/// A mutex for the little state the threads that stage files in parallel share (the counter of
/// `UniqueNumbers`, the folders of `FolderChecks`), from the C library, which this module
/// already uses for its file calls.
final class SystemLock: @unchecked Sendable {
    // @unchecked: the mutex is the synchronisation; it is only used through `withLock`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the mutex.
    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
