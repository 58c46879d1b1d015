import BuiltInScenes
import Scenes

/// A playlist as the kiosk reads one: the JSON, its entries against Lumen's scenes, the
/// schedules; then the timetable they make, asked what shows and what changes next across a
/// week (the arithmetic of days, times and daylight saving's gaps).
enum PlaylistFuzzing {
    /// A fixed day (Tuesday 1 December 2026), so that a run depends on the bytes alone.
    static let today = CalendarDay(year: 2026, month: 12, day: 1)

    static func parse(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let playlist = try? Playlist.parse(text, catalog: .lumen, today: today) else { return }
        precondition(!playlist.entries.isEmpty, "a playlist with no entries was accepted")
        let timetable = PlaylistTimetable(playlist, zone: FixedZone())
        let start = FixedZone().instant(of: today, second: 0)
        var at = start
        // Every change across a week, at most 200 of them.
        for _ in 0..<200 {
            for index in timetable.loop(at: at) { precondition(playlist.entries.indices.contains(index), "entry \(index) of \(playlist.entries.count)") }
            _ = timetable.eventsDue(at: at)
            guard let next = timetable.nextChange(after: at), next < start + 7 * 86_400 else { break }
            precondition(next > at, "the next change (\(next)) is not after \(at)")
            at = next
        }
    }
}

/// UTC: the same readings on every machine.
struct FixedZone: LocalZone {
    func reading(at instant: Double) -> LocalReading {
        let day = Int((instant / 86_400).rounded(.down))
        return LocalReading(day: CalendarDay(daysSinceEpoch: day), second: Int(instant.rounded(.down)) - day * 86_400)
    }
    func instant(of day: CalendarDay, second: Int) -> Double { Double(day.daysSinceEpoch * 86_400 + second) }
}
