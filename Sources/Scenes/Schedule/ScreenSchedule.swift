import Geometry

/// When a kiosk's screen is off (`--screen-off`, or a playlist's `"screen-off"`): ranges of
/// the local clock, each on some weekdays or every day, in the system's time zone.
///
/// Written as groups separated by `;`, each `[DAYS ]FROM-TO[,FROM-TO…]`:
///
///     22:00-07:00                          every night
///     mon-fri 19:00-07:00; sat,sun 00:00-24:00
///     12:00-13:00,22:00-06:00
///
/// DAYS is a list of days and spans of days (`mon,wed-fri`; a span may wrap: `fri-mon`); a
/// range whose FROM is later than its TO runs overnight, and its days name the day it starts
/// on, as a playlist entry's `days` do (`Schedule`). `24:00` is the end of the day.
package struct ScreenSchedule: Equatable, Sendable {
    /// The ranges the screen is off in.
    package var ranges: [Schedule]
    /// The text it was read from, for logs.
    package var text: String

    /// A schedule the text cannot give: one line saying what is wrong.
    package struct Error: Swift.Error, Equatable, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }

    /// Reads a schedule written as above.
    package init(parsing text: String) throws(ScreenSchedule.Error) {
        var ranges: [Schedule] = []
        for group in text.split(separator: ";").map({ $0.trimmed }) where !group.isEmpty {
            ranges += try Self.group(group)
        }
        guard !ranges.isEmpty else { throw Error(reason: "no range in \"\(text)\" (write FROM-TO, such as 22:00-07:00)") }
        self.ranges = ranges
        self.text = text.trimmed
        if Self.isAlwaysOff(ranges) { throw Error(reason: "\"\(self.text)\" covers the whole week: the screen would never be on") }
    }

    /// Whether the screen is off when the local clock reads `second` after midnight of `day`.
    package func isOff(on day: CalendarDay, at second: Int) -> Bool {
        ranges.contains { $0.isDue(on: day, at: second) }
    }

    /// Whether the screen is off at `instant` (seconds since 1970 UTC) in `zone`.
    package func isOff(at instant: Double, zone: any LocalZone) -> Bool {
        let r = zone.reading(at: instant)
        return isOff(on: r.day, at: r.second)
    }

    /// The first instant after `instant` at which the screen goes off or comes on, looked for
    /// over the next eight days (nil: no change in that time).
    package func nextChange(after instant: Double, zone: any LocalZone) -> Double? {
        let now = isOff(at: instant, zone: zone)
        let today = zone.reading(at: instant).day
        let seconds = Array(boundaries).sorted()
        for k in 0...8 {
            let day = today.adding(days: k)
            for s in seconds {
                let t = zone.instant(of: day, second: s)
                if t > instant && isOff(at: t, zone: zone) != now { return t }
            }
        }
        return nil
    }

    /// The seconds after midnight at which a range starts or ends, and midnight.
    private var boundaries: Set<Int> {
        var s: Set<Int> = [0]
        for r in ranges {
            if let f = r.from { s.insert(f) }
            if let t = r.to, t < Schedule.day { s.insert(t) }
        }
        return s
    }

    /// Whether every instant of a week is in some range: the state only changes at a boundary,
    /// so looking at each boundary of each of seven days is enough.
    private static func isAlwaysOff(_ ranges: [Schedule]) -> Bool {
        let s = ScreenSchedule(ranges: ranges)
        let monday = CalendarDay(year: 2024, month: 1, day: 1)
        return (0..<7).allSatisfy { k in s.boundaries.allSatisfy { s.isOff(on: monday.adding(days: k), at: $0) } }
    }

    private init(ranges: [Schedule]) { self.ranges = ranges; text = "" }

    /// `[DAYS ]FROM-TO[,FROM-TO…]`.
    private static func group(_ text: String) throws(ScreenSchedule.Error) -> [Schedule] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let dayWords = words.prefix { $0.first?.isLetter == true }
        let days = dayWords.isEmpty ? Set(Weekday.allCases) : try Self.days(dayWords.joined())
        let rest = words.dropFirst(dayWords.count).joined()
        let times = rest.split(separator: ",", omittingEmptySubsequences: false)
        guard !rest.isEmpty else { throw Error(reason: "\"\(text)\" has days but no range (write FROM-TO, such as 22:00-07:00)") }
        var out: [Schedule] = []
        for t in times { out.append(try range(String(t), days: days)) }
        return out
    }

    /// `mon,wed-fri`.
    private static func days(_ text: String) throws(ScreenSchedule.Error) -> Set<Weekday> {
        var days: Set<Weekday> = []
        for item in text.split(separator: ",") {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let first = Weekday(named: String(ends[0])), let last = Weekday(named: String(ends[ends.count - 1])) else {
                throw Error(reason: "unknown day \"\(item)\" (mon, tue, wed, thu, fri, sat, sun, or a span such as mon-fri)")
            }
            let all = Weekday.allCases
            var i = all.firstIndex(of: first)!
            while true {
                days.insert(all[i])
                if all[i] == last { break }
                i = (i + 1) % all.count
            }
        }
        return days
    }

    /// `22:00-07:00` on `days`.
    private static func range(_ text: String, days: Set<Weekday>) throws(ScreenSchedule.Error) -> Schedule {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2 else { throw Error(reason: "\"\(text)\" is not a range (write FROM-TO, such as 22:00-07:00)") }
        guard let from = Schedule.seconds(ofClock: String(ends[0])) else {
            throw Error(reason: "\"\(ends[0])\" is not a time of day (HH:MM, 00:00–23:59)")
        }
        guard let to = Schedule.seconds(ofClock: String(ends[1]), allowsEndOfDay: true) else {
            throw Error(reason: "\"\(ends[1])\" is not a time of day (HH:MM, 00:00–24:00)")
        }
        guard from != to else { throw Error(reason: "\"\(text)\" is empty: it ends when it starts (00:00-24:00 is a whole day)") }
        return Schedule(days: days, from: from, to: to)
    }
}
