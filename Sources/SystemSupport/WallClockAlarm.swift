import CSystemClock
import Glibc
import Synchronization

/// Wakes a sleeping kiosk at an instant of the wall clock, and whenever the wall clock is set:
/// a schedule's boundary ("lunch from 11:00") is an instant of the real-time clock, which NTP
/// may move by hours at boot and which runs on through a suspend that the monotonic clock
/// frames run on does not see. One thread waits on a timerfd armed with
/// TFD_TIMER_CANCEL_ON_SET, so nothing polls.
package final class WallClockAlarm: Sendable {
    private let alarm: Int32
    private let stop: Int32
    private let clockSet = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)

    /// How far ahead the alarm is armed when nothing is due: it stays armed, so that a clock
    /// set is still noticed.
    package static let idleHorizon = 366.0 * 86_400

    /// An alarm calling `wake` (on its own thread) when an armed instant comes or the clock
    /// is set; nil when the system has no timerfd.
    package init?(wake: @escaping @Sendable () -> Void) {
        var a: Int32 = -1, s: Int32 = -1
        guard lumen_clock_alarm_open(&a, &s) == 0 else { return nil }
        alarm = a; stop = s
        arm(at: nil)
        let waiter = Thread(alarm: a, stop: s, alarmOwner: self, wake: wake)
        DetachedThread.start { waiter.run() }
    }

    /// Arms the alarm for `instant` (seconds since 1970 UTC), or for the idle horizon.
    package func arm(at instant: Double?) {
        _ = lumen_clock_alarm_arm(alarm, instant ?? (SystemTimeZone.now() + Self.idleHorizon))
    }

    /// Whether the clock was set since the last call.
    package func takeClockSet() -> Bool { clockSet.exchange(false, ordering: .acquiringAndReleasing) }

    fileprivate func noteClockSet() { clockSet.store(true, ordering: .releasing) }
    fileprivate var isDone: Bool { done.load(ordering: .acquiring) }

    deinit {
        done.store(true, ordering: .releasing)
        lumen_clock_alarm_stop(stop)
    }

    /// The waiting thread: it holds the descriptors (closed when it ends) and the alarm weakly.
    private final class Thread {
        let alarm: Int32, stop: Int32
        weak var owner: WallClockAlarm?
        let wake: @Sendable () -> Void
        init(alarm: Int32, stop: Int32, alarmOwner: WallClockAlarm, wake: @escaping @Sendable () -> Void) {
            self.alarm = alarm; self.stop = stop; owner = alarmOwner; self.wake = wake
        }
        func run() {
            defer { close(alarm); close(stop) }
            while true {
                let r = lumen_clock_alarm_wait(alarm, stop)
                guard r > 0, let owner, !owner.isDone else { return }
                if r == 2 { owner.noteClockSet() }
                // Armed again at once, so a clock set stays noticed until the owner arms it.
                owner.arm(at: nil)
                wake()
            }
        }
    }
}
