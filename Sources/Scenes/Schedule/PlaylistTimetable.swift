/// What a scheduled playlist may show at an instant, and when that next changes.
///
/// The rules (docs/kiosk.md, "Schedules"):
/// - The loop is every entry that is neither an event nor the default and whose schedule is
///   due (an entry without one always is), played in the file's order. Overlapping windows
///   simply put both entries in the loop.
/// - The default shows only while the loop is empty.
/// - An event starts once per window that opens for it: at its `from`, or later until its `to`
///   (a minute after `from` when it has none), so a kiosk that starts or has its clock set a
///   little late still plays it. It plays over whatever is on screen; an event coming due
///   while another plays waits for it to end.
package struct PlaylistTimetable {
    package let playlist: Playlist
    let zone: any LocalZone

    /// How long after its `from` an event without `to` may still start, in seconds.
    package static let eventGrace = 60

    package init(_ playlist: Playlist, zone: any LocalZone) { self.playlist = playlist; self.zone = zone }

    /// The indices of the loop's entries due at `instant`, in order.
    package func loop(at instant: Double) -> [Int] {
        let now = zone.reading(at: instant)
        return playlist.entries.indices.filter { i in
            let e = playlist.entries[i]
            return !e.isEvent && !e.isDefault && (e.schedule?.isDue(on: now.day, at: now.second) ?? true)
        }
    }

    /// The default entry's index, if there is one.
    package var defaultIndex: Int? { playlist.entries.firstIndex { $0.isDefault } }

    /// Whether any entry has a schedule (a playlist without one never needs the wall clock).
    package var isScheduled: Bool { playlist.entries.contains { $0.schedule != nil || $0.isEvent } }

    /// One opening of an event's window: the entry and the day it opened, as a key that says
    /// whether it was played.
    package struct Occurrence: Hashable, Sendable {
        package var index: Int
        package var day: CalendarDay
        package init(index: Int, day: CalendarDay) { self.index = index; self.day = day }
    }

    /// The event windows open at `instant`, earliest first (ties in the file's order).
    package func eventsDue(at instant: Double) -> [Occurrence] {
        var due: [(Double, Occurrence)] = []
        let today = zone.reading(at: instant).day
        for (i, e) in playlist.entries.enumerated() where e.isEvent {
            guard let s = e.schedule, let from = s.from else { continue }
            for day in [today.adding(days: -1), today] where s.opens(on: day) {
                let start = zone.instant(of: day, second: from)
                let end = eventEnd(s, day: day, start: start)
                if instant >= start && instant < end { due.append((start, Occurrence(index: i, day: day))) }
            }
        }
        return due.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1.index < $1.1.index) }.map(\.1)
    }

    /// The events whose window opens after `instant` and no later than `horizon` seconds on
    /// (a video to open ahead), earliest first.
    package func eventsOpening(after instant: Double, within horizon: Double) -> [Int] {
        let today = zone.reading(at: instant).day
        var coming: [(Double, Int)] = []
        for (i, e) in playlist.entries.enumerated() where e.isEvent {
            guard let s = e.schedule, let from = s.from else { continue }
            for day in [today, today.adding(days: 1)] where s.opens(on: day) {
                let start = zone.instant(of: day, second: from)
                if start > instant && start <= instant + horizon { coming.append((start, i)) }
            }
        }
        return coming.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private func eventEnd(_ s: Schedule, day: CalendarDay, start: Double) -> Double {
        guard let to = s.to else { return start + Double(Self.eventGrace) }
        return zone.instant(of: s.isOvernight ? day.adding(days: 1) : day, second: to)
    }

    /// The first instant after `instant` at which what may show changes (a window opens or
    /// closes, a day begins), looked for over the next eight days; nil when nothing is
    /// scheduled or nothing changes in that time (then looked for again on the eighth day).
    package func nextChange(after instant: Double) -> Double? {
        guard isScheduled else { return nil }
        var seconds: Set<Int> = [0]
        for e in playlist.entries {
            guard let s = e.schedule else { continue }
            if let f = s.from { seconds.insert(f) }
            if let t = s.to, t < Schedule.day { seconds.insert(t) }
            if e.isEvent, s.to == nil, let f = s.from { seconds.insert(min(f + Self.eventGrace, Schedule.day - 1)) }
        }
        let today = zone.reading(at: instant).day
        var best: Double?
        for k in 0...8 {
            let day = today.adding(days: k)
            for s in seconds {
                let t = zone.instant(of: day, second: s)
                if t > instant, best.map({ t < $0 }) ?? true { best = t }
            }
            if best != nil { break }
        }
        return best
    }
}
