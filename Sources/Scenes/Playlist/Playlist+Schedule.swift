/// Reading an entry's schedule: `days`, `from`, `to` and `dates`. A schedule that can never
/// play is refused with its reason, as a misspelt key is, so that an operator finds out at
/// once rather than on the day the entry never came.
extension Playlist {
    static func schedule(_ m: [String: JSONNode], field: String, today: CalendarDay) throws(Playlist.Error) -> Schedule? {
        guard ["days", "from", "to", "dates"].contains(where: { m[$0] != nil }) else { return nil }
        var s = Schedule()
        if let node = m["days"] { s.days = try days(node, field: "\(field).days") }
        if let node = m["from"] { s.from = try clock(node, field: "\(field).from", endOfDay: false) }
        if let node = m["to"] { s.to = try clock(node, field: "\(field).to", endOfDay: true) }
        if let f = s.from, let t = s.to, f == t % Schedule.day {
            throw Playlist.Error(line: m["to"]!.line, field: "\(field).to",
                                 reason: "the same time as from (\(Schedule.clockText(f))): the window is empty (a whole day needs neither)")
        }
        if let node = m["dates"] { s.dates = try dates(node, field: "\(field).dates") }
        if let dates = s.dates {
            // A window opening on the day before `today` may still run overnight into it.
            let stillOpen = s.isOvernight ? today.adding(days: -1) : today
            if dates.upperBound < stillOpen {
                throw Playlist.Error(line: m["dates"]!.line, field: "\(field).dates", reason: "ended on \(dates.upperBound): the entry would never play")
            }
            if s.neverOpens {
                throw Playlist.Error(line: m["days"]!.line, field: "\(field).days",
                                     reason: "none of these days falls from \(dates.lowerBound) to \(dates.upperBound): the entry would never play")
            }
        }
        return s
    }

    private static func days(_ node: JSONNode, field: String) throws(Playlist.Error) -> Set<Weekday> {
        guard case .array(let items) = node.value else { throw wrongType(node, field: field, expected: "a list of days, such as [\"mon\", \"tue\"]") }
        guard !items.isEmpty else { throw Playlist.Error(line: node.line, field: field, reason: "empty: the entry would never play (leave days out for every day)") }
        var days: Set<Weekday> = []
        for (j, item) in items.enumerated() {
            guard case .string(let name) = item.value else { throw wrongType(item, field: "\(field)[\(j)]", expected: "a day (mon, tue, wed, thu, fri, sat, sun)") }
            guard let day = Weekday(named: name) else {
                throw Playlist.Error(line: item.line, field: "\(field)[\(j)]", reason: "unknown day \"\(name)\" (mon, tue, wed, thu, fri, sat, sun, or the whole name)")
            }
            days.insert(day)
        }
        return days
    }

    private static func clock(_ node: JSONNode, field: String, endOfDay: Bool) throws(Playlist.Error) -> Int {
        guard case .string(let text) = node.value, let s = Schedule.seconds(ofClock: text, allowsEndOfDay: endOfDay) else {
            throw wrongType(node, field: field, expected: "a time of day as \"HH:MM\" (00:00–23:59\(endOfDay ? ", or 24:00" : ""))")
        }
        return s
    }

    private static func dates(_ node: JSONNode, field: String) throws(Playlist.Error) -> ClosedRange<CalendarDay> {
        let m = try members(of: node, field: field, keys: ["from", "to"])
        func day(_ key: String) throws(Playlist.Error) -> CalendarDay? {
            guard let n = m[key] else { return nil }
            guard case .string(let text) = n.value, let d = CalendarDay(iso: text) else {
                throw wrongType(n, field: "\(field).\(key)", expected: "a date as \"YYYY-MM-DD\"")
            }
            return d
        }
        let first = try day("from") ?? CalendarDay(daysSinceEpoch: Int.min / 4)
        let last = try day("to") ?? CalendarDay(daysSinceEpoch: Int.max / 4)
        guard m["from"] != nil || m["to"] != nil else { throw Playlist.Error(line: node.line, field: field, reason: "empty: give from, to or both (\"YYYY-MM-DD\")") }
        guard first <= last else { throw Playlist.Error(line: m["to"]!.line, field: "\(field).to", reason: "\(last) is before from (\(first)): the entry would never play") }
        return first...last
    }
}

extension Playlist {
    /// `"screen-off": "22:00-07:00"`, or a list of such texts.
    static func screenSchedule(_ node: JSONNode) throws(Playlist.Error) -> ScreenSchedule {
        let expected = "a screen-off schedule such as \"22:00-07:00\" or \"mon-fri 19:00-07:00; sat,sun 00:00-24:00\", or a list of them"
        var texts: [String] = []
        switch node.value {
        case .string(let text): texts = [text]
        case .array(let items):
            for (j, item) in items.enumerated() {
                guard case .string(let text) = item.value else { throw wrongType(item, field: "screen-off[\(j)]", expected: expected) }
                texts.append(text)
            }
        default: throw wrongType(node, field: "screen-off", expected: expected)
        }
        do { return try ScreenSchedule(parsing: texts.joined(separator: ";")) } catch {
            throw Playlist.Error(line: node.line, field: "screen-off", reason: error.reason)
        }
    }
}
