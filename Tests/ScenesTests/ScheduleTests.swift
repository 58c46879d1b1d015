import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Scenes
import Testing

/// A zone with the European Union's rules (Central European Time): UTC+1, and UTC+2 from
/// 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October
/// (Directive 2000/84/EC). A test double for the system's zone, with the same behaviour at
/// the gaps as mktime: a reading skipped by the change lands after it.
struct CentralEuropeanZone: LocalZone {
    func lastSunday(_ year: Int, _ month: Int) -> CalendarDay {
        var d = CalendarDay(year: year, month: month + 1, day: 1).adding(days: -1)
        while d.weekday != .sunday { d = d.adding(days: -1) }
        return d
    }
    func isSummer(_ t: Double) -> Bool {
        let year = CalendarDay(daysSinceEpoch: Int((t / 86_400).rounded(.down))).parts.year
        let start = Double(lastSunday(year, 3).daysSinceEpoch * 86_400 + 3600)
        let end = Double(lastSunday(year, 10).daysSinceEpoch * 86_400 + 3600)
        return t >= start && t < end
    }
    func reading(at instant: Double) -> LocalReading {
        let local = Int((instant + (isSummer(instant) ? 7200 : 3600)).rounded(.down))
        let day = Int((Double(local) / 86_400).rounded(.down))
        return LocalReading(day: CalendarDay(daysSinceEpoch: day), second: local - day * 86_400)
    }
    func instant(of day: CalendarDay, second: Int) -> Double {
        let wall = Double(day.daysSinceEpoch * 86_400 + second)
        let summer = wall - 7200, winter = wall - 3600
        let valid = [isSummer(summer) ? summer : nil, isSummer(winter) ? nil : winter].compactMap { $0 }
        return valid.min() ?? winter
    }
}

/// UTC, for the runner's tests.
struct UTCZone: LocalZone {
    func reading(at instant: Double) -> LocalReading {
        let day = Int((instant / 86_400).rounded(.down))
        return LocalReading(day: CalendarDay(daysSinceEpoch: day), second: Int(instant.rounded(.down)) - day * 86_400)
    }
    func instant(of day: CalendarDay, second: Int) -> Double { Double(day.daysSinceEpoch * 86_400 + second) }
}

@Suite struct CalendarAndScheduleTests {
    @Test func daysAgainstKnownDates() {
        #expect(CalendarDay(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CalendarDay(year: 2000, month: 3, day: 1).daysSinceEpoch == 11_017)
        #expect(CalendarDay(year: 1969, month: 12, day: 31).daysSinceEpoch == -1)
        #expect(CalendarDay(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(CalendarDay(year: 2026, month: 12, day: 6).weekday == .sunday)
        #expect(CalendarDay(daysSinceEpoch: 20_793).description == "2026-12-06")
        #expect(CalendarDay(iso: "2024-02-29") != nil && CalendarDay(iso: "2026-02-29") == nil && CalendarDay(iso: "2026-1-05") == nil)
        #expect(Weekday(named: "Thursday") == .thursday && Weekday(named: "thur") == nil)
    }

    @Test func aWindowsEdges() {
        let fri = CalendarDay(year: 2026, month: 12, day: 4), sat = fri.adding(days: 1), thu = fri.adding(days: -1)
        let morning = Schedule(from: 7 * 3600 + 1800, to: 11 * 3600)
        #expect(!morning.isDue(on: fri, at: 7 * 3600 + 1799) && morning.isDue(on: fri, at: 7 * 3600 + 1800))
        #expect(morning.isDue(on: fri, at: 11 * 3600 - 1) && !morning.isDue(on: fri, at: 11 * 3600))
        let late = Schedule(days: [.friday], from: 22 * 3600, to: 2 * 3600)
        #expect(late.isOvernight)
        #expect(!late.isDue(on: fri, at: 22 * 3600 - 1) && late.isDue(on: fri, at: 22 * 3600))
        #expect(late.isDue(on: sat, at: 2 * 3600 - 1) && !late.isDue(on: sat, at: 2 * 3600))
        #expect(!late.isDue(on: thu, at: 23 * 3600) && !late.isDue(on: fri, at: 3600), "Thursday's night is not Friday's")
        let december = Schedule(dates: CalendarDay(year: 2026, month: 12, day: 1)...CalendarDay(year: 2026, month: 12, day: 24))
        #expect(december.isDue(on: CalendarDay(year: 2026, month: 12, day: 24), at: 86_399))
        #expect(!december.isDue(on: CalendarDay(year: 2026, month: 12, day: 25), at: 0))
    }

    /// Boundaries follow the local clock through a daylight-saving night: the breakfast menu
    /// opens at 07:00 on the clocks, 6 real hours after the midnight before it in March, 8 in
    /// October.
    @Test func boundariesFollowTheLocalClockAcrossDaylightSaving() throws {
        let zone = CentralEuropeanZone()
        let playlist = Playlist(entries: [{ var e = Playlist.Entry(scene: "gallery", seconds: 60); e.schedule = Schedule(from: 7 * 3600, to: 11 * 3600); return e }(),
                                          Playlist.Entry(scene: "hero", seconds: 60)])
        let t = PlaylistTimetable(playlist, zone: zone)
        let march29 = CalendarDay(year: 2026, month: 3, day: 29)   // clocks go 02:00 → 03:00
        let midnight = try #require(t.nextChange(after: zone.instant(of: march29.adding(days: -1), second: 12 * 3600)))
        #expect(midnight == Double(march29.daysSinceEpoch * 86_400 - 3600), "00:00 CET is 23:00 UTC the day before")
        let opens = try #require(t.nextChange(after: midnight))
        #expect(opens - midnight == 6 * 3600, "07:00 CEST is 6 h after 00:00 CET")
        #expect(opens == Double(march29.daysSinceEpoch * 86_400 + 5 * 3600))
        #expect(t.loop(at: opens - 1) == [1] && t.loop(at: opens) == [0, 1])
        let october25 = CalendarDay(year: 2026, month: 10, day: 25)  // 03:00 → 02:00
        let m2 = zone.instant(of: october25, second: 0)
        #expect(try #require(t.nextChange(after: m2)) - m2 == 8 * 3600)
        // A reading the spring night skips lands after the gap, as mktime does.
        #expect(zone.instant(of: march29, second: 2 * 3600 + 1800) == Double(march29.daysSinceEpoch * 86_400 + 3600 + 1800))
    }

    @Test func anEventIsDueOnceItsWindowOpensUntilItsGraceEnds() {
        let zone = UTCZone()
        var event = Playlist.Entry(scene: "hero", seconds: 10)
        event.isEvent = true
        event.schedule = Schedule(days: [.monday], from: 12 * 3600)
        let t = PlaylistTimetable(Playlist(entries: [Playlist.Entry(scene: "gallery", seconds: 60), event]), zone: zone)
        let monday = CalendarDay(year: 2026, month: 12, day: 7)
        let noon = zone.instant(of: monday, second: 12 * 3600)
        #expect(t.eventsDue(at: noon - 1).isEmpty)
        #expect(t.eventsDue(at: noon) == [PlaylistTimetable.Occurrence(index: 1, day: monday)])
        #expect(t.eventsDue(at: noon + 59).count == 1 && t.eventsDue(at: noon + 60).isEmpty)
        #expect(t.eventsDue(at: noon + 7 * 86_400 - 86_400).isEmpty, "Sunday")
        #expect(t.nextChange(after: noon - 10) == noon && t.nextChange(after: noon) == noon + 60)
        // Its video is opened ahead: 2.5 s before, not 3 s before, not once it has opened.
        #expect(t.eventsOpening(after: noon - 2, within: 2.5) == [1])
        #expect(t.eventsOpening(after: noon - 3, within: 2.5).isEmpty && t.eventsOpening(after: noon, within: 2.5).isEmpty)
    }
}

/// The kiosk guide's week for a café: the playlist it shows parses, and what it says shows when
/// is what the timetable gives.
@Suite struct CafeWeekTests {
    func cafe() throws -> Playlist {
        let guide = try String(contentsOfFile: String(#filePath).components(separatedBy: "/Tests/")[0] + "/docs/kiosk.md", encoding: .utf8)
        let section = try #require(guide.range(of: "### A café's menu board, for a week"))
        let rest = guide[section.upperBound...]
        let start = try #require(rest.range(of: "```json\n")), end = try #require(rest.range(of: "\n```", range: start.upperBound..<rest.endIndex))
        return try Playlist.parse(String(rest[start.upperBound..<end.lowerBound]), catalog: .lumen, today: CalendarDay(year: 2026, month: 12, day: 1))
    }

    func loop(_ t: PlaylistTimetable, _ y: Int, _ m: Int, _ d: Int, _ hh: Int, _ mm: Int) -> [String] {
        let zone = UTCZone()
        let at = zone.instant(of: CalendarDay(year: y, month: m, day: d), second: hh * 3600 + mm * 60)
        let names = t.loop(at: at).map { i in t.playlist.entries[i].video.first.map { ($0 as NSString).lastPathComponent } ?? t.playlist.entries[i].scene }
        return names.isEmpty ? ["default"] : names
    }

    @Test func theGuidesWeekIsWhatTheTimetableGives() throws {
        let t = PlaylistTimetable(try cafe(), zone: UTCZone())
        // Wednesday 2026-12-09 and Saturday 2026-12-12, Tuesday 2027-01-05 (out of December).
        #expect(loop(t, 2026, 12, 9, 6, 59) == ["default"])
        #expect(loop(t, 2026, 12, 9, 7, 0) == ["breakfast.mp4"])
        #expect(loop(t, 2026, 12, 9, 11, 30) == ["gallery", "specials"])
        #expect(loop(t, 2026, 12, 9, 15, 30) == ["christmas.mp4"])
        #expect(loop(t, 2027, 1, 5, 15, 30) == ["default"], "out of December")
        #expect(loop(t, 2026, 12, 12, 11, 30) == ["brunch.mp4", "specials"])
        #expect(loop(t, 2026, 12, 12, 14, 30) == ["specials"])
        #expect(loop(t, 2026, 12, 12, 0, 30) == ["happy-hour.mp4"], "Friday's happy hour past midnight")
        #expect(loop(t, 2026, 12, 13, 0, 30) == ["happy-hour.mp4"], "Saturday's")
        #expect(loop(t, 2026, 12, 14, 0, 30) == ["default"], "Sunday has none")
        #expect(loop(t, 2026, 12, 10, 17, 30) == ["happy-hour.mp4"])
        let ten = UTCZone().instant(of: CalendarDay(year: 2026, month: 12, day: 9), second: 10 * 3600)
        #expect(t.eventsDue(at: ten).map { t.playlist.entries[$0.index].video } == [["/srv/menu/fresh-bread.mp4"]])
        #expect(t.eventsDue(at: ten + 3 * 86_400).isEmpty, "not on Saturday")
    }
}
