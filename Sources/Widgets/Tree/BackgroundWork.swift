import Dispatch
import FoundationEssentials
import Glibc
import Render
import SystemSupport

/// Work done off the main thread for a tree (sampling a photo's colours, say), whose results
/// come back to the main thread at the start of the next frame.
public final class BackgroundWork: @unchecked Sendable {
    private let lock = Condition()
    private var finished: [() -> Void] = []
    private var running = 0
    private let queue = DispatchQueue(label: "lumen.background", qos: .userInitiated, attributes: .concurrent)
    /// Called from the worker thread when a result is ready (the host wakes its loop).
    public var wake: (@Sendable () -> Void)?

    /// Work with nothing running yet.
    public init() {}

    /// Runs `work` on a background queue, then `deliver` with its result on the main thread.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T, then deliver: @escaping (T) -> Void) {
        lock.lock(); running += 1; lock.unlock()
        nonisolated(unsafe) let deliver = deliver
        queue.async { [self] in
            let result = work()
            lock.lock()
            finished.append { deliver(result) }
            running -= 1
            lock.broadcast()
            lock.unlock()
            wake?()
        }
    }

    /// Whether results are waiting or work is running.
    public var isBusy: Bool { lock.lock(); defer { lock.unlock() }; return running > 0 || !finished.isEmpty }

    /// Delivers the finished results (main thread). Returns how many.
    @discardableResult
    public func deliver() -> Int {
        lock.lock()
        let done = finished
        finished.removeAll()
        lock.unlock()
        for d in done { d() }
        return done.count
    }

    /// Blocks until all work has finished, then delivers it (headless renders, tests).
    public func waitAndDeliver() {
        lock.lock()
        while running > 0 { lock.wait() }
        lock.unlock()
        deliver()
    }
}
