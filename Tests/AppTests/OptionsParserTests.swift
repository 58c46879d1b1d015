import BuiltInScenes
import Foundation
import Geometry
import Testing
@testable import App

@Suite("Command line")
struct OptionsParserTests {
    func error(_ args: [String]) -> String? {
        do { _ = try OptionsParser.parse(args, catalog: .lumen); return nil } catch { return error.message }
    }

    @Test func defaultsOpenTheHomeWindow() throws {
        guard case .window(let o) = try OptionsParser.parse([], catalog: .lumen) else { Issue.record(); return }
        #expect(o.scene.scene == "home" && o.scene.chrome)
        #expect(o.scene.size == Size(width: 1280, height: 800))
    }

    @Test func windowOptions() throws {
        guard case .window(let o) = try OptionsParser.parse(["--scene", "cards", "--size", "800x600", "--fullscreen",
                                                              "--exit-after", "2.5", "--screenshot", "a.png", "--scale", "2"], catalog: .lumen) else {
            Issue.record(); return
        }
        #expect(o.scene.scene == "cards" && o.scene.size == Size(width: 800, height: 600))
        #expect(o.fullscreen && o.exitAfter == 2.5 && o.screenshot == "a.png" && o.scene.scale == 2)
    }

    @Test func kioskIsFullScreenWithoutTheBar() throws {
        guard case .window(let o) = try OptionsParser.parse(["--kiosk", "--scene", "hero", "--display", "1", "--threads", "1"], catalog: .lumen) else {
            Issue.record(); return
        }
        #expect(o.fullscreen && o.scene.kiosk && !o.scene.chrome && o.display == 1 && o.scene.threads == 1)
        // A kiosk's photo folder may not be there yet (a USB stick); elsewhere that is an error.
        #expect(throws: Never.self) { try OptionsParser.parse(["--images", "/no/stick/yet", "--kiosk"], catalog: .lumen) }
        #expect(error(["--images", "/no/stick/yet"]) == "--images: /no/stick/yet: no such file or folder")
    }

    @Test func renderOptions() throws {
        guard case .render(let o) = try OptionsParser.parse(["render", "--scene", "swatches", "--size", "640x400", "--scale", "2",
                                                              "--time", "1.5", "--scroll", "600", "--out", "x.png"], catalog: .lumen) else {
            Issue.record(); return
        }
        #expect(o.out == "x.png" && o.scene.time == 1.5 && o.scene.scroll == 600 && o.scene.scale == 2)
    }

    @Test func benchOptions() throws {
        guard case .bench(let o) = try OptionsParser.parse(["bench", "--scene", "cards", "--size", "1280x800", "--frames", "50", "--json"], catalog: .lumen) else {
            Issue.record(); return
        }
        #expect(o.frames == 50 && o.json && !o.window)
    }

    @Test func reduceMotionAndSceneSettings() throws {
        guard case .window(let o) = try OptionsParser.parse(["--scene", "curves", "--reduce-motion", "--set", "curve=bouncy"], catalog: .lumen) else {
            Issue.record(); return
        }
        #expect(o.scene.reduceMotion && o.scene.settings == ["curve": "bouncy"])
        guard case .curve(let c) = try OptionsParser.parse(["curve", "easeIn", "--samples", "11", "--duration", "2"], catalog: .lumen) else { Issue.record(); return }
        #expect(c.spec == "easeIn" && c.samples == 11 && c.duration == 2)
    }

    @Test func aPlaylistIsReadAndCheckedAtStart() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/lumen-options-playlist"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let good = dir + "/good.json", bad = dir + "/bad.json"
        try #"{"entries": [{"scene": "hero", "seconds": 30}, {"scene": "gallery", "seconds": 20, "images": "/stick"}]}"#
            .write(toFile: good, atomically: true, encoding: .utf8)
        try "{\"crossfade\": 0.8,\n \"entries\": [{\"scene\": \"hero\", \"secs\": 30}]}".write(toFile: bad, atomically: true, encoding: .utf8)
        guard case .window(let o) = try OptionsParser.parse(["--kiosk", "--playlist", good], catalog: .lumen) else { Issue.record(); return }
        #expect(o.playlist?.path == good && o.playlist?.playlist.entries.map(\.scene) == ["hero", "gallery"])
        #expect(error(["--kiosk", "--playlist", bad])
                == "--playlist: \(bad) line 2: entries[0].secs: unknown key (known here: scene, video, seconds, images, settings, loop, sound, days, from, to, dates, event, default)")
        #expect(error(["--kiosk", "--playlist", dir + "/none.json"])?.hasSuffix("none.json: cannot be read (no such file, or no permission)") == true)
        #expect(error(["--playlist", good]) == "--playlist is for kiosks: add --kiosk")
        #expect(error(["--kiosk", "--scene", "hero", "--playlist", good]) == "--scene and --playlist both say what to show: give one")
        #expect(error(["--kiosk", "--playlist", good, "--set", "zoom=2"])?.hasPrefix("--set does not apply with --playlist") == true)
        #expect(error(["render", "--playlist", good]) == "--playlist is not an option of render")
    }

    @Test func helpAnywhere() throws {
        #expect(try OptionsParser.parse(["--help"], catalog: .lumen) == .help)
        #expect(try OptionsParser.parse(["render", "-h"], catalog: .lumen) == .help)
    }

    @Test(arguments: [
        (["--size", "0x0"], "--size must be between"),
        (["--size", "garbage"], "--size expects WIDTHxHEIGHT"),
        (["--size", "100x"], "--size expects WIDTHxHEIGHT"),
        (["--size"], "--size needs a value"),
        (["--scene", "nope"], "unknown scene 'nope'"),
        (["--bogus"], "unknown option '--bogus'"),
        (["render", "--scene", "swatches"], "render needs --out"),
        (["--present", "gpu"], "--present expects auto, surface or texture, got 'gpu'"),
        (["render", "--out", "x.jpg"], "--out must name a .png"),
        (["bench", "--frames", "0"], "--frames must be at least 1"),
        (["bench", "--frames", "2.5"], "--frames expects a whole number"),
        (["--scale", "-1"], "--scale must be greater than 0"),
        (["--time", "abc"], "--time expects a number"),
        (["--out", "x.png"], "--out is not an option of the window"),
        (["paint"], "unknown command 'paint'"),
        (["stray"], "unknown command 'stray'"),
        (["--scene", "curves", "--set", "zoom=2"], "scene 'curves' has no setting 'zoom' (settings: curve)"),
        (["--scene", "swatches", "--set", "curve=linear"], "scene 'swatches' has no setting 'curve'"),
        (["--set", "novalue"], "--set expects NAME=VALUE"),
        (["--display", "1.5"], "--display expects a display number (0 the first), got '1.5'"),
        (["--display", "-1"], "--display must be at least 0"),
        (["render", "--kiosk"], "--kiosk is not an option of render"),
        (["bench", "--threads", "0"], "--threads must be at least 1"),
        (["--threads", "2.5"], "--threads expects a whole number from 1 to 64, got '2.5'"),
    ])
    func badArgumentsSayWhatWasWrong(args: [String], message: String) {
        let e = error(args)
        #expect(e?.hasPrefix(message) == true, "\(args) → \(e ?? "accepted")")
        #expect(e?.contains("\n") == false)
    }
}
