import Dispatch
import FoundationEssentials
import Glibc

/// Wall-clock time for the App edge (nothing below App reads a clock).
enum Stopwatch {
    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    /// Sleeps until `time` (seconds on `now()`'s clock), to well under a millisecond: the
    /// kernel's nanosleep for what is left (its timer slack is 50 µs).
    static func sleep(until time: Double) {
        let left = time - now()
        guard left > 0 else { return }
        var request = timespec(tv_sec: Int(left), tv_nsec: Int((left - Double(Int(left))) * 1e9))
        var rest = timespec()
        while nanosleep(&request, &rest) != 0 && errno == EINTR { request = rest }
    }
    /// Milliseconds spent in `body`.
    static func measure(_ body: () -> Void) -> Double {
        let t0 = now(); body(); return (now() - t0) * 1000
    }
    /// The largest peak resident memory of the children waited for (the decoder workers,
    /// once ended).
    static func peakChildResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// Peak resident memory of this process in bytes: the kernel's high-water mark of this
    /// program's address space (`VmHWM` in /proc/self/status), which starts afresh at exec, unlike
    /// getrusage's ru_maxrss, which a spawned process inherits from its parent.
    static func peakResidentBytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kb = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") {
            return kb * 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
