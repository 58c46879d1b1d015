import Input
import Platform
import Scenes
import SystemSupport

/// A kiosk's screen schedule at work (`--screen-off`, a playlist's `"screen-off"`): the
/// display switched off when a range starts and on when it ends, or when a person touches it
/// (for `--wake-for`), with the waking touch swallowed. While the screen is off the window
/// loop draws nothing and sleeps until the next change: the alarm below goes off at it (and
/// when the wall clock is set), an input event or a fleet duty wakes it, nothing else.
package final class ScreenPower {
    private var state: ScreenPowerState
    /// The command line's schedule; a playlist's replaces it while that playlist runs.
    private let given: ScreenSchedule?
    private(set) var schedule: ScreenSchedule?
    private let window: any WindowBackend
    private let log: (String) -> Void
    private let zone: any LocalZone = SystemZone()
    private var alarm: WallClockAlarm?
    /// When the schedule next changes (seconds since 1970 UTC), and what it says until then:
    /// the local clock is read at changes and clock sets only, not on every pass.
    private var nextChange: Double?
    private var scheduledOff = false
    /// The means or the reason last said, so that each is said once.
    private var told = ""

    init(schedule: ScreenSchedule?, wakeFor: Double, window: any WindowBackend, log: @escaping (String) -> Void) {
        state = ScreenPowerState(wakeFor: wakeFor)
        given = schedule
        self.window = window
        self.log = log
        use(schedule)
    }

    /// Whether the screen is off now (the display switched off, or only dark).
    var isOff: Bool { state.isOff }
    /// Whether the display could not be switched off, and so stays lit while the screen is
    /// off: the loop shows it black.
    private(set) var staysLit = false

    /// Follows a playlist's `"screen-off"` (nil: the command line's again).
    func follow(playlist: ScreenSchedule?) {
        let wanted = playlist ?? given
        guard wanted != schedule else { return }
        use(wanted)
        if let wanted { log("screen: off \(wanted.text) (from \(playlist != nil ? "the playlist" : "--screen-off"))") }
    }

    private func use(_ s: ScreenSchedule?) {
        schedule = s
        nextChange = nil
        scheduledOff = false
        if s != nil, alarm == nil { alarm = WallClockAlarm(wake: window.wake) }
    }

    /// Takes an input event before the scene: true when it woke the screen or belongs to the
    /// press that did, and so does nothing else.
    func take(_ event: InputEvent, at now: Double) -> Bool {
        guard schedule != nil || state.isOff else { return false }
        return state.take(event, at: now)
    }

    /// Switches the display when the schedule or a wake says so; returns whether it is off.
    func update(at now: Double) -> Bool {
        let wall = SystemTimeZone.now()
        if let s = schedule, nextChange.map({ wall >= $0 }) ?? true || alarm?.takeClockSet() == true {
            scheduledOff = s.isOff(at: wall, zone: zone)
            nextChange = s.nextChange(after: wall, zone: zone)
            alarm?.arm(at: nextChange)
        }
        let off = state.wantsOff(scheduledOff: scheduledOff, at: now)
        if off != state.isOff { switchDisplay(off: off) }
        return state.isOff
    }

    private func switchDisplay(off: Bool) {
        state.switched(off: off)
        let until = nextChange.map { " until \(Schedule.clockText(zone.reading(at: $0).second))" } ?? ""
        let woken = !off && scheduledOff
        let what = off ? "off\(until)" : woken ? "on for \(state.wakeFor.short) s (woken by a touch)" : "on"
        switch window.setDisplayPower(on: !off) {
        case .switched(let how):
            // (A display that stayed lit was not switched off: coming on, there is no means to name.)
            log("screen: \(what)" + (staysLit ? "" : " (\(how))"))
            staysLit = false
        case .unsupported(let why), .refused(let why):
            // The reason said once; meanwhile the lit display shows black and nothing moves.
            staysLit = off
            if off && why != told {
                told = why
                LogFields.warning { log("screen: cannot switch the display off: \(why); it shows black instead") }
            }
            log("screen: \(what)\(off ? " (black)" : "")")
        }
    }

    /// Seconds from `now` until the screen may change by itself: a wake running out (the
    /// schedule's own changes come by the alarm); nil while none runs.
    func secondsToChange(at now: Double) -> Double? {
        guard scheduledOff, !state.isOff, let left = state.secondsToWakeEnd(at: now), left > 0 else { return nil }
        return left
    }
}
