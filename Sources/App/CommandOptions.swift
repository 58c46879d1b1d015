import FoundationEssentials
import Geometry
import Input
import Platform
import Scenes

/// What the command line asks for.
enum Command: Equatable {
    case window(WindowOptions)
    case render(RenderOptions)
    case record(RecordOptions)
    case bench(BenchOptions)
    case curve(CurveOptions)
    case status(FleetOptions)
    case screenshot(FleetOptions, out: String)
    case help
    case version
    case manPage
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
    /// Quit this many seconds after the first frame is shown (demos, tests).
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
    /// `--print-swiftui`: print the scene as SwiftUI instead of opening the window.
    var printSwiftUI = false
    /// The status socket and the metrics file.
    var fleet = FleetOptions()
    /// The other displays' windows (`--display` given again, `DisplayOptions`), each with its
    /// own content: one process runs them all.
    var otherDisplays: [WindowOptions] = []
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
    /// `--quality 0…100` (nil: the format's default).
    var quality: Double?
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

/// What fleet tools reach a window by: `--status-socket PATH` (a kiosk's default:
/// `$XDG_RUNTIME_DIR/COMMAND/status`), `--metrics FILE.prom` every `--metrics-every` seconds;
/// when the screen is off (`--screen-off`) and how long a touch wakes it (`--wake-for`).
struct FleetOptions: Equatable {
    var statusSocket: String?
    var metrics: String?
    var metricsEvery = 15.0
    var screenOff: ScreenSchedule?
    var wakeFor = 300.0
    init() {}
}
