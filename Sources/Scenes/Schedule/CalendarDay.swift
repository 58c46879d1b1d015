/// A day of the proleptic Gregorian calendar, with no time zone: what a playlist's `dates`
/// and `days` name. Stored as days since 1970-01-01; the conversions are Howard Hinnant's
/// `days_from_civil` and `civil_from_days` ("chrono-Compatible Low-Level Date Algorithms",
/// howardhinnant.github.io/date_algorithms.html), exact for every date of the proleptic calendar.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day of `year`, `month` (1–12) and `day` (1–31; a day past the month's end rolls on).
    public init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1–12) and day of the month (1–31).
    public var parts: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let index = ((daysSinceEpoch + 3) % 7 + 7) % 7   // 0 = Monday
        return Weekday.allCases[index]
    }

    /// The day `n` days later (earlier when negative).
    public func adding(days n: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + n) }

    /// ISO 8601: `2026-12-24`.
    public var description: String {
        let (y, m, d) = parts
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }

    /// The day `text` names as `YYYY-MM-DD` (a real date: 2026-02-30 is not one), or nil.
    public init?(iso text: String) {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              fields.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(fields[0]), let m = Int(fields[1]), let d = Int(fields[2]), (1...12).contains(m), d >= 1 else { return nil }
        self.init(year: y, month: m, day: d)
        guard parts == (y, m, d) else { return nil }
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }
}

/// A day of the week, Monday first (ISO 8601), named in a playlist by its first three letters.
public enum Weekday: String, CaseIterable, Sendable, Comparable {
    /// Monday (`mon`).
    case monday = "mon"
    /// Tuesday (`tue`).
    case tuesday = "tue"
    /// Wednesday (`wed`).
    case wednesday = "wed"
    /// Thursday (`thu`).
    case thursday = "thu"
    /// Friday (`fri`).
    case friday = "fri"
    /// Saturday (`sat`).
    case saturday = "sat"
    /// Sunday (`sun`).
    case sunday = "sun"

    /// The day a playlist names: `mon`, `Monday`, `MONDAY` (three letters or the whole name,
    /// in any case), or nil.
    public init?(named text: String) {
        let lower = text.lowercased()
        guard let day = Weekday.allCases.first(where: { lower == $0.rawValue || lower == "\($0)" }) else { return nil }
        self = day
    }

    public static func < (a: Weekday, b: Weekday) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
