import Glibc

/// A mutual-exclusion lock over pthread's mutex (Lumen links FoundationEssentials, which has
/// no `NSLock`). `recursive` lets the thread holding it take it again.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init(recursive: Bool = false) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }

    /// Waits on `condition` (the lock must be held; it is released while waiting).
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>) { pthread_cond_wait(condition, mutex) }

    /// The same for at most `seconds`; false when the time ran out.
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>, seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let ns = Int(now.tv_nsec) + Int(max(seconds, 0) * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + ns / 1_000_000_000, tv_nsec: ns % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}

/// A lock with a condition to wait on and signal, as `NSCondition` (lock, wait, broadcast).
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() { pthread_cond_init(condition, nil) }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() { mutex.lock() }
    public func unlock() { mutex.unlock() }
    /// Releases the lock until signalled, then takes it again (wakes may be spurious: loop on the state).
    public func wait() { mutex.wait(on: condition) }
    /// Waits at most `seconds`; false when the time ran out.
    @discardableResult public func wait(seconds: Double) -> Bool { mutex.wait(on: condition, seconds: seconds) }
    public func signal() { pthread_cond_signal(condition) }
    /// Runs `body` holding the lock.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
