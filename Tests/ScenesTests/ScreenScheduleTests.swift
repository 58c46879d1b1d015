import BuiltInScenes
import Geometry
import Input
import Scenes
import Testing

/// `--screen-off` and a playlist's `"screen-off"`: the text read, the ranges' edges, the next
/// change across midnight and a daylight-saving night, and the refusals.
@Suite struct ScreenScheduleTests {
    let zone = CentralEuropeanZone()
    /// Friday 2026-12-04, Saturday, Sunday, Monday.
    let fri = CalendarDay(year: 2026, month: 12, day: 4)
    func at(_ h: Int, _ m: Int = 0) -> Int { h * 3600 + m * 60 }

    @Test func anOvernightRangeEveryDay() throws {
        let s = try ScreenSchedule(parsing: "22:00-07:00")
        #expect(!s.isOff(on: fri, at: at(21, 59)))
        #expect(s.isOff(on: fri, at: at(22)))
        #expect(s.isOff(on: fri, at: at(6, 59)))
        #expect(!s.isOff(on: fri, at: at(7)))
        #expect(s.isOff(on: fri, at: 0))
    }

    @Test func weekdaysAndSeveralRanges() throws {
        let s = try ScreenSchedule(parsing: " mon-fri 19:00-07:00; sat,sun 00:00-24:00 ; wed 12:00-13:00,14:00-14:30")
        #expect(s.ranges.count == 4)
        let sat = fri.adding(days: 1), mon = fri.adding(days: 3), wed = fri.adding(days: 5)
        #expect(s.isOff(on: fri, at: at(19)) && !s.isOff(on: fri, at: at(18, 59)))
        #expect(s.isOff(on: sat, at: at(12)), "all of Saturday")
        #expect(s.isOff(on: sat, at: at(3)), "Friday's night runs into Saturday, and Saturday is off anyway")
        // Days name the day a range starts: Monday's small hours belong to a Sunday night, and
        // Sunday's range ends at 24:00, so Monday 00:00–07:00 is on (docs/kiosk.md says so).
        #expect(!s.isOff(on: mon, at: at(6)))
        #expect(s.isOff(on: mon.adding(days: 1), at: at(6)), "Tuesday's small hours are Monday night's")
        #expect(s.isOff(on: wed, at: at(12, 30)) && !s.isOff(on: wed, at: at(13, 30)) && s.isOff(on: wed, at: at(14, 15)))
        #expect(!s.isOff(on: fri.adding(days: 6), at: at(12, 30)), "only Wednesday's lunch")
    }

    @Test func spansOfDaysWrap() throws {
        let s = try ScreenSchedule(parsing: "fri-mon 10:00-11:00")
        let days = (0..<7).map { fri.adding(days: $0) }.filter { s.isOff(on: $0, at: at(10, 30)) }.map(\.weekday)
        #expect(days == [.friday, .saturday, .sunday, .monday])
    }

    @Test func theNextChangeIsTheNextEdgeThatChangesSomething() throws {
        let s = try ScreenSchedule(parsing: "22:00-07:00")
        let evening = zone.instant(of: fri, second: at(20))
        #expect(s.nextChange(after: evening, zone: zone) == zone.instant(of: fri, second: at(22)))
        let night = zone.instant(of: fri, second: at(23))
        // Midnight is a boundary of the day but changes nothing: the next change is 07:00.
        #expect(s.nextChange(after: night, zone: zone) == zone.instant(of: fri.adding(days: 1), second: at(7)))
    }

    @Test func aDaylightSavingNightKeepsTheLocalClock() throws {
        // 2026-03-29: clocks go from 02:00 to 03:00 in Central Europe; 00:00-06:00 is five hours long.
        let s = try ScreenSchedule(parsing: "00:00-06:00")
        let sunday = CalendarDay(year: 2026, month: 3, day: 29)
        let start = zone.instant(of: sunday, second: 0)
        let end = try #require(s.nextChange(after: start + 1, zone: zone))
        #expect(end - start == 5 * 3600)
        #expect(zone.reading(at: end).second == at(6))
    }

    @Test(arguments: [
        ("", "no range"),
        ("22:00", "is not a range"),
        ("25:00-07:00", "\"25:00\" is not a time of day"),
        ("22:00-7:00", "\"7:00\" is not a time of day"),
        ("07:00-07:00", "is empty"),
        ("mon-fry 22:00-07:00", "unknown day \"mon-fry\""),
        ("weekends 22:00-07:00", "unknown day"),
        ("mon-fri", "has days but no range"),
        ("00:00-24:00", "covers the whole week"),
        ("mon-fri 00:00-24:00; sat,sun 12:00-12:00", "is empty"),
        ("mon-fri 00:00-24:00; sat-sun 00:00-24:00", "covers the whole week"),
    ])
    func aBadScheduleIsRefusedWithItsReason(text: String, reason: String) {
        #expect(throws: ScreenSchedule.Error.self) { try ScreenSchedule(parsing: text) }
        do { _ = try ScreenSchedule(parsing: text) } catch { #expect(error.reason.contains(reason), "\(text): \(error.reason)") }
    }

    @Test func aPlaylistCarriesItsScreenSchedule() throws {
        let catalog = SceneCatalog.lumen
        let p = try Playlist.parse(#"{"screen-off": ["mon-fri 19:00-07:00", "sat,sun 00:00-24:00"], "entries": [{"scene": "hero", "seconds": 10}]}"#, catalog: catalog)
        #expect(p.screenOff?.ranges.count == 2)
        #expect(try Playlist.parse(#"{"entries": [{"scene": "hero", "seconds": 10}]}"#, catalog: catalog).screenOff == nil)
        do {
            _ = try Playlist.parse("{\"entries\": [{\"scene\": \"hero\", \"seconds\": 10}],\n \"screen-off\": \"22:00-25:00\"}", catalog: catalog)
            Issue.record("a bad screen-off was taken")
        } catch {
            #expect(error.description == "line 2: screen-off: \"25:00\" is not a time of day (HH:MM, 00:00–24:00)")
        }
        #expect(throws: Playlist.Error.self) { try Playlist.parse(#"{"screen-off": 22, "entries": [{"scene": "hero", "seconds": 10}]}"#, catalog: catalog) }
    }
}

/// What wakes a screen that is off, what is swallowed, and how long it stays on.
@Suite struct ScreenPowerStateTests {
    func pointer(_ phase: PointerEvent.Phase, id: Int = 0, kind: PointerKind = .touch, pressed: Bool = true) -> InputEvent {
        .pointer(PointerEvent(id: id, kind: kind, phase: phase, location: Point(x: 10, y: 10), time: 0, isPressed: pressed))
    }

    func swallowed(_ s: inout ScreenPowerState, _ e: InputEvent, at t: Double) -> Bool { s.take(e, at: t) }

    @Test func theWakingTouchIsSwallowedWholeAndTheNextOneIsNot() {
        var s = ScreenPowerState(wakeFor: 300)
        s.switched(off: true)
        #expect(s.wantsOff(scheduledOff: true, at: 0))
        #expect(swallowed(&s, pointer(.down), at: 100), "the touch that wakes the screen")
        #expect(!s.wantsOff(scheduledOff: true, at: 100))
        s.switched(off: false)
        // Its moves and release come once the screen is on: still swallowed, so nothing scrolls or presses.
        #expect(swallowed(&s, pointer(.move), at: 100.1))
        #expect(swallowed(&s, pointer(.up), at: 100.2))
        #expect(!swallowed(&s, pointer(.down), at: 101), "a new touch works")
        #expect(!swallowed(&s, pointer(.up), at: 101.1))
    }

    @Test func aWakeLastsFromTheLastInput() {
        var s = ScreenPowerState(wakeFor: 300)
        s.switched(off: true)
        _ = s.take(.key(KeyEvent(.space, time: 0)), at: 1000)
        s.switched(off: false)
        #expect(!s.wantsOff(scheduledOff: true, at: 1299))
        #expect(s.wantsOff(scheduledOff: true, at: 1300))
        _ = s.take(pointer(.down, kind: .mouse), at: 1200)
        #expect(!s.wantsOff(scheduledOff: true, at: 1499), "each input keeps it on for another wakeFor")
        #expect(s.secondsToWakeEnd(at: 1400) == 100)
    }

    @Test func aMouseMovedWithNoButtonWakesNothing() {
        var s = ScreenPowerState(wakeFor: 300)
        s.switched(off: true)
        #expect(swallowed(&s, pointer(.move, kind: .mouse, pressed: false), at: 5), "swallowed: the screen is off")
        #expect(s.wantsOff(scheduledOff: true, at: 5), "and still off")
    }

    @Test func inputJustBeforeTheRangeKeepsTheScreenOn() {
        var s = ScreenPowerState(wakeFor: 60)
        #expect(!swallowed(&s, pointer(.down), at: 100), "the screen is on: the touch is the scene's")
        #expect(!s.wantsOff(scheduledOff: true, at: 130), "a person using the kiosk is not cut off")
        #expect(s.wantsOff(scheduledOff: true, at: 160))
    }
}
