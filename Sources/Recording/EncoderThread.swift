import Dispatch
import Glibc
import SystemSupport

/// A thread of its own for a recording's encoder, named `lumen-encoder`, at nice
/// `niceness` (which the encoder's own threads inherit): where it competes with the window's
/// thread for a core it gets about a tenth of it (the kernel's weights: 110 against 1,024), so
/// encoding hardly delays a frame, yet a machine busy with other work cannot starve it.
/// `SCHED_IDLE` could: its weight is 3, and under a few busy processes a recording being
/// finished on quit waited minutes; leaving `SCHED_IDLE` again needs privilege, so it is not
/// used. Jobs run in order; `finish` ends the thread after the jobs before it.
final class EncoderThread: @unchecked Sendable {
    /// The thread's nice value (0 is the window's, 19 the lowest).
    static let niceness: Int32 = 10
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
        // On Linux the nice value is the thread's own (`who` 0: the calling thread), and
        // lowering it needs no privilege; the name is for ps, top and the tests.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 { _ = write(comm, "lumen-encoder", 13); close(comm) }
        while true {
            available.wait()
            guard let job = jobs.withLock({ $0.removeFirst() }) else { return }
            job()
        }
    }
}
