import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Scenes
import Synchronization
import Testing

/// A wall clock the test sets: the runner's clock plus an offset that a "clock set" moves.
final class FakeWallClock: Sendable {
    let base: Double
    let jump = Mutex(0.0)
    init(_ base: Double) { self.base = base }
}

/// A scheduled playlist through a fake wall clock: each boundary switches on the first frame
/// at or after it, the default fills the gaps, events break in and the loop comes back, and a
/// clock set is followed at once.
@Suite(.serialized) struct ScheduledPlaybackTests {
    /// Monday 2026-12-07, 10:59:50 UTC.
    static let start = UTCZone().instant(of: CalendarDay(year: 2026, month: 12, day: 7), second: 11 * 3600 - 10)

    func name(_ r: SceneRunner) -> String { type(of: r.scene).name }

    func kiosk(_ playlist: String) throws -> (SceneRunner, FakeWallClock, [String]) {
        var o = SceneOptions()
        o.scene = "gallery"
        o.kiosk = true
        o.size = Size(width: 320, height: 200)
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        let wall = FakeWallClock(Self.start)
        r.zone = UTCZone()
        r.wallClock = { [r] in wall.base + r.clock.now + wall.jump.withLock { $0 } }
        let p = try Playlist.parse(playlist, catalog: .lumen, today: CalendarDay(year: 2026, month: 12, day: 7))
        r.play(p)
        return (r, wall, [])
    }

    static let cafe = """
        {"crossfade": 0, "hold": 0, "entries": [
          {"scene": "gallery", "seconds": 4, "days": ["mon", "tue", "wed", "thu", "fri"], "from": "07:00", "to": "11:00"},
          {"scene": "hero", "seconds": 4, "from": "11:00", "to": "15:00"},
          {"scene": "swatches", "seconds": 4, "from": "11:00", "to": "15:00"},
          {"scene": "spoiler", "seconds": 30, "default": true},
          {"scene": "transitions", "seconds": 3, "event": true, "from": "11:00"},
          {"scene": "cards", "seconds": 3, "event": true, "days": ["mon"], "from": "11:00", "to": "11:05"}]}
        """

    @Test func theSwitchComesOnTheFirstFrameAfterTheBoundaryAndEventsQueueThenTheLoopResumes() throws {
        let (r, _, _) = try kiosk(Self.cafe)
        #expect(name(r) == "gallery", "the breakfast menu at 10:59:50")
        #expect(r.secondsToPlaylistStep.map { abs($0 - 4) < 0.01 } == true, "its 4 s first: \(r.secondsToPlaylistStep ?? -1)")
        r.runHeadless(to: 9.99)
        #expect(name(r) == "gallery" || r.playlistIndex == 0)
        #expect(r.secondsToPlaylistStep.map { $0 < 0.02 } == true, "a still kiosk wakes at 11:00: \(r.secondsToPlaylistStep ?? -1)")
        r.runHeadless(to: 10.0)
        // 11:00: two events come due at once; the first listed plays, the second waits for it.
        #expect(name(r) == "transitions", "at 11:00 on the dot: \(name(r))")
        r.runHeadless(to: 12.9)
        #expect(name(r) == "transitions")
        r.runHeadless(to: 13.05)
        #expect(name(r) == "cards", "the second event after the first")
        r.runHeadless(to: 16.05)
        // The loop resumes: breakfast is over, so lunch's first entry.
        #expect(name(r) == "hero", "lunch after the events: \(name(r))")
        r.runHeadless(to: 20.05)
        #expect(name(r) == "swatches")
        r.runHeadless(to: 24.05)
        #expect(name(r) == "hero", "round the lunch loop")
    }

    @Test func theDefaultFillsTheGapAndAnEventResumesTheEntryItBrokeInto() throws {
        let text = """
            {"crossfade": 0, "hold": 0, "entries": [
              {"scene": "hero", "seconds": 30, "from": "10:00", "to": "11:00"},
              {"scene": "spoiler", "seconds": 20, "default": true},
              {"scene": "cards", "seconds": 3, "event": true, "from": "11:02"}]}
            """
        let (r, _, _) = try kiosk(text)
        #expect(name(r) == "hero")
        r.runHeadless(to: 10.05)
        #expect(name(r) == "spoiler", "11:00: nothing else is due, the default shows")
        r.runHeadless(to: 125)   // 11:01:55: the default's 20 s, round and round
        #expect(name(r) == "spoiler")
        let before = r.playlistIndex
        r.runHeadless(to: 130.05)
        #expect(name(r) == "cards", "the event at 11:02 breaks in")
        r.runHeadless(to: 133.1)
        #expect(name(r) == "spoiler" && r.playlistIndex == before, "then the default again")
    }

    @Test func aClockSetIsFollowedAtOnce() throws {
        let (r, wall, _) = try kiosk(Self.cafe)
        var lines: [String] = []
        r.log = { lines.append($0) }
        r.runHeadless(to: 2)
        #expect(name(r) == "gallery")
        // The clock set 4 h back (to 06:59:52), between two frames: no boundary is passed,
        // breakfast's window has simply not opened yet.
        wall.jump.withLock { $0 = -4 * 3600 }
        r.runHeadless(to: 2.05)
        #expect(name(r) == "spoiler", "at 06:59: only the default is due: \(name(r))")
        #expect(lines.contains { $0.contains("the clock was set (-14400") }, "\(lines)")
        // And 5 h on from there (NTP at boot), past the lunch window: the default again.
        wall.jump.withLock { $0 = 5 * 3600 }
        r.runHeadless(to: 2.1)
        #expect(name(r) == "spoiler" && lines.contains { $0.contains("the clock was set (+32400") }, "\(lines)")
    }

    @Test func schedulesThatCanNeverPlayAreRefusedWithTheirLineAndField() {
        let monday = CalendarDay(year: 2026, month: 12, day: 7)
        func refusal(_ entry: String) -> String {
            do {
                _ = try Playlist.parse("{\"entries\": [\n\(entry)]}", catalog: .lumen, today: monday)
                return "accepted"
            } catch { return error.description }
        }
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"days\": []}") == "line 2: entries[0].days: empty: the entry would never play (leave days out for every day)")
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"days\": [\"mon\", \"thur\"]}") == "line 2: entries[0].days[1]: unknown day \"thur\" (mon, tue, wed, thu, fri, sat, sun, or the whole name)")
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"from\": \"07:30\", \"to\": \"07:30\"}").hasPrefix("line 2: entries[0].to: the same time as from (07:30)"))
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"from\": \"7:30\"}") == "line 2: entries[0].from: expected a time of day as \"HH:MM\" (00:00–23:59), got \"7:30\"")
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"to\": \"24:30\"}").hasPrefix("line 2: entries[0].to: expected a time of day"))
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5,\n \"dates\": {\"to\": \"2026-12-06\"}}") == "line 3: entries[0].dates: ended on 2026-12-06: the entry would never play")
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"days\": [\"sat\"], \"dates\": {\"from\": \"2026-12-07\", \"to\": \"2026-12-11\"}}").contains("none of these days falls"))
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"event\": true}").contains("an event needs the time it plays"))
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"default\": true},\n{\"scene\": \"cards\", \"seconds\": 5, \"default\": true}") == "line 3: entries[1].default: entries[0] is the default already: a playlist has one")
        #expect(refusal("{\"scene\": \"hero\", \"seconds\": 5, \"days\": [\"mon\"], \"from\": \"22:00\", \"to\": \"02:00\", \"dates\": {\"to\": \"2026-12-06\"}}") == "accepted",
                "Sunday's overnight window still runs into Monday")
    }
}
