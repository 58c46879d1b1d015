import Geometry
import Imaging
import Render
import SystemSupport

/// A playlist's video entries: each file played by a sandboxed worker, at its own frame times;
/// a folder's files in turn; the next video opened and its first frame decoded (and uploaded,
/// on the GPU) before its turn, so a switch shows its first frame at once, never black.
extension SceneRunner {
    /// Seconds before an entry's end that the next entry's video is opened.
    static let videoLead = 2.5

    /// Opens video entry `i`: its first playable file, prepared ahead when it could be.
    func openVideoEntry(_ p: PlaylistPlayback, _ i: Int) {
        let files = VideoFiles.list(p.entry.video)
        guard openNow(VideoScene.self), let scene = scene as? VideoScene else { return }
        p.video = nil
        if !playVideo(p, files: files, from: 0, in: scene) {
            // Said once until one plays again: a playlist of nothing but broken videos would
            // otherwise say it every frame.
            if p.emptyVideoEntries.insert(i).inserted {
                LogFields.warning { log("playlist entry \(i + 1): no video to play in \(p.entry.title); skipped") }
            }
            p.entrySeconds = 0.001
        } else {
            p.emptyVideoEntries.remove(i)
        }
    }

    /// Plays the first playable file from `start`; false when none is.
    private func playVideo(_ p: PlaylistPlayback, files: [String], from start: Int, in scene: VideoScene) -> Bool {
        guard let videos else { return false }
        for at in files.indices where at >= start {
            let path = files[at]
            if let bad = p.failedVideos[path], bad == VideoFiles.version(path) { continue }
            if VideoFiles.isStillArriving(path, now: wallClock()) {
                log("video \(path): still being copied in; played once it is complete")
                continue
            }
            let player = p.prepared.removeValue(forKey: path)
                ?? videos.open(path: path, size: videoSize, loops: p.entry.loops && files.count == 1, sound: p.entry.sound, wake: wake)
            p.video = (files, at, player)
            scene.show(player)
            return true
        }
        return false
    }

    /// The largest picture a video is decoded to: the window in device pixels.
    private var videoSize: Size {
        Size(width: (tree.size.width * environment.scale).rounded(), height: (tree.size.height * environment.scale).rounded())
    }

    /// Moves the video on screen to now; the next file, or the entry's end, when it is over.
    func updateVideo(_ p: PlaylistPlayback) {
        for player in p.prepared.values { _ = player.showFirstFrame(); prepareUpload(player) }
        defer { prepareNextVideo(p) }
        guard let (files, at, player) = p.video, let scene = scene as? VideoScene else { return }
        if player.state == .starting ? player.showFirstFrame() : player.show(at: clock.now) { scene.picture.setNeedsDisplay() }
        player.takeLogLines().forEach(log)
        switch player.state {
        case .failed(let why):
            LogFields.warning(about: files[at]) { log("video \(files[at]): \(why); skipped") }
            p.failedVideos[files[at]] = VideoFiles.version(files[at])
            player.stop()
            nextFile(p, files, after: at, in: scene)
        case .ended where files.count > 1 || p.entrySeconds == 0:
            player.stop()
            player.takeLogLines().forEach(log)
            nextFile(p, files, after: at, in: scene)
        default: break
        }
    }

    /// The folder's next playable file; round the folder again while the entry's seconds last;
    /// else the entry is over (a file that cannot be played costs its turn, nothing more).
    private func nextFile(_ p: PlaylistPlayback, _ files: [String], after at: Int, in scene: VideoScene) {
        if playVideo(p, files: files, from: at + 1, in: scene) { return }
        if p.entrySeconds > 0, files.count > 1, playVideo(p, files: files, from: 0, in: scene) { return }
        p.video = nil
        entryEnded(p)
    }

    /// Opens the next video before its turn: the folder's next file, or the next entry's first.
    private func prepareNextVideo(_ p: PlaylistPlayback) {
        guard let videos, p.prepared.isEmpty else { return }
        var next: String?
        let wall = wallClock()
        // Looked for only near a boundary (an event's `from` is one), and the next entry once
        // an entry: the zone's lookups and a folder's listing are not work for every frame.
        if let change = p.nextChange, change - wall <= Self.videoLead,
           let event = p.timetable(zone).eventsOpening(after: wall, within: Self.videoLead).first, p.playlist.entries[event].isVideo {
            // An event's moment is known ahead too.
            next = VideoFiles.list(p.playlist.entries[event].video).first
        } else if let (files, at, player) = p.video, at + 1 < files.count,
           let length = player.length, case .playing = player.state, clock.now - p.entryStart > length - Self.videoLead {
            next = files[at + 1]
        } else if !p.lookedAhead, let end = entryEndEstimate(p), end - clock.now < Self.videoLead {
            p.lookedAhead = true
            let i = p.eventQueue.first ?? (p.isPlayingEvent ? p.resume?.index : nil) ?? nextLoopEntry(p, after: p.loopIndex, at: wall)
            if i < p.playlist.entries.count, p.playlist.entries[i].isVideo, i != p.index || !p.entry.isVideo {
                next = VideoFiles.list(p.playlist.entries[i].video).first
            }
        }
        guard let path = next, p.failedVideos[path] == nil, !VideoFiles.isStillArriving(path, now: wallClock()) else { return }
        let entry = p.playlist.entries.first { $0.video.contains(path) } ?? p.entry
        p.prepared[path] = videos.open(path: path, size: videoSize, loops: entry.loops && VideoFiles.list(entry.video).count == 1,
                                       sound: entry.sound, wake: wake)
    }

    /// When the entry on screen will end, as far as is known now.
    private func entryEndEstimate(_ p: PlaylistPlayback) -> Double? {
        if p.entrySeconds > 0 { return p.entryStart + p.entrySeconds }
        guard let (files, _, player) = p.video, files.count == 1, let length = player.length else { return nil }
        return p.entryStart + length
    }

    /// Hands a prepared video's first frame to the window's renderer now (the GPU uploads it),
    /// so that the switch does not wait for the upload.
    private func prepareUpload(_ player: any VideoPlaying) {
        guard player.asset.frameNumber == 1, let renderer = snapshotRenderer else { return }
        (renderer as? any PreparesPictures)?.prepare(player.asset)
    }

    /// Stops the video of the entry that is leaving and every prepared one no longer wanted.
    func leaveVideo(_ p: PlaylistPlayback, keeping path: String?) {
        if let (_, _, player) = p.video { player.stop(); player.takeLogLines().forEach(log) }
        p.video = nil
        for (other, player) in p.prepared where other != path { player.stop(); p.prepared[other] = nil }
    }
}
