import SystemSupport

/// A local clock reading: the day and the seconds since its midnight.
package struct LocalReading: Equatable, Sendable {
    package var day: CalendarDay
    package var second: Int
    package init(day: CalendarDay, second: Int) { self.day = day; self.second = second }
}

/// Turns instants (seconds since 1970 UTC) into local clock readings and back: the system's
/// zone in use, a zone of fixed rules in the tests.
package protocol LocalZone: Sendable {
    /// What the local clock reads at `instant`.
    func reading(at instant: Double) -> LocalReading
    /// When the local clock reads `second` after the midnight of `day` (a reading skipped by
    /// daylight saving lands after the gap; a repeated one is either).
    func instant(of day: CalendarDay, second: Int) -> Double
}

/// The system's time zone (TZ, else /etc/localtime), looked at again on each use.
package struct SystemZone: LocalZone {
    package init() {}

    package func reading(at instant: Double) -> LocalReading {
        let l = SystemTimeZone.local(instant)
        return LocalReading(day: CalendarDay(year: l.year, month: l.month, day: l.day), second: l.second)
    }

    package func instant(of day: CalendarDay, second: Int) -> Double {
        let (y, m, d) = day.parts
        return SystemTimeZone.instant(year: y, month: m, day: d, second: second)
    }
}
