import Glibc
import Testing
@testable import SystemSupport

/// A condition's timed waits are measured on the monotonic clock, which a clock set by NTP at
/// boot or by hand does not move.
@Suite("Waiting on a condition")
struct ConditionTests {
    static func now(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The condition was made with CLOCK_MONOTONIC (read back from its attributes), and the
    /// deadline of a wait is on that clock: seconds since boot, not since 1970.
    @Test func timedWaitsAreOnTheMonotonicClock() {
        let condition = Condition()
        #expect(condition.clock == CLOCK_MONOTONIC)
        let deadline = condition.deadline(after: 2)
        let at = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9
        #expect(abs(at - Self.now(CLOCK_MONOTONIC) - 2) < 1, "deadline \(at), monotonic now \(Self.now(CLOCK_MONOTONIC))")
        #expect(abs(at - Self.now(CLOCK_REALTIME)) > 1e6, "the deadline is on the wall clock")
    }

    /// A timed wait with nothing to signal it ends when its time has passed on that clock,
    /// not before, and says the time ran out.
    @Test func aTimedWaitEndsWhenItsTimeHasPassed() {
        let condition = Condition()
        let start = Self.now(CLOCK_MONOTONIC)
        let signalled = condition.withLock { condition.wait(seconds: 0.1) }
        #expect(!signalled)
        #expect(Self.now(CLOCK_MONOTONIC) - start >= 0.099)
    }
}
