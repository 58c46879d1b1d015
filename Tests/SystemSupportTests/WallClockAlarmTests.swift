import CSystemClock
import Foundation
import Synchronization
import SystemSupport
import Testing

/// The alarm a kiosk's schedule sleeps on: it goes off at its instant, and when the clock is
/// set, with nothing polling in between.
@Suite(.serialized) struct WallClockAlarmTests {
    final class Wakes: Sendable {
        let count = Mutex(0)
        func wait(beyond n: Int, seconds: Double = 5) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if count.withLock({ $0 }) > n { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }
    }

    @Test func itGoesOffAtItsInstantAndNotBefore() throws {
        let wakes = Wakes()
        let alarm = try #require(WallClockAlarm { wakes.count.withLock { $0 += 1 } })
        let start = SystemTimeZone.now()
        alarm.arm(at: start + 0.3)
        #expect(wakes.wait(beyond: 0))
        let late = SystemTimeZone.now() - start
        #expect(late >= 0.3, "not before its instant: \(late)")
        #expect(!alarm.takeClockSet())
    }

    /// Setting the clock (to what it reads: the test moves no time) is what NTP does at boot.
    @Test func aClockSetWakesItAndIsTold() throws {
        let wakes = Wakes()
        let alarm = try #require(WallClockAlarm { wakes.count.withLock { $0 += 1 } })
        alarm.arm(at: SystemTimeZone.now() + 3600)
        #expect(lumen_clock_set_to_now() == 0, "setting the clock needs CAP_SYS_TIME (make test runs as root): errno \(errno)")
        #expect(wakes.wait(beyond: 0))
        #expect(alarm.takeClockSet())
        #expect(!alarm.takeClockSet(), "told once")
        // Still armed (for the idle horizon): a second set is seen too.
        #expect(lumen_clock_set_to_now() == 0)
        #expect(wakes.wait(beyond: 1) && alarm.takeClockSet())
    }
}
