import FoundationEssentials
import Imaging
import SystemSupport

/// Where a kiosk's playlist is: the entry on screen and since when, an edit waiting for the
/// next entry, the file it came from and its watch, and the cross-fade in progress.
final class PlaylistPlayback {
    var playlist: Playlist
    /// The entry on screen.
    var index = 0
    /// How long the entry on screen shows, in seconds (its own, or what was left of it when an
    /// event broke in; 0: until its video ends).
    var entrySeconds = 0.0
    /// The last entry of the loop shown (an event's place to come back to).
    var loopIndex = 0
    /// The entry on screen is an event.
    var isPlayingEvent = false
    /// Events that came due while another played, in turn.
    var eventQueue: [Int] = []
    /// Event windows already played (or queued), so each plays once.
    var played: Set<PlaylistTimetable.Occurrence> = []
    /// The loop's entry an event broke into, and its seconds left.
    var resume: (index: Int, seconds: Double)?
    /// The wall-clock instant what may show next changes (nil: not looked for yet).
    var nextChange: Double?
    /// The wall clock and the animation clock at the last update, to see the wall clock jump.
    var lastWall: Double?
    var lastNow = 0.0
    /// The video entry on screen: its files, the one playing, and its player.
    var video: (files: [String], at: Int, player: any VideoPlaying)?
    /// Videos opened ahead of their turn (by path), their first frame decoded before it.
    var prepared: [String: any VideoPlaying] = [:]
    /// The next entry was looked at for a video to open ahead (once an entry).
    var lookedAhead = false
    /// Video entries found with nothing to play (said once).
    var emptyVideoEntries: Set<Int> = []
    /// Files that failed, by their version (size and time): tried again only once changed.
    var failedVideos: [String: String] = [:]
    /// Wakes the window at a boundary or when the clock is set (nil: no window, or no schedule).
    var alarm: WallClockAlarm?
    /// Clock time the entry opened, or its first frame was shown in a window (its seconds count
    /// from what a visitor sees, however late a loaded machine shows the first frame).
    var entryStart = 0.0
    /// Whether a window has shown a frame of the entry yet.
    var entryShown = false
    /// A good edit of the file, used from the next entry on.
    var pending: Playlist?
    /// The file (nil: a playlist given in code) and the text last read from it.
    let path: String?
    var lastText: String?
    /// Watches the file's folder (editors save by writing a new file and renaming it over).
    var watcher: FolderWatcher?
    /// The previous entry's last frame fades out from this clock time (nil: not yet, while the
    /// new scene's photos come in).
    var fadeStart: Double?
    /// Frames of the entry built since it opened (its scene has asked for its photos by the
    /// first; a photo the renderer found unloaded is asked for again as that frame ends, so the
    /// second is the first whose wants the loader surely has).
    var framesBuiltSinceOpen = 0
    /// When the cover went up (it fades at the latest `PlaylistPlayback.photoWait` after).
    var coverSince: Double?
    /// The image memory's use mark when the entry opened: what was not used since is the
    /// previous entry's, given back once the cross-fade no longer shows it.
    var memoryMark: Int?
    /// The photos of entries without `images` (the command line's `--images`).
    let defaultImages: [String]

    /// How long a cover waits for the next scene's photos before fading anyway (seconds).
    static let photoWait = 2.0

    /// The scenes an edited playlist may name.
    let catalog: SceneCatalog

    init(playlist: Playlist, path: String?, defaultImages: [String], catalog: SceneCatalog) {
        self.catalog = catalog
        self.playlist = playlist
        self.path = path
        self.defaultImages = defaultImages
    }

    var entry: Playlist.Entry { playlist.entries[index] }
    /// What may show when.
    func timetable(_ zone: any LocalZone) -> PlaylistTimetable { PlaylistTimetable(playlist, zone: zone) }

    /// Whether the cover is up (waiting or fading).
    var isCovering: Bool { coverSince != nil }

    /// What an edit of the file gave: a playlist to use from the next entry, or why not.
    enum Edit {
        case good(Playlist)
        case bad(String)
    }

    /// The edit made since the last look, if the file's text changed.
    func takeEdit() -> Edit? {
        guard let path, let w = watcher, w.takeChanges().changed else { return nil }
        let data = FileManager.default.contents(atPath: path)
        let text = data.flatMap { String(validating: $0, as: UTF8.self) }
        guard text != lastText || text == nil else { return nil }
        lastText = text
        guard let text else { return .bad("\(path): cannot be read" + (data == nil ? "" : " as UTF-8 text")) }
        do { return .good(try Playlist.parse(text, catalog: catalog)) } catch { return .bad("\(path) \(error)") }
    }
}
