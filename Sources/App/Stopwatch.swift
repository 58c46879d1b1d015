import Dispatch
import Foundation

/// Wall-clock time for the App edge (nothing below App reads a clock).
enum Stopwatch {
    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    /// Milliseconds spent in `body`.
    static func measure(_ body: () -> Void) -> Double {
        let t0 = now(); body(); return (now() - t0) * 1000
    }
    /// Peak resident memory of this process in bytes (getrusage's ru_maxrss).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
