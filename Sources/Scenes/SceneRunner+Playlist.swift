import Animation
import FoundationEssentials
import Imaging
import Render
import SystemSupport
import Widgets

/// A kiosk's playlist (`--playlist FILE`): each entry's scene, with its photos and settings,
/// for its seconds, then the next, round and round. The last frame of an entry covers the next
/// one's start and fades away (once the new scene's photos are in, or after 2 s); each entry
/// opens playing its scene's attract loop, which a touch stops as in attract mode. A visitor's
/// touch holds the entry `hold` seconds. An edit of the file is used from the next entry; an
/// edit that does not parse is logged and the last good playlist goes on.
extension SceneRunner {
    /// Starts playing `playlist` from its first entry (the first the schedule allows), or from
    /// entry `resuming` (0-based) when the schedule allows that one (a kiosk restarted after a
    /// hang comes back where it was); with `path`, the file is watched for edits.
    package func play(_ playlist: Playlist, from path: String? = nil, resuming: Int? = nil) {
        let p = PlaylistPlayback(playlist: playlist, path: path, defaultImages: environment.photoSource, catalog: catalog)
        if let path {
            p.lastText = FileManager.default.contents(atPath: path).flatMap { String(validating: $0, as: UTF8.self) }
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            let wake = self.wake
            p.watcher = FolderWatcher(folders: [folder.isEmpty ? "/" : folder]) { wake?() }
        }
        playback = p
        armScheduleAlarm()
        let wall = wallClock()
        p.lastWall = wall
        p.lastNow = clock.now
        if let i = resuming, playlist.entries.indices.contains(i), !playlist.entries[i].isEvent, mayShow(p, i, at: wall) {
            log("playlist: coming back to entry \(i + 1), where the last run stopped without quitting")
            openEntry(i, fading: false)
        } else {
            openEntry(firstEntry(p, at: wall), fading: false)
        }
        p.nextChange = p.timetable(zone).nextChange(after: wall)
        p.alarm?.arm(at: p.nextChange)
        applySchedule(p, at: wall)
    }

    /// The playlist playing, if any.
    package var playlist: Playlist? { playback?.playlist }

    /// When the playlist last read wants the screen off: an edit's `"screen-off"` applies at
    /// once, not from the next entry as its entries do.
    package var playlistScreenOff: ScreenSchedule? { (playback?.pending ?? playback?.playlist)?.screenOff }
    /// The index of the entry on screen.
    package var playlistIndex: Int? { playback?.index }

    /// Seconds (on the clock) until the playlist may move on, for a host that sleeps while
    /// idle: the entry's end, or the schedule's next boundary.
    package var secondsToPlaylistStep: Double? {
        guard let p = playback else { return nil }
        let step = nextEntryTime(p).map { max($0 - clock.now, 0) }
        let boundary = p.nextChange.map { max($0 - wallClock(), 0) }
        return [step, boundary].compactMap { $0 }.min()
    }

    /// A window showed a frame: the entry's seconds count from its first one.
    func entryFrameShown() {
        guard let p = playback, !p.entryShown else { return }
        p.entryShown = true
        p.entryStart = clock.now
    }

    /// Whether the cross-fade cover is up (the host keeps drawing while it fades).
    var isCrossFading: Bool { playback?.isCovering ?? false }

    /// The earliest clock time the entry on screen may end: its seconds, and `hold` seconds
    /// after the last input (nil: it ends with its video).
    private func nextEntryTime(_ p: PlaylistPlayback) -> Double? {
        guard p.entrySeconds > 0 else { return nil }
        let due = p.entryStart + p.entrySeconds
        return p.playlist.hold > 0 && !p.isPlayingEvent ? max(due, lastInputTime + p.playlist.hold) : due
    }

    /// Takes an edit of the playlist's file, if one came: kept for the next entry (its
    /// `"screen-off"` is followed at once), or a broken one logged. A host whose time stands
    /// still (the screen off) calls it too, so an edit is not left waiting for the morning.
    package func takePlaylistEdit() {
        guard let p = playback else { return }
        switch p.takeEdit() {
        case .good(let edited)?:
            p.pending = edited
            log("playlist changed (\(edited.entries.count) entries): used from the next entry")
        case .bad(let why)?:
            LogFields.warning(about: p.path) { log("playlist edit not used: \(why); the last good playlist goes on") }
        case nil: break
        }
    }

    /// Called as time moves: takes edits of the file, follows the schedule, moves to the next
    /// entry when due, and fades the cover.
    func updatePlaylist() {
        guard let p = playback else { return }
        takePlaylistEdit()
        followSchedule(p)
        updateVideo(p)
        if let end = nextEntryTime(p), clock.now >= end { entryEnded(p) }
        fadeCover(p)
        // Half a second after the previous entry last showed, the new scene has drawn and
        // touched what it uses: the rest was the previous entry's.
        if !p.isCovering, p.memoryMark != nil, clock.now >= p.entryStart + 0.5 { releasePreviousEntry(p) }
    }

    /// The entry on screen is over: the next event waiting, the entry an event broke into, or
    /// the loop's next.
    func entryEnded(_ p: PlaylistPlayback) {
        if let edited = p.pending {
            p.playlist = edited
            p.pending = nil
            p.eventQueue.removeAll()
            p.resume = nil
            p.loopIndex = min(p.loopIndex, edited.entries.count - 1)
            p.nextChange = nil
            armScheduleAlarm()
        }
        let wall = wallClock()
        if let event = p.eventQueue.first {
            p.eventQueue.removeFirst()
            return openEntry(event, fading: true, event: true)
        }
        if p.isPlayingEvent, let r = p.resume, mayShow(p, r.index, at: wall) {
            p.resume = nil
            return openEntry(r.index, fading: true, seconds: r.seconds)
        }
        p.resume = nil
        openEntry(nextLoopEntry(p, after: p.loopIndex, at: wall), fading: true)
    }

    /// Opens entry `i` of the playlist, with the last frame over it to fade from; `seconds`
    /// overrides its length (what was left of it when an event broke in).
    func openEntry(_ i: Int, fading: Bool, seconds: Double? = nil, event: Bool = false) {
        guard let p = playback else { return }
        p.index = i
        p.framesBuiltSinceOpen = 0
        p.lookedAhead = false
        p.isPlayingEvent = event
        if !event { p.loopIndex = i }
        let entry = p.entry
        p.entrySeconds = seconds ?? entry.seconds
        leaveVideo(p, keeping: entry.isVideo ? VideoFiles.list(entry.video).first : nil)
        // The last frame stays over the new entry until it has its pictures (then fades, or
        // goes at once without a cross-fade): no half-loaded frame shows.
        if fading {
            let pixels = snapshot(scale: environment.scale, with: snapshotRenderer)
            shell.cover.asset = ImageAsset(name: "previous entry", pixels: pixels)
            shell.cover.opacity = 1
            shell.cover.isHidden = false
            p.coverSince = clock.now
            p.fadeStart = nil
        }
        if entry.isVideo {
            log("playlist \(event ? "event" : "entry") \(i + 1) of \(p.playlist.entries.count): video \(entry.title)"
                + (p.entrySeconds > 0 ? " for \(p.entrySeconds.short) s" : ""))
            p.memoryMark = loader.memory.mark
            p.entryStart = clock.now
            p.entryShown = false
            // A video is its own attract loop: idle time never rebuilds it.
            attractStart = clock.now
            attractWake = nil
            openVideoEntry(p, i)
            return
        }
        // The entry's photos (or the default ones), listed again only when they differ.
        let source = entry.images.isEmpty ? p.defaultImages : entry.images
        if source != environment.photoSource || environment.photos == nil && !source.isEmpty {
            environment.photoSource = source
            if source.isEmpty {
                environment.photos = nil
            } else {
                do { environment.photos = try PhotoLibrary.photos(in: source, skipped: reportSkipped) } catch {
                    // Not there (yet): shown empty, and picked up when it comes (watched).
                    environment.photos = []
                    log("playlist entry \(i + 1): \(error.message); waiting for it")
                }
            }
            watchPhotoFolders()
        }
        sceneSettings[entry.scene] = entry.settings
        p.memoryMark = loader.memory.mark
        open(entry.scene)
        openPending()
        p.entryStart = clock.now
        p.entryShown = false
        // An entry plays the scene's attract loop until someone touches it.
        attractStart = clock.now
        attractStep = -1
        attractWake = clock.now   // its first step: now
        let what = event ? "event" : "entry"
        log("playlist \(what) \(i + 1) of \(p.playlist.entries.count): \(entry.title) for \(p.entrySeconds.short) s")
    }

    /// Gives back the photos and copies only the previous entry used (decoded again if it comes
    /// round), so a kiosk's memory follows the scene on screen instead of filling the budget
    /// with every scene of the playlist.
    private func releasePreviousEntry(_ p: PlaylistPlayback) {
        guard let mark = p.memoryMark else { return }
        p.memoryMark = nil
        // What the new scene drew since it opened was used after the mark and stays.
        loader.memory.evict(usedBefore: mark)
    }

    /// Holds the cover until the new scene's photos are in (at most `photoWait`), then fades it
    /// out over the playlist's `crossfade` seconds, easing in and out.
    private func fadeCover(_ p: PlaylistPlayback) {
        guard let since = p.coverSince else { return }
        // Ready: the video's first frame is in, or the scene has been laid out and drawn twice
        // (asking for its photos), they have come, and the window's renderer has made the
        // copies it draws them from.
        let settled = (snapshotRenderer as? any SettlesPictures)?.picturesSettled ?? true
        let ready = p.video.map { $0.player.state != .starting } ?? (p.framesBuiltSinceOpen >= 2 && !loader.isBusy && settled)
        if p.fadeStart == nil, ready || clock.now - since >= PlaylistPlayback.photoWait {
            p.fadeStart = clock.now
        }
        guard let start = p.fadeStart else { return }
        let progress = p.playlist.crossfade > 0 ? min(max((clock.now - start) / p.playlist.crossfade, 0), 1) : 1
        if progress >= 1 {
            shell.cover.isHidden = true
            shell.cover.asset = AppShell.emptyCover()
            p.coverSince = nil
            p.fadeStart = nil
        } else {
            shell.cover.opacity = 1 - TimingCurve.easeInOut.value(progress)
        }
    }
}
