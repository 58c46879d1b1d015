/// When a playlist entry may show: on some days of the week, between two times of day, within
/// a range of dates, each optional (`"days": ["mon", "fri"], "from": "07:30", "to": "11:00",
/// "dates": {"from": "2026-12-01", "to": "2026-12-24"}`). Times are the local clock's, in the
/// system's time zone, daylight saving included.
///
/// A window whose `from` is later than its `to` runs overnight: `"days": ["fri"], "from":
/// "22:00", "to": "02:00"` is Friday 22:00 to Saturday 02:00 (the day and the dates name the
/// day a window opens). Only `from`: until midnight; only `to`: from midnight.
public struct Schedule: Equatable, Sendable {
    /// The days a window opens on (all seven unless the file names some).
    public var days: Set<Weekday>
    /// Seconds after local midnight the window opens (nil: at midnight).
    public var from: Int?
    /// Seconds after local midnight the window closes (nil: at the next midnight).
    public var to: Int?
    /// The first and last day a window opens on, both included (nil: every day).
    public var dates: ClosedRange<CalendarDay>?

    /// Seconds in a day of the local clock without a daylight-saving change.
    public static let day = 86_400

    /// A schedule of `days` from `from` to `to` (seconds after midnight) within `dates`.
    public init(days: Set<Weekday> = Set(Weekday.allCases), from: Int? = nil, to: Int? = nil, dates: ClosedRange<CalendarDay>? = nil) {
        self.days = days; self.from = from; self.to = to; self.dates = dates
    }

    /// Whether a window opens on `day` (its weekday and its date).
    public func opens(on day: CalendarDay) -> Bool {
        days.contains(day.weekday) && (dates?.contains(day) ?? true)
    }

    /// Whether the window runs past midnight into the next day.
    public var isOvernight: Bool { (from ?? 0) > (to ?? Schedule.day) }

    /// Whether the entry may show when the local clock reads `second` seconds after the
    /// midnight of `day`.
    public func isDue(on day: CalendarDay, at second: Int) -> Bool {
        let start = from ?? 0, end = to ?? Schedule.day
        if start < end { return opens(on: day) && second >= start && second < end }
        return (opens(on: day) && second >= start) || (opens(on: day.adding(days: -1)) && second < end)
    }

    /// The day of the last window it can open, or nil when it has no end.
    public var lastDay: CalendarDay? { dates?.upperBound }

    /// Whether no window opens within `dates` (no weekday of the range is among `days`).
    public var neverOpens: Bool {
        guard let dates else { return days.isEmpty }
        let span = dates.upperBound.daysSinceEpoch - dates.lowerBound.daysSinceEpoch
        return !(0...min(span, 6)).contains { days.contains(dates.lowerBound.adding(days: $0).weekday) }
    }

    /// `07:30` for 27,000 seconds after midnight.
    public static func clockText(_ second: Int) -> String {
        let h = second / 3600, m = second / 60 % 60
        return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }

    /// Seconds after midnight of a time of day written `HH:MM` (00:00–23:59; `24:00`, the
    /// day's end, where `allowsEndOfDay`), or nil.
    public static func seconds(ofClock text: String, allowsEndOfDay: Bool = false) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(fields[0]), let m = Int(fields[1]), m < 60 else { return nil }
        if h == 24 && m == 0 && allowsEndOfDay { return Schedule.day }
        return h < 24 ? h * 3600 + m * 60 : nil
    }
}
