import SystemSupport

/// A playlist's schedule at work: entries by day and time, the default, events breaking in.
/// What may show changes only at boundaries (a window opening or closing, a day starting),
/// which the timetable computes ahead: the runner looks again on the first frame at or after
/// one, when the wall clock jumps, and never in between. A window wakes for a boundary on its
/// own (`secondsToPlaylistStep`, and the `WallClockAlarm`, which also goes off when the clock
/// is set), so an idle kiosk polls nothing.
extension SceneRunner {
    /// The wall clock moved this much more (or less) than the frames' clock: a clock set.
    static let clockJump = 2.0

    /// Looks at the schedule when a boundary has come or the wall clock jumped.
    func followSchedule(_ p: PlaylistPlayback) {
        let wall = wallClock()
        defer { p.lastWall = wall; p.lastNow = clock.now }
        let timetable = p.timetable(zone)
        guard timetable.isScheduled else { return }
        let drift = p.lastWall.map { (wall - $0) - (clock.now - p.lastNow) } ?? 0
        let jumped = abs(drift) > Self.clockJump || p.alarm?.takeClockSet() == true
        if jumped { log("the clock was set (\(drift >= 0 ? "+" : "")\(drift.short) s): the schedule is looked at again") }
        guard jumped || p.nextChange.map({ wall >= $0 }) ?? true else { return }
        p.nextChange = timetable.nextChange(after: wall)
        p.alarm?.arm(at: p.nextChange)
        applySchedule(p, at: wall)
    }

    /// Starts an event that came due, or leaves an entry whose window closed.
    func applySchedule(_ p: PlaylistPlayback, at wall: Double) {
        let timetable = p.timetable(zone)
        let today = zone.reading(at: wall).day
        p.played = p.played.filter { $0.day >= today.adding(days: -2) }
        for o in timetable.eventsDue(at: wall) where p.played.insert(o).inserted { p.eventQueue.append(o.index) }
        if !p.isPlayingEvent, let event = p.eventQueue.first {
            p.eventQueue.removeFirst()
            let left = max(p.entrySeconds - (clock.now - p.entryStart), 1)
            p.resume = (p.loopIndex, p.entrySeconds > 0 ? left : 0)
            return openEntry(event, fading: true, event: true)
        }
        if !p.isPlayingEvent, !mayShow(p, p.index, at: wall) {
            openEntry(nextLoopEntry(p, after: p.loopIndex, at: wall), fading: true)
        }
    }

    /// Whether entry `i` may show at `wall`: it is in the loop, or the loop is empty and it is
    /// the default (with no default, whatever shows stays).
    func mayShow(_ p: PlaylistPlayback, _ i: Int, at wall: Double) -> Bool {
        let timetable = p.timetable(zone)
        let loop = timetable.loop(at: wall)
        if !loop.isEmpty { return loop.contains(i) }
        return timetable.defaultIndex.map { $0 == i } ?? true
    }

    /// The loop's next entry after `i` at `wall`, round again; the default when the loop is
    /// empty; `i` itself when there is no default either.
    func nextLoopEntry(_ p: PlaylistPlayback, after i: Int, at wall: Double) -> Int {
        let timetable = p.timetable(zone)
        let loop = timetable.loop(at: wall)
        guard !loop.isEmpty else {
            if let d = timetable.defaultIndex { return d }
            return p.playlist.entries[min(i, p.playlist.entries.count - 1)].isEvent ? firstShowable(p) : min(i, p.playlist.entries.count - 1)
        }
        return loop.first { $0 > i } ?? loop[0]
    }

    /// The entry a playlist opens on: the loop's first due, else the default, else the first
    /// entry that is not an event.
    func firstEntry(_ p: PlaylistPlayback, at wall: Double) -> Int {
        let timetable = p.timetable(zone)
        return timetable.loop(at: wall).first ?? timetable.defaultIndex ?? firstShowable(p)
    }

    private func firstShowable(_ p: PlaylistPlayback) -> Int { p.playlist.entries.firstIndex { !$0.isEvent } ?? 0 }

    /// A window's alarm for the schedule's boundaries and clock sets (none headless: the
    /// tests move the clocks themselves).
    func armScheduleAlarm() {
        guard let p = playback, let wake, p.timetable(zone).isScheduled || p.pending != nil else { return }
        if p.alarm == nil { p.alarm = WallClockAlarm(wake: wake) }
    }
}
