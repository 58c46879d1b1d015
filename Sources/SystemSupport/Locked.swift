/// A value that threads share, under a lock: `withLock` runs a closure with the value, holding
/// the lock. Lumen's shared state uses it rather than the toolchain's `Synchronization.Mutex`,
/// whose priority-inheriting futex hands the lock over in the kernel where ThreadSanitizer
/// cannot see it (under TSan, a counter kept with that alone is reported as raced although its
/// count comes out right); `Lock` is pthread's mutex, which TSan follows, so `make sanitize`
/// reports only real races.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&value) }
    }
}
