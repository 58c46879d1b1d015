import FoundationEssentials
import SystemSupport

/// What a kiosk shows, in turn (`lumen --kiosk --playlist FILE`): a JSON file such as
///
///     {"crossfade": 0.8,
///      "entries": [{"scene": "gallery", "seconds": 60, "images": "/media/usb/photos",
///                   "settings": {"cornerRadius": "30"}},
///                  {"scene": "hero", "seconds": 30}]}
///
/// - `crossfade`: seconds the last frame of an entry takes to fade into the next (0.8; 0–10).
/// - `hold`: an entry does not end sooner than this many seconds after the last touch, so a
///   visitor is not cut off mid-use (15; 0: entries end on time whatever happens).
/// - `sound`: whether videos play their sound (false: a kiosk is muted).
/// - `entries` (at least one): `scene` (a scene's name) or `video` (a file or folder of videos,
///   or a list), `seconds` (how long it shows, ≥ 1; a video without it plays once), `images`
///   (a file or folder, or a list of them; the command line's `--images` or the bundled photos
///   when absent) and `settings` (the scene's `--set` values; text, numbers or true/false),
///   `loop` and `sound` for a video; when it may show (`days`, `from`, `to`, `dates`: see
///   `Schedule`), and whether it is the `default` (shown while nothing else is due) or an
///   `event` (played once at its `from`, over whatever shows).
/// - `screen-off`: when the screen is off, as `--screen-off` writes it (`"22:00-07:00"`, or a
///   list of such texts); it replaces the command line's while the playlist runs.
///
/// Unknown keys are refused, so a misspelt one is not silently ignored. Every error names the
/// line, the field and the reason: `line 4: entries[1].seconds: expected a number of seconds
/// (at least 1), got "thirty"`.
public struct Playlist: Equatable, Sendable {
    /// One thing the playlist shows, for so long: a scene (with its photos and settings) or a
    /// video, at any time or on a schedule, in the loop, as the default or as an event.
    public struct Entry: Equatable, Sendable {
        /// The scene's name (empty for a video entry).
        public var scene: String
        /// How long it shows, in seconds. For a video entry, 0 when the file gives none: one
        /// play of the video (of each, in turn, for a folder).
        public var seconds: Double
        /// Photo files and folders (empty: the default photos).
        public var images: [String]
        /// `--set` values for the scene.
        public var settings: [String: String]
        /// Video files and folders of videos, played in turn (empty: a scene entry).
        public var video: [String] = []
        /// A video starts again from its beginning until the entry's seconds are up (else it
        /// plays once and its last frame stays).
        public var loops = false
        /// A video's sound plays (a kiosk is muted unless the playlist says).
        public var sound = false
        /// When it may show (nil: whenever its turn comes).
        public var schedule: Schedule?
        /// Plays once at its time, over whatever is on screen, then the loop goes on where it was.
        public var isEvent = false
        /// Shows while nothing else is due.
        public var isDefault = false
        /// An entry showing `scene` for `seconds`, with its photos and settings.
        public init(scene: String, seconds: Double, images: [String] = [], settings: [String: String] = [:]) {
            self.scene = scene; self.seconds = seconds; self.images = images; self.settings = settings
        }
        /// An entry playing the videos at `paths` (files or folders), for `seconds` (0: one play).
        public init(video paths: [String], seconds: Double = 0, loops: Bool = false, sound: Bool = false) {
            self.init(scene: "", seconds: seconds)
            video = paths; self.loops = loops; self.sound = sound
        }
        /// Whether it plays videos rather than a scene.
        public var isVideo: Bool { !video.isEmpty }
        /// What it shows, for logs: the scene's name or the video's.
        public var title: String { isVideo ? video.count == 1 ? video[0] : "\(video[0]) and \(video.count - 1) more" : scene }
    }

    /// Seconds of crossfade between entries, unless the file says.
    public static let defaultCrossfade = 0.8
    /// The hold after the last touch, in seconds, unless the file says.
    public static let defaultHold = 15.0

    /// Seconds of crossfade between entries.
    public var crossfade: Double
    /// The least seconds an entry lasts after the last touch, so a visitor is not cut off.
    public var hold: Double
    /// The entries, played in order, round again.
    public var entries: [Entry]
    /// When the screen is off (`"screen-off"`), nil when the file does not say.
    package var screenOff: ScreenSchedule?

    /// A playlist of `entries`.
    public init(crossfade: Double = Playlist.defaultCrossfade, hold: Double = Playlist.defaultHold, entries: [Entry]) {
        self.crossfade = crossfade; self.hold = hold; self.entries = entries
    }

    /// A playlist that cannot be used: where and why, in one line.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The line of the file.
        public let line: Int
        /// The field's path (`entries[1].seconds`); empty for a syntax error.
        public let field: String
        /// What is wrong.
        public let reason: String
        public var description: String { "line \(line): " + (field.isEmpty ? "" : "\(field): ") + reason }
    }

    /// Reads and checks a playlist's text against the scenes of `catalog`.
    public static func parse(_ text: String, catalog: SceneCatalog) throws(Playlist.Error) -> Playlist {
        try parse(text, catalog: catalog, today: nil)
    }

    /// Reads and checks a playlist's text against the scenes of `catalog`, as of `today`: the
    /// local date a date range must not have ended by (nil: the system clock's).
    public static func parse(_ text: String, catalog: SceneCatalog, today: CalendarDay?) throws(Playlist.Error) -> Playlist {
        let root: JSONNode
        do { root = try JSONReader.parse(text) } catch {
            throw Playlist.Error(line: error.line, field: "", reason: "\(error.reason) (column \(error.column))")
        }
        let top = try members(of: root, field: "the playlist", keys: ["crossfade", "hold", "sound", "screen-off", "entries"])
        var playlist = Playlist(entries: [])
        if let c = top["crossfade"] {
            playlist.crossfade = try number(c, field: "crossfade", in: 0...10, what: "a number of seconds from 0 to 10")
        }
        if let h = top["hold"] {
            playlist.hold = try number(h, field: "hold", in: 0...3600, what: "a number of seconds from 0 to 3600")
        }
        if let node = top["screen-off"] { playlist.screenOff = try screenSchedule(node) }
        guard let list = top["entries"] else { throw Playlist.Error(line: root.line, field: "entries", reason: "missing (a list of what to show)") }
        guard case .array(let items) = list.value else { throw wrongType(list, field: "entries", expected: "a list of entries") }
        guard !items.isEmpty else { throw Playlist.Error(line: list.line, field: "entries", reason: "empty (a playlist shows at least one entry)") }
        let sound = try top["sound"].map { n throws(Playlist.Error) in try flag(n, field: "sound") } ?? false
        let day = today ?? SystemZone().reading(at: SystemTimeZone.now()).day
        for (i, item) in items.enumerated() {
            playlist.entries.append(try entry(item, field: "entries[\(i)]", catalog: catalog, sound: sound, today: day))
        }
        try checkRoles(playlist, items)
        return playlist
    }

    /// Reads and checks the playlist at `path`; the error starts with the file's name.
    public static func load(path: String, catalog: SceneCatalog) throws(SettingError) -> Playlist {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingError("\(path): cannot be read (no such file, or no permission)")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw SettingError("\(path): not UTF-8 text") }
        do { return try parse(text, catalog: catalog) } catch { throw SettingError("\(path) \(error)") }
    }

    /// An object's members by key; a key not in `keys` is an error at its line.
    static func members(of node: JSONNode, field: String, keys: [String]) throws(Playlist.Error) -> [String: JSONNode] {
        guard case .object(let items) = node.value else { throw wrongType(node, field: field, expected: "an object { … }") }
        var out: [String: JSONNode] = [:]
        for item in items {
            guard keys.contains(item.key) else {
                let path = field == "the playlist" ? item.key : "\(field).\(item.key)"
                throw Playlist.Error(line: item.line, field: path, reason: "unknown key (known here: \(keys.joined(separator: ", ")))")
            }
            out[item.key] = item.value
        }
        return out
    }

    static func number(_ node: JSONNode, field: String, in range: ClosedRange<Double>, what: String) throws(Playlist.Error) -> Double {
        guard case .number(let v) = node.value, range.contains(v) else { throw wrongType(node, field: field, expected: what) }
        return v
    }

    static func wrongType(_ node: JSONNode, field: String, expected: String) -> Playlist.Error {
        Playlist.Error(line: node.line, field: field, reason: "expected \(expected), got \(describe(node))")
    }

    /// How a value reads in a message: `"thirty"`, `-3`, `a list`.
    private static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let v): v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .bool(let b): String(b)
        case .null: "null"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
