import Glibc

/// A mutual-exclusion lock over pthread's mutex that the thread holding it may take again
/// (`recursive`), and the lock under `Condition` and `Locked` (a value under a lock, what Lumen
/// shares between threads).
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init(recursive: Bool = false) {
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

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }

    /// Waits on `condition` (the lock must be held; it is released while waiting).
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>) { pthread_cond_wait(condition, mutex) }

    /// The same until `deadline` on the condition's clock; false when the time ran out.
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>, until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}

/// A lock with a condition to wait on and signal, as `NSCondition` (lock, wait, broadcast).
/// Timed waits run on the monotonic clock (`pthread_condattr_setclock(CLOCK_MONOTONIC)`), so a
/// clock set by NTP at boot, or by hand, neither stretches nor cuts them.
package final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let attributes = UnsafeMutablePointer<pthread_condattr_t>.allocate(capacity: 1)

    package init() {
        pthread_condattr_init(attributes)
        pthread_condattr_setclock(attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_condattr_destroy(attributes)
        condition.deallocate()
        attributes.deallocate()
    }

    /// The clock timed waits are measured on, as the condition was made with it
    /// (`pthread_condattr_getclock`): CLOCK_MONOTONIC.
    var clock: clockid_t {
        var clock = clockid_t()
        pthread_condattr_getclock(attributes, &clock)
        return clock
    }

    /// The time `seconds` from now on the condition's clock.
    func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(clock, &now)
        let ns = Int(now.tv_nsec) + Int(max(seconds, 0) * 1e9)
        return timespec(tv_sec: now.tv_sec + ns / 1_000_000_000, tv_nsec: ns % 1_000_000_000)
    }

    package func lock() { mutex.lock() }
    package func unlock() { mutex.unlock() }
    /// Releases the lock until signalled, then takes it again (wakes may be spurious: loop on the state).
    package func wait() { mutex.wait(on: condition) }
    /// Waits at most `seconds` (on the monotonic clock); false when the time ran out.
    @discardableResult package func wait(seconds: Double) -> Bool { mutex.wait(on: condition, until: deadline(after: seconds)) }
    package func signal() { pthread_cond_signal(condition) }
    /// Runs `body` holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock(); defer { unlock() }
        return try body()
    }
    package func broadcast() { pthread_cond_broadcast(condition) }
}
