#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex whose waiters sleep until it is free, for a lock held for whole transactions.
///
/// `Synchronization.Mutex` on Linux is a priority-inheritance futex: a waiter first spins in user
/// space, then the kernel keeps it spinning for as long as the holder runs on another core. That
/// suits locks held for nanoseconds; the database's is held for a transaction (up to the event
/// writer's 2 ms group commit), so every delivery worker that wanted the connection meanwhile burned
/// a core doing nothing (about 7 % of the bot's CPU in a perf profile under `roastbot-bench cpu`,
/// docs/performance.md). A plain `pthread_mutex_t` puts a waiter to sleep at once.
final class SleepingMutex<Value: ~Copyable>: @unchecked Sendable {
    // The value is only reached under the lock (`withLock`), which is what makes sharing it sound.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result: ~Copyable, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
