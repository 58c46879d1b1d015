import FoundationEssentials
import Geometry
import Platform
import Scenes

/// What the command line asks for.
enum Command: Equatable {
    case window(WindowOptions)
    case render(RenderOptions)
    case record(RecordOptions)
    case bench(BenchOptions)
    case curve(CurveOptions)
    case help
}


struct WindowOptions: Equatable {
    var scene = SceneOptions()
    var fullscreen = false
    /// `--display N`: the display to open on (0 the first).
    var display: Int?
    /// `--rotate 0|90|180|270`: the picture turned clockwise, for a display mounted turned.
    var rotation = DisplayRotation.none
    /// `--present auto|surface|texture`.
    var present = PresentPath.auto
    /// Quit after this many seconds (demos, tests).
    var exitAfter: Double?
    /// Write the window's last frame to this PNG when quitting.
    var screenshot: String?
    /// Print the semantics tree when quitting.
    var semantics = false
    /// Play this input script (see `InputScript`).
    var script: String?
    /// Write one CSV line per frame here.
    var trace: String?
    /// `--playlist FILE`: what a kiosk shows in turn, read and checked at start.
    var playlist: PlaylistFile?
    init() {}
}

/// A playlist and the file it was read from (watched for edits).
struct PlaylistFile: Equatable {
    var path: String
    var playlist: Playlist
}

struct RenderOptions: Equatable {
    var scene = SceneOptions()
    var out: String?
    var semantics = false
    /// Input played before rendering (taps, wheel), on a 60 Hz clock up to --time.
    var script: String?
    init() {}
}

struct RecordOptions: Equatable {
    var scene = SceneOptions()
    var out = ""
    var duration = 0.0
    var fps = 30.0
    var script: String?
    init() {}
}

struct BenchOptions: Equatable {
    var scene = SceneOptions()
    var frames = 300
    var json = false
    /// Open a window and measure presenting too.
    var window = false
    /// How that window presents (`--present`).
    var present = PresentPath.auto
    /// `--decode PATH…`: measure decoding these photos to thumbnails instead of a scene.
    var decode: [String] = []
    /// `--width N`: the thumbnails' width for `--decode`.
    var thumbnailWidth = 720
    init() {}
}

struct CurveOptions: Equatable {
    var spec = ""
    var samples = 61
    /// Overrides the duration of a curve (not of a spring).
    var duration: Double?
    init() {}
}

/// Parses `lumen`'s arguments (without the program name).
enum OptionsParser {
    static func parse(_ args: [String]) throws(UsageError) -> Command {
        var rest = args[...]
        var mode = "window"
        if let first = rest.first, !first.hasPrefix("-") {
            guard ["render", "record", "bench", "curve"].contains(first) else {
                throw UsageError("unknown command '\(first)' (expected render, record, bench or curve; see --help)")
            }
            mode = first
            rest = rest.dropFirst()
        }
        var scene = SceneOptions()
        var sceneGiven = false
        var window = WindowOptions(), render = RenderOptions(), bench = BenchOptions(), curve = CurveOptions()
        var record = RecordOptions()

        func value(_ flag: String) throws(UsageError) -> String {
            guard let v = rest.popFirst(), !v.isEmpty else { throw UsageError("\(flag) needs a value") }
            return v
        }
        func number(_ flag: String, min: Double? = nil, positive: Bool = false) throws(UsageError) -> Double {
            let raw = try value(flag)
            guard let v = Double(raw), v.isFinite else { throw UsageError("\(flag) expects a number, got '\(raw)'") }
            if positive && !(v > 0) { throw UsageError("\(flag) must be greater than 0, got '\(raw)'") }
            if let m = min, v < m { throw UsageError("\(flag) must be at least \(m.short), got '\(raw)'") }
            return v
        }
        func only(_ flag: String, _ modes: String...) throws(UsageError) {
            guard modes.contains(mode) else { throw UsageError("\(flag) is not an option of \(mode == "window" ? "the window" : mode)") }
        }

        while let arg = rest.popFirst() {
            switch arg {
            case "-h", "--help": return .help
            case "--scene":
                let name = try value(arg)
                guard SceneCatalog.names.contains(name) else {
                    throw UsageError("unknown scene '\(name)' (scenes: \(SceneCatalog.names.joined(separator: ", ")))")
                }
                scene.scene = name
                sceneGiven = true
            case "--size": scene.size = try parseSize(try value(arg))
            case "--scale": scene.scale = try number(arg, positive: true)
                if let s = scene.scale, s > 8 { throw UsageError("--scale must be at most 8, got '\(s.short)'") }
            case "--time": scene.time = try number(arg, min: 0)
            case "--scroll": scene.scroll = try number(arg)
            case "--reduce-motion": scene.reduceMotion = true
            case "--bare": scene.chrome = false
            case "--images":
                var paths: [String] = []
                while let next = rest.first, !next.hasPrefix("-") || FileManager.default.fileExists(atPath: next) {
                    paths.append(next)
                    rest = rest.dropFirst()
                }
                guard !paths.isEmpty else { throw UsageError("--images needs at least one file or folder") }
                scene.images += paths
            case "--image-memory":
                let mb = try number(arg, min: 16)
                guard mb == mb.rounded(), mb <= 65536 else { throw UsageError("--image-memory expects whole megabytes from 16 to 65536, got '\(mb.short)'") }
                scene.imageMemoryBytes = Int(mb) << 20
            case "--threads":
                let n = try number(arg, min: 1)
                guard n == n.rounded(), n <= 64 else { throw UsageError("--threads expects a whole number from 1 to 64, got '\(n.short)'") }
                scene.threads = Int(n)
            case "--set":
                let raw = try value(arg)
                let parts = raw.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else { throw UsageError("--set expects NAME=VALUE, got '\(raw)'") }
                scene.settings[parts[0]] = parts[1]
            case "--fullscreen": try only(arg, "window"); window.fullscreen = true
            case "--kiosk": try only(arg, "window"); window.fullscreen = true; scene.kiosk = true; scene.chrome = false
            case "--rotate":
                try only(arg, "window")
                let v = try value(arg)
                guard let degrees = Int(v), let r = DisplayRotation(rawValue: degrees) else {
                    throw UsageError("--rotate expects 0, 90, 180 or 270, got '\(v)'")
                }
                window.rotation = r
            case "--playlist":
                try only(arg, "window")
                let path = try value(arg)
                do { window.playlist = PlaylistFile(path: path, playlist: try Playlist.load(path: path)) } catch { throw UsageError("--playlist: \(error.message)") }
            case "--idle":
                try only(arg, "window")
                scene.idleTimeout = try number(arg, min: 0)
            case "--display":
                try only(arg, "window")
                let n = try number(arg, min: 0)
                guard n == n.rounded(), n < 64 else { throw UsageError("--display expects a display number (0 the first), got '\(n.short)'") }
                window.display = Int(n)
            case "--present":
                try only(arg, "window", "bench")
                let v = try value(arg)
                guard let p = PresentPath(rawValue: v) else { throw UsageError("--present expects auto, surface or texture, got '\(v)'") }
                window.present = p
                bench.present = p
            case "--exit-after": try only(arg, "window"); window.exitAfter = try number(arg, min: 0)
            case "--screenshot": try only(arg, "window"); window.screenshot = try value(arg)
            case "--script": try only(arg, "window", "render", "record"); let v = try value(arg); window.script = v; render.script = v; record.script = v
            case "--trace": try only(arg, "window"); window.trace = try value(arg)
            case "--semantics": try only(arg, "window", "render"); window.semantics = true; render.semantics = true
            case "--out": try only(arg, "render", "record"); let v = try value(arg); render.out = v; record.out = v
            case "--fps":
                try only(arg, "record")
                record.fps = try number(arg, positive: true)
                guard record.fps <= 240 else { throw UsageError("--fps must be at most 240, got '\(record.fps.short)'") }
            case "--decode":
                try only(arg, "bench")
                while let next = rest.first, !next.hasPrefix("-") { bench.decode.append(next); rest = rest.dropFirst() }
                guard !bench.decode.isEmpty else { throw UsageError("--decode needs at least one file or folder") }
                for p in bench.decode where !FileManager.default.fileExists(atPath: p) {
                    throw UsageError("--decode: \(p): no such file or folder")
                }
            case "--width":
                try only(arg, "bench")
                let n = try number(arg, min: 1)
                guard n == n.rounded(), n <= 16384 else { throw UsageError("--width expects whole pixels from 1 to 16384, got '\(n.short)'") }
                bench.thumbnailWidth = Int(n)
            case "--frames":
                try only(arg, "bench")
                let n = try number(arg, min: 1)
                guard n == n.rounded(), n <= 1_000_000 else { throw UsageError("--frames expects a whole number up to 1000000, got '\(n.short)'") }
                bench.frames = Int(n)
            case "--json": try only(arg, "bench"); bench.json = true
            case "--samples":
                try only(arg, "curve")
                let n = try number(arg, min: 2)
                guard n == n.rounded(), n <= 100_000 else { throw UsageError("--samples expects a whole number from 2 to 100000, got '\(n.short)'") }
                curve.samples = Int(n)
            case "--duration":
                try only(arg, "curve", "record")
                let d = try number(arg, positive: true)
                curve.duration = d
                record.duration = d
            case "--window": try only(arg, "bench"); bench.window = true
            default:
                if mode == "curve" && !arg.hasPrefix("-") && curve.spec.isEmpty { curve.spec = arg; continue }
                throw UsageError(arg.hasPrefix("-") ? "unknown option '\(arg)' (see --help)" : "unexpected argument '\(arg)'")
            }
        }
        if window.playlist != nil {
            guard scene.kiosk else { throw UsageError("--playlist is for kiosks: add --kiosk") }
            guard !sceneGiven else { throw UsageError("--scene and --playlist both say what to show: give one") }
            if !scene.settings.isEmpty { throw UsageError("--set does not apply with --playlist: put the settings in its entries") }
        }
        if let type = SceneCatalog.scene(named: scene.scene) {
            do { try SceneCatalog.validate(scene.settings, for: type) } catch { throw error.usage }
        }
        // A kiosk may start before its photos are there (a USB stick not yet plugged in): it
        // shows that the folder is empty and picks the photos up when they come.
        if !scene.kiosk {
            for p in scene.images where !FileManager.default.fileExists(atPath: p) {
                throw UsageError("--images: \(p): no such file or folder")
            }
        }
        switch mode {
        case "curve":
            guard !curve.spec.isEmpty else { throw UsageError("curve needs a SPEC, e.g. lumen curve easeInOut or lumen curve 'spring(duration=0.5,bounce=0.3)'") }
            let animation = try CurveSpec.parseForCommandLine(curve.spec)
            if curve.duration != nil, case .spring = animation.motion {
                throw UsageError("--duration applies to curves; a spring lasts until it settles (use spring(duration=…))")
            }
            return .curve(curve)
        case "render":
            guard render.out != nil || render.semantics else { throw UsageError("render needs --out FILE.png") }
            if let out = render.out, !out.lowercased().hasSuffix(".png") { throw UsageError("--out must name a .png file, got '\(out)'") }
            render.scene = scene
            return .render(render)
        case "record":
            guard !record.out.isEmpty else { throw UsageError("record needs --out FOLDER or --out FILE.webp") }
            guard record.duration > 0 else { throw UsageError("record needs --duration SECONDS") }
            guard record.duration * record.fps <= 36_000 else { throw UsageError("record: at most 36000 frames (--duration × --fps)") }
            record.scene = scene
            return .record(record)
        case "bench":
            bench.scene = scene
            return .bench(bench)
        default:
            window.scene = scene
            return .window(window)
        }
    }

    /// "1280x800" (or 1280×800) → a size; both sides 1…16384.
    static func parseSize(_ s: String) throws(UsageError) -> Size {
        let parts = s.lowercased().replacing("×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError("--size expects WIDTHxHEIGHT, e.g. 1280x800, got '\(s)'")
        }
        guard (1...16384).contains(w), (1...16384).contains(h) else {
            throw UsageError("--size must be between 1x1 and 16384x16384, got '\(s)'")
        }
        return Size(width: Double(w), height: Double(h))
    }

    static let help = """
    Lumen: image effects in a Swift UI toolkit (SDL2 window, Cairo rendering).

    USAGE
      lumen [--scene NAME] [--size WxH] [--scale S] [--fullscreen] [--kiosk [--playlist FILE]
            [--idle S]] [--display N] [--rotate D]
            [--reduce-motion] [--bare] [--present auto|surface|texture] [--exit-after SECONDS]
            [--screenshot FILE.png] [--semantics] [--script FILE] [--trace FILE.csv]
          Opens a window on the home screen, or on a scene. Keys: 1–9 or Return open a
          scene from home; Escape or Backspace go back home; ? or F1 shows the keys; i the
          inspector; f the performance overlay; q quits; m toggles Reduce Motion; s saves a
          screenshot; Tab / Shift-Tab move focus, Space / Return press, arrows, Page Up/Down,
          Home and End scroll. Files or folders dropped on the window show in the scene.
          --script plays timed input (see the README), --trace writes a CSV line per frame
          (time, scroll offsets, frame time), --semantics prints the semantics tree when
          quitting. --kiosk: full screen, the scene alone, cursor hidden unless a mouse
          moves, no keys but Ctrl+Alt+Q (quit); --display N picks the display; --rotate
          0|90|180|270 turns the picture clockwise for a display mounted turned; --idle S
          starts the scene's attract loop after S seconds without input (60; 0: never);
          --playlist FILE (with --kiosk) shows the scenes a JSON file lists, in turn, with a
          cross-fade, and takes edits of the file at the next entry (see the README).
      lumen render --scene NAME --size WxH [--scale S] [--time SECONDS] [--scroll POINTS]
                   [--bare] [--script FILE] --out FILE.png [--semantics]
          Renders one frame headless (no window, no display). Same inputs, same pixels.
      lumen record --scene NAME --size WxH [--scale S] --duration SECONDS [--fps N]
                   [--script FILE] [--bare] --out FOLDER|FILE.webp
          Plays the scene headless and writes every frame: numbered PNGs into a folder, or
          an animated WebP. Deterministic: the same inputs give the same bytes. --fps is 30
          unless given.
      lumen bench --scene NAME --size WxH [--frames N] [--json] [--window [--present P]]
          Renders N frames of the scene's motion and prints median and p99 milliseconds for
          layout + display list, rendering and (with --window) presenting, and peak memory.
      lumen bench --decode PATH… [--width N] [--json]
          Decodes every photo in the files and folders to N-pixel-wide thumbnails (720) on
          all cores and prints photos per second and the median and p99 per photo.
      lumen curve SPEC [--samples N] [--duration S]
          Prints t,value,velocity CSV of a timing curve or spring from 0 to its end (a
          spring's end is when it settles). SPEC: linear, easeIn, easeOut, easeInOut (each
          with an optional (duration=S)), bezier(x1,y1,x2,y2), spring(response=R,dampingFraction=Z),
          spring(duration=D,bounce=B), spring, smooth, snappy, bouncy, interactiveSpring.

    OPTIONS
      --scene NAME      \(SceneCatalog.names.joined(separator: ", ")) (default home)
      --size WxH        size in points (default 1280x800)
      --scale S         device pixels per point (default: the display's, or 1 headless)
      --time SECONDS    scene time (render; start time elsewhere)
      --scroll POINTS   scroll offset for scenes with a scroll view
      --reduce-motion   start with Reduce Motion on (m toggles it in the window)
      --bare            the scene alone, without the navigation bar
      --present P       how the window shows frames: auto (a texture with vsync on a
                        hardware renderer, else the surface), surface or texture
      --images PATH…    your photos (files and folders) instead of the bundled ones, in
                        gallery, hero, gradient and transitions
      --image-memory MB the budget for all decoded photo pixels (default 192)
      --threads N       threads a large frame is drawn on, in bands (default: the cores)
      --set NAME=VALUE  a setting of the scene's components (see SCENES)
      -h, --help        this help

    SCENES
    \(SceneCatalog.all.map { e in
        "  \(e.name.padded(to: 12))\(e.summary)"
            + e.settings.map { "\n      --set \($0.name)=…  \($0.help)" }.joined()
    }.joined(separator: "\n"))

    A bad option exits with status 2 and one line saying what was wrong.
    """
}
