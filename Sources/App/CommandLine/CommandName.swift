import Scenes

/// The commands of `lumen`: the window (no command word) and the headless ones. What each is
/// for is declared here once, for `--help`, the man page and the user guide.
enum CommandName: String, CaseIterable, Hashable, Sendable {
    case window, render, record, bench, curve, status, screenshot

    /// The word after `lumen` ("" for the window).
    var word: String { self == .window ? "" : rawValue }

    /// How an error names it: "the window", "render", …
    var title: String { self == .window ? "the window" : rawValue }

    /// A positional argument the command takes (curve's SPEC).
    var operand: String? { self == .curve ? "SPEC" : nil }

    /// The commands `catalog`'s app has: `curve` only where it offers Lumen's curve tool.
    static func offered(by catalog: SceneCatalog) -> [CommandName] {
        allCases.filter { $0 != .curve || catalog.tools.contains(.curveCommand) }
    }

    /// The commands that show a scene (and so take the scene's options).
    static let showingAScene: Set<CommandName> = [.window, .render, .record, .bench]

    /// What the command does in `catalog`'s app, in a few sentences.
    func summary(_ catalog: SceneCatalog) -> String {
        switch self {
        case .window:
            return (catalog.hasHome ? "Opens a window on the home screen, or on a scene. " : "Opens a window on the app's first scene, or on the one --scene names. ")
                + "Files or folders dropped on the window show in the scene. "
                + "The keys are listed under KEYS; in a kiosk none work but Ctrl+Alt+Q (quit)."
        case .render:
            return "Renders one frame headless (no window, no display) to a PNG of size × scale pixels. "
                + "Same inputs, same pixels; with --script its input is played on the way, on a 60 Hz clock up to --time."
        case .record:
            return "Plays the scene headless and writes every frame: numbered PNGs into a folder, an animated WebP or GIF, or an H.264 MP4. "
                + "Frame i shows scene time i/fps; the same inputs give the same bytes."
        case .bench:
            return "Renders N frames of the scene's motion and prints median and p99 milliseconds for layout + display list, "
                + "rendering and (with --window) presenting, and peak memory. With --decode, decodes every photo in the files "
                + "and folders to thumbnails on all cores instead and prints photos per second and the median and p99 per photo."
        case .status:
            return "Asks the running kiosk (or window started with --status-socket) what it shows and prints one JSON object: "
                + "the scene and playlist entry on screen, uptime, frames presented and late, resident and image memory, "
                + "decoder workers restarted, and the last warning or error. It answers through a Unix socket in $XDG_RUNTIME_DIR "
                + "that only the same user can open."
        case .screenshot:
            return "Asks the running kiosk for the frame on screen and writes it to --out FILE.png, through the same socket as status."
        case .curve:
            return "Prints t,value,velocity CSV of a timing curve or spring from 0 to its end (a spring's end is when it settles). "
                + "SPEC: linear, easeIn, easeOut, easeInOut (each with an optional (duration=S)), bezier(x1,y1,x2,y2), "
                + "spring(response=R,dampingFraction=Z), spring(duration=D,bounce=B), spring, smooth, snappy, bouncy, interactiveSpring."
        }
    }
}
