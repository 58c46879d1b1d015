import Foundation
import Glibc
import LumenTestSupport
import Pixels
import Render
import Testing

/// Two displays, each with its own content, in one process: on X11 two RandR outputs of one
/// Xorg (its dummy driver, at 60 and 30 Hz), on Wayland two outputs of a headless sway, and a
/// display unplugged and another plugged in (sway's outputs as windows of an outer sway).
@Suite("Two displays in one process", .serialized)
struct TwoDisplaysTests {
    /// Lumen on a server's two outputs, 640 × 480 each: the hero on the left one at 60 Hz, the
    /// gallery (its attract loop scrolling after 1 s) on the right one at 30 Hz.
    @Test func eachDisplayShowsItsOwnPacedByItsOwnRefreshWithOneSetOfWorkers() throws {
        let server = try XServer(outputs: [(640, 480, 60), (640, 480, 30)])
        defer { server.stop() }
        let runtime = FleetTests.runtimeFolder("runtime-two-displays")
        let traces = (0...1).map { ImageFixtures.path("two-displays-\($0).csv") }
        let metrics = ImageFixtures.path("two-displays.prom")
        let kiosk = try RunningLumen(["--kiosk", "--idle", "1", "--metrics", metrics, "--metrics-every", "1",
                                      "--display", "0", "--scene", "hero", "--trace", traces[0],
                                      "--display", "1", "--scene", "gallery", "--trace", traces[1], "--exit-after", "120"],
                                     env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": server.display, "XDG_RUNTIME_DIR": runtime,
                                           "LUMEN_DECODE_WORKERS": "2"],
                                     log: ImageFixtures.path("two-displays.log"))
        defer { kiosk.stop() }
        let socket = runtime + "/lumen/status"
        // Both displays have shown frames, the gallery scrolled by its attract loop for a while.
        #expect(kiosk.wait { _ in Self.framesOf(display: 1, socket) >= 60 && Self.framesOf(display: 0, socket) >= 60 }, "\(kiosk.log)")
        let status = try FleetTests.status(socket)
        let displays = try #require(status["displays"] as? [[String: Any]], "\(status)")
        #expect(displays.map { $0["scene"] as? String } == ["hero", "gallery"])
        #expect(displays.map { $0["name"] as? String } == ["DUMMY0", "DUMMY1"])
        #expect(displays.allSatisfy { $0["connected"] as? Bool == true })
        let prom = try String(contentsOfFile: metrics, encoding: .utf8)
        #expect(prom.contains(#"lumen_display_connected{display="1",name="DUMMY1"} 1"#), "\(prom)")
        #expect(prom.contains(#"lumen_display_showing_info{display="1",name="DUMMY1",scene="gallery""#), "\(prom)")
        // One set of decoder workers for both windows' photos.
        #expect(Self.decoderWorkers(of: kiosk.pid) <= 2, "decoder workers: \(Self.decoderWorkers(of: kiosk.pid))")
        // What each display shows: the hero's photo on the left, the gallery's white page on the right.
        let shot = try ScreenScheduleTests.grab(server, "two-displays")
        #expect(shot.width == 1280 && shot.height == 480)
        #expect(!Self.isWhite(shot, x: 20, y: 20), "the hero's photo fills display 0")
        #expect(Self.isWhite(shot, x: 640 + 8, y: 8), "the gallery's page on display 1")
        kiosk.stop()
        // Each paced by its own refresh: display 0's frame deadlines on a 60 Hz grid (some
        // between the 30 Hz grid's points), display 1's all on a 30 Hz one. (A loaded machine
        // skips grid points, so the spacing is not asked.)
        let deadlines = try traces.map { try TraceFile(path: $0).column("time_ms").compactMap { Double($0) } }
        #expect(deadlines[0].count > 30 && deadlines[0].allSatisfy { Self.isOnGrid($0, hz: 60) }, "\(deadlines[0].prefix(20))")
        #expect(deadlines[0].contains { !Self.isOnGrid($0, hz: 30) }, "\(deadlines[0].prefix(20))")
        #expect(deadlines[1].count > 30 && deadlines[1].allSatisfy { Self.isOnGrid($0, hz: 30) }, "\(deadlines[1].prefix(20))")
    }

    /// Wayland: the hero on one output of a headless sway, the gallery on the other.
    @Test func eachOutputOfASwayShowsItsOwn() throws {
        let out = WaylandRun.folder("two-outputs")
        let r = try WaylandRun.run(["--kiosk", "--display", "0", "--scene", "hero", "--display", "1", "--scene", "gallery", "--exit-after", "6"],
                                   compositor: "sway", out: out, grab: (4, out + "/both.png"), fromFirstFrame: true, outputs: 2)
        #expect(r.status == 0, "\(r.stderr.suffix(600))")
        let shot = try PNGFile.read(out + "/both.png")
        #expect(shot.width == 2560 && shot.height == 720)
        // sway numbers its outputs from the last made: SDL's display 0 may be either side.
        let whiteLeft = Self.isWhite(shot, x: 8, y: 8), whiteRight = Self.isWhite(shot, x: 1280 + 8, y: 8)
        #expect(whiteLeft != whiteRight, "one output shows the gallery's white page, the other the hero's photo")
    }

    /// Of two displays, the gallery's unplugged: its window closes and its content waits (no
    /// frame) while the hero goes on on the other; a display plugged in takes the gallery back.
    @Test func aDisplayUnpluggedWaitsWhileTheOtherGoesOn() throws {
        let out = WaylandRun.folder("two-outputs-unplug")
        let traces = (0...1).map { out + "/trace-\($0).csv" }
        let r = try WaylandRun.run(["--kiosk", "--idle", "1", "--display", "0", "--scene", "hero", "--trace", traces[0],
                                    "--display", "1", "--scene", "gallery", "--trace", traces[1], "--exit-after", "9"],
                                   compositor: "sway-nested", out: out, grab: (8, out + "/back.png"), plugAt: 5,
                                   outerAt: (3, #"[title="wlroots - WL-2"] kill"#), fromFirstFrame: true, outputs: 2)
        #expect(r.status == 0, "\(r.stderr.suffix(800))")
        #expect(r.stderr.contains("lumen: display 1 (Wayland output 2): unplugged; its content waits for it"), "\(r.stderr.suffix(800))")
        #expect(r.stderr.contains("lumen: display 1 is back (Wayland output 3): showing Color Reveal gallery again"), "\(r.stderr.suffix(800))")
        // Both scenes move all the time (the hero; the gallery's attract loop): the gallery's
        // frames stop for about the 2 s its display is out, the hero's go on.
        let hero = try TraceFile(path: traces[0]).column("shown_ms").compactMap { Double($0) }
        let gallery = try TraceFile(path: traces[1]).column("shown_ms").compactMap { Double($0) }
        // How long the gallery's display was out, by Lumen's own lines (a loaded machine may
        // start the windows seconds late, so the script's 2 s between unplug and plug can shrink).
        let unplugged = try #require(Self.seconds(r.stderr, "unplugged; its content waits"))
        let replugged = try #require(Self.seconds(r.stderr, "is back (Wayland output 3)"))
        // Its frames stopped for that long (gaps after both windows' first frames: not the start,
        // which on a loaded machine is a wait of its own).
        let begun = max(hero.first ?? 0, gallery.first ?? 0)
        let galleryGap = Self.longestGap(gallery.filter { $0 >= begun })
        #expect(galleryGap.length >= (replugged - unplugged) * 900, "the gallery waits while its display is out (\(replugged - unplugged) s): \(galleryGap)")
        // The hero drew meanwhile: frames inside the wait, and no gap as long as it. (Not a
        // bound on its gaps: a nested compositor busy removing the output has held both windows'
        // frames for most of a wait on a loaded machine.)
        let start = galleryGap.end - galleryGap.length
        let during = hero.filter { $0 > start && $0 < galleryGap.end }
        let heroGap = Self.longestGap([start] + during + [galleryGap.end])
        #expect(during.count >= 2 && heroGap.length < galleryGap.length, "the hero goes on meanwhile: \(during.count) frames, longest gap \(heroGap)")
        #expect(gallery.contains { $0 > galleryGap.end }, "the gallery again after: \(gallery.suffix(5))")
        let shot = try PNGFile.read(out + "/back.png")
        #expect(Self.isWhite(shot, x: shot.width - 8, y: 8) || Self.isWhite(shot, x: 8, y: 8), "the gallery's page on a display again")
    }

    /// Quitting while a display is unplugged: the window that waits for it has no display to
    /// ask or draw on, and the run ends as any other (the semantics of both written).
    @Test func quittingWhileADisplayIsUnpluggedEndsCleanly() throws {
        let out = WaylandRun.folder("two-outputs-quit-unplugged")
        let r = try WaylandRun.run(["--kiosk", "--idle", "0", "--semantics", "--display", "0", "--scene", "hero",
                                    "--display", "1", "--scene", "gallery", "--exit-after", "5"],
                                   compositor: "sway-nested", out: out, outerAt: (2, #"[title="wlroots - WL-2"] kill"#),
                                   fromFirstFrame: true, outputs: 2)
        #expect(r.status == 0, "\(r.stderr.suffix(800))")
        #expect(r.stderr.contains("lumen: display 1 (Wayland output 2): unplugged; its content waits for it"), "\(r.stderr.suffix(800))")
        #expect(r.stdout.contains("header \"Sunset Ridge\"") && r.stdout.contains("header \"Gallery\""), "\(r.stdout.prefix(300))")
    }

    /// A panel mounted turned that the compositor does not turn (`--rotate 90` on display 1),
    /// unplugged and another plugged in: the window opens again turned, and a touch lands
    /// where the portrait layout shows the first photo.
    @Test func aTurnedPanelStaysTurnedAfterAReplug() throws {
        let out = WaylandRun.folder("two-outputs-turned")
        // Each output 640 × 720 (the outer sway's two windows side by side), turned 720 × 640:
        // the gallery's first photo is at [24, 90.4, 672 × 504.1] of the kiosk's layout.
        let script = ImageFixtures.write(Array("at 8000 finger-down 1 360 342\nat 8060 finger-up 1 360 342".utf8), "two-outputs-turned.txt")
        let r = try WaylandRun.run(["--kiosk", "--idle", "0", "--semantics", "--display", "0", "--scene", "hero",
                                    "--display", "1", "--scene", "gallery", "--rotate", "90", "--script", script, "--exit-after", "10"],
                                   compositor: "sway-nested", out: out, plugAt: 5, outerAt: (3, #"[title="wlroots - WL-2"] kill"#),
                                   fromFirstFrame: true, outputs: 2)
        try? r.stdout.write(toFile: out + "/semantics.txt", atomically: true, encoding: .utf8)
        #expect(r.status == 0, "\(r.stderr.suffix(800))")
        #expect(r.stderr.contains("lumen: display 1 is back"), "\(r.stderr.suffix(800))")
        #expect(r.stdout.contains("header \"Gallery\" [24, 24, 116×46.376]"), "\(r.stdout.suffix(600))")
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\" [24, 90.376, 672×504.126]"), "the tap after the replug: \(r.stdout.suffix(600))")
    }

    /// A kiosk on the right one of two monitors with a touchscreen: Lumen maps the touchscreen
    /// onto that monitor, so a finger in the middle of the glass lands in the middle of the
    /// kiosk (the first photo). Unmapped, the X server spreads the glass over both monitors and
    /// the finger lands on the kiosk's left edge, beside the photo.
    @Test func aKiosksTouchscreenIsMappedOntoItsMonitor() throws {
        let socket = ImageFixtures.path("two-displays-touch.sock")
        try? FileManager.default.removeItem(atPath: socket)
        let server = try XServer(outputs: [(640, 480, 60), (640, 480, 60)], touchscreen: socket)
        defer { server.stop() }
        let stdout = ImageFixtures.path("two-displays-touch.out"), trace = ImageFixtures.path("two-displays-touch.csv")
        let kiosk = try RunningLumen(["--kiosk", "--idle", "0", "--display", "1", "--scene", "gallery", "--semantics", "--trace", trace,
                                      "--exit-after", "120"],
                                     env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": server.display],
                                     log: ImageFixtures.path("two-displays-touch.log"), stdout: stdout)
        try #require(kiosk.wait(for: "lumen: touch: 1 touchscreen mapped to DUMMY1"), "\(kiosk.log)")
        func frames() -> Int { ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n").count }
        // Still (its photos in and drawn: no new frame for a second) before the finger comes.
        var last = -1, since = Date()
        #expect(kiosk.wait { _ in
            let n = frames()
            if n != last { (last, since) = (n, Date()) }
            return n > 1 && Date().timeIntervalSince(since) > 1
        }, "\(kiosk.log)")
        let tap = try Command.run("/bin/sh", ["-c", "echo '0.5 0.5' | /usr/bin/python3 '\(TestAssets.repository.appendingPathComponent("scripts/xorg-touch.py").path)' '\(socket)'"])
        #expect(tap.stdout.hasPrefix("tapped"), "\(tap.stdout) \(tap.stderr)")
        // The reveal moves: frames follow the tap once Lumen has it; then still again (a photo
        // arriving late on a loaded machine also draws frames: the tap, already in Lumen's
        // queue when the server answered, is taken on the pass that draws them).
        #expect(kiosk.wait { _ in frames() > last }, "no frame after the tap: \(kiosk.log)")
        #expect(kiosk.wait { _ in
            let n = frames()
            if n != last { (last, since) = (n, Date()) }
            return Date().timeIntervalSince(since) > 1
        }, "\(kiosk.log)")
        kiosk.stop()
        let semantics = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
        #expect(semantics.contains("button \"Forest\" value=\"In full color\""), "\(semantics.prefix(300))")
    }

    @Test func anUnknownDisplayIsRefusedWithNothingOpen() throws {
        let server = try XServer(width: 640, height: 480)
        defer { server.stop() }
        let r = try Binary.run(["--kiosk", "--display", "0", "--scene", "hero", "--display", "2", "--scene", "gallery"],
                               env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": server.display])
        #expect(r.status == 2 && r.stderr.contains("--display 2: there is no such display (there is one, 0)"), "\(r.status): \(r.stderr)")
    }

    // MARK: Reading

    static func framesOf(display: Int, _ socket: String) -> Int {
        guard let s = try? FleetTests.status(socket), let d = s["displays"] as? [[String: Any]], d.count > display else { return 0 }
        return d[display]["frames_presented"] as? Int ?? 0
    }

    /// Whether a deadline (milliseconds from the loop's start, the grid's origin) is a point
    /// of the grid of `hz` (the trace gives a tenth of a millisecond).
    static func isOnGrid(_ ms: Double, hz: Double) -> Bool {
        let period = 1000 / hz
        let off = ms.truncatingRemainder(dividingBy: period)
        return min(off, period - off) < 0.2
    }

    /// The seconds of the day at which the first line of `log` containing `text` was written
    /// (its ISO time stamp), nil if none.
    static func seconds(_ log: String, _ text: String) -> Double? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(text) }), let t = line.firstIndex(of: "T") else { return nil }
        let clock = line[line.index(after: t)...].prefix(12).split(separator: ":").compactMap { Double($0) }
        return clock.count == 3 ? clock[0] * 3600 + clock[1] * 60 + clock[2] : nil
    }

    /// The longest time between two frames shown, and when it ended (milliseconds).
    static func longestGap(_ shown: [Double]) -> (length: Double, end: Double) {
        zip(shown.dropFirst(), shown).map { ($0 - $1, $0) }.max { $0.0 < $1.0 } ?? (0, 0)
    }

    /// The process's decoder workers (children started with `--decode-worker`).
    static func decoderWorkers(of pid: Int32) -> Int {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return all.filter { entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid, let cmd = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: cmd, as: UTF8.self).contains("--decode-worker")
        }.count
    }

    static func isWhite(_ p: PixelBuffer, x: Int, y: Int) -> Bool {
        guard x < p.width, y < p.height else { return false }
        let v = p.pixels[y * p.width + x]
        return [16, 8, 0].allSatisfy { (v >> $0) & 0xFF > 235 }
    }
}
