import Input

/// Whether a kiosk's screen should be on: off while its `ScreenSchedule` says so, unless a
/// person woke it in the last `wakeFor` seconds. The input that wakes a screen that is off is
/// swallowed, and with it the rest of that press (its moves and its release), so that waking
/// the screen presses nothing and scrolls nothing.
///
/// Pure: the caller says what the schedule says and what the time is (host seconds, a
/// monotonic clock, so that a wall clock set does not shorten or stretch a wake).
package struct ScreenPowerState: Sendable {
    /// How long an input keeps the screen on while the schedule says off, in seconds.
    package var wakeFor: Double
    /// Whether the display was last switched off.
    package private(set) var isOff = false
    /// Until when (host seconds) a person keeps the screen on (nil: nobody did).
    package private(set) var wokenUntil: Double?
    /// Pointers pressed to wake the screen: their moves and release are swallowed too.
    private var swallowing: Set<Int> = []

    package init(wakeFor: Double) { self.wakeFor = wakeFor }

    /// Whether the screen should be off at `now`, when the schedule says `scheduledOff`.
    package func wantsOff(scheduledOff: Bool, at now: Double) -> Bool {
        scheduledOff && !(wokenUntil.map { now < $0 } ?? false)
    }

    /// Notes that the display was switched off or on.
    package mutating func switched(off: Bool) {
        isOff = off
        if off { wokenUntil = nil }
    }

    /// Takes an input event before the scene does: true when it is swallowed (it woke the
    /// screen, or belongs to the press that did). Any input keeps a woken screen on for
    /// `wakeFor` seconds more, also just before the schedule would switch it off (a person
    /// using the kiosk at 21:59 is not cut off at 22:00); a mouse moved with no button held
    /// wakes nothing.
    package mutating func take(_ event: InputEvent, at now: Double) -> Bool {
        let pointer: PointerEvent? = if case .pointer(let p) = event { p } else { nil }
        let hover = pointer.map { $0.phase == .move && !$0.isPressed } ?? false
        if isOff {
            guard !hover else { return true }
            wokenUntil = now + wakeFor
            if let p = pointer { track(p) }
            return true
        }
        if !hover { wokenUntil = now + wakeFor }
        guard let p = pointer, swallowing.contains(p.id) else { return false }
        track(p)
        return true
    }

    private mutating func track(_ p: PointerEvent) {
        if p.phase == .up || p.phase == .cancel { swallowing.remove(p.id) } else if p.phase == .down || p.isPressed { swallowing.insert(p.id) }
    }

    /// Seconds from `now` until a wake runs out (nil: none running).
    package func secondsToWakeEnd(at now: Double) -> Double? { wokenUntil.map { max($0 - now, 0) } }
}
