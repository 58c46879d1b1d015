import Dispatch
import Glibc
import SystemSupport

/// A thread of its own for a recording's encoder, at the lowest priority Linux has
/// (`SCHED_IDLE`, which the encoder's own threads inherit): it runs on what the window leaves
/// idle, so encoding never delays a frame. Jobs run in order; `finish` ends the thread after
/// the jobs before it.
final class EncoderThread: @unchecked Sendable {
    private let jobs = Locked<[(@Sendable () -> Void)?]>([])
    private let available = DispatchSemaphore(value: 0)

    init() {
        // The thread holds the encoder until its loop ends.
        DetachedThread.start { [self] in run() }
    }

    /// Runs `job` after the jobs before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Runs `job` after the jobs before it and waits for it.
    func sync(_ job: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        async { job(); done.signal() }
        done.wait()
    }

    /// Ends the thread once the jobs given so far have run.
    func finish() {
        jobs.withLock { $0.append(nil) }
        available.signal()
    }

    private func run() {
        // SCHED_IDLE (Linux's policy 5): lowering a thread's own priority needs no privilege.
        var parameters = sched_param()
        parameters.sched_priority = 0
        pthread_setschedparam(pthread_self(), 5, &parameters)
        while true {
            available.wait()
            guard let job = jobs.withLock({ $0.removeFirst() }) else { return }
            job()
        }
    }
}
