import Geometry
import Platform
import Scenes

extension OptionSpec {
    /// What only the window takes (and `--present`, which `bench --window` takes too).
    static let windowOptions: [OptionSpec] = [
        OptionSpec(name: "--fullscreen", help: "fill the display", commands: [.window]) { o, _ in o.window.fullscreen = true },
        OptionSpec(name: "--kiosk", help: "full screen, the scene alone, the cursor hidden unless a mouse moves, no keys but Ctrl+Alt+Q",
                   commands: [.window]) { o, _ in
            o.window.fullscreen = true
            o.scene.kiosk = true
            o.scene.chrome = false
        },
        OptionSpec(name: "--playlist", argument: "FILE",
                   help: "with --kiosk: show the scenes and videos a JSON file lists, in turn or by day and time, with a cross-fade; edits apply at the next entry",
                   commands: [.window]) { o, a throws(UsageError) in
            o.playlistPath = try a.value("--playlist")
        },
        OptionSpec(name: "--idle", argument: "SECONDS", defaultValue: "60",
                   help: "start the scene's attract loop after this long without input (0: never)", commands: [.window]) { o, a throws(UsageError) in
            o.scene.idleTimeout = try a.number("--idle", min: 0)
        },
        OptionSpec(name: "--display", argument: "N", defaultValue: "0", help: "the display to open on (0 the first); again for a window on another display, the options after each its own",
                   commands: [.window]) { o, a throws(UsageError) in
            o.window.display = try a.whole("--display", min: 0, max: 63, expects: "a display number (0 the first)")
        },
        OptionSpec(name: "--rotate", argument: "DEGREES", defaultValue: "0",
                   help: "0, 90, 180 or 270: the picture turned clockwise, for a display mounted turned", commands: [.window]) { o, a throws(UsageError) in
            let v = try a.value("--rotate")
            guard let degrees = Int(v), let r = DisplayRotation(rawValue: degrees) else {
                throw UsageError("--rotate expects 0, 90, 180 or 270, got '\(v)'")
            }
            o.window.rotation = r
        },
        OptionSpec(name: "--present", argument: "auto|surface|texture", defaultValue: "auto",
                   help: "how the window shows frames: auto (a texture with vsync on a hardware renderer, else the surface: on Wayland, shared-memory buffers)",
                   commands: [.window, .bench]) { o, a throws(UsageError) in
            let v = try a.value("--present")
            guard let p = PresentPath(rawValue: v), p != .gl else { throw UsageError("--present expects auto, surface or texture, got '\(v)'") }
            o.window.present = p
            o.bench.present = p
        },
        OptionSpec(name: "--exit-after", argument: "SECONDS", help: "quit this many seconds after the first frame is shown (demos, tests)",
                   commands: [.window]) { o, a throws(UsageError) in
            o.window.exitAfter = try a.number("--exit-after", min: 0)
        },
        OptionSpec(name: "--screenshot", argument: "FILE.png", help: "save the window's last frame when quitting",
                   commands: [.window]) { o, a throws(UsageError) in
            o.window.screenshot = try a.value("--screenshot")
        },
        OptionSpec(name: "--trace", argument: "FILE.csv",
                   help: "write a CSV line per frame drawn (time, frame time, image memory, scene, scroll offsets…)",
                   commands: [.window]) { o, a throws(UsageError) in
            o.window.trace = try a.value("--trace")
        },
    ]
}
