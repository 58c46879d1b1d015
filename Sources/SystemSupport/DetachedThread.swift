import Glibc

/// A thread of its own for work that blocks (a socket's accept, a pipe's read), detached: it
/// ends when `body` returns.
package enum DetachedThread {
    /// Starts `body` on a new thread; false when no thread could be made.
    @discardableResult
    package static func start(_ body: @escaping () -> Void) -> Bool {
        final class Box { let body: () -> Void; init(_ b: @escaping () -> Void) { body = b } }
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box.toOpaque()) == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
