import Foundation
import Glibc
import LumenTestSupport
import Pixels
import Render
import Testing

/// `--screen-off` on a display server: off when a range starts, the waking click swallowed,
/// on for `--wake-for`, then off again; asleep meanwhile. Here on Xvfb, which has no DPMS, so
/// the window shows black (the X server with DPMS and KMS are in `KMSScreenScheduleTests`,
/// Wayland in `WaylandScreenScheduleTests`).
@Suite("The screen schedule", .serialized)
struct ScreenScheduleTests {
    /// A range that started a minute ago and ends in ten, in the system's zone (`date`).
    static func rangeAroundNow() throws -> String {
        let r = try Command.run("/bin/sh", ["-c", "echo $(date -d '-1 min' +%H:%M)-$(date -d '+10 min' +%H:%M)"])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where a gallery kiosk 640 × 400 has its first photo ("Forest"), as the KMS tests tap it.
    static let photo = (x: 320, y: 300)

    @Test func offThenWokenByAClickThatPressesNothingThenOffAgain() throws {
        let server = try XServer(width: 640, height: 400)
        defer { server.stop() }
        let runtime = FleetTests.runtimeFolder("runtime-screen-off")
        let metrics = ImageFixtures.path("screen-off.prom")
        let stdout = ImageFixtures.path("screen-off.out")
        let kiosk = try RunningLumen(["--kiosk", "--scene", "gallery", "--idle", "0", "--semantics", "--screen-off", try Self.rangeAroundNow(),
                                      "--wake-for", "4s", "--metrics", metrics, "--metrics-every", "1", "--exit-after", "120"],
                                     env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": server.display, "XDG_RUNTIME_DIR": runtime],
                                     log: ImageFixtures.path("screen-off.log"), stdout: stdout)
        try #require(kiosk.wait(for: "lumen: screen: off until"), "\(kiosk.log)")
        #expect(kiosk.log.contains("screen: cannot switch the display off: the X server has no DPMS"), "\(kiosk.log)")
        // The status says so once the loop has published the screen's state (after the line).
        #expect(kiosk.wait { _ in (try? FleetTests.status(runtime + "/lumen/status")["screen"] as? String) == "off" })
        #expect(kiosk.wait { _ in ((try? String(contentsOfFile: metrics, encoding: .utf8)) ?? "").contains("lumen_screen_on 0") })
        // Black on screen, and asleep: no frame, no CPU to speak of, the metrics' second its only wake.
        let black = try Self.grab(server, "off")
        #expect(Self.lit(black) == 0, "the lit display shows black")
        let (w0, t0) = (FleetTests.wakeups(kiosk.pid), Self.cpuTicks(kiosk.pid))
        sleep(3)
        let (w1, t1) = (FleetTests.wakeups(kiosk.pid), Self.cpuTicks(kiosk.pid))
        #expect(w1 - w0 < 12, "main-thread wake-ups in 3 s while off: \(w1 - w0)")
        #expect(t1 - t0 <= 2, "CPU ticks (10 ms) in 3 s while off: \(t1 - t0)")
        // The click wakes the screen and presses nothing; the next one reveals the photo.
        _ = try xdotool(["mousemove", "\(Self.photo.x)", "\(Self.photo.y)", "click", "1"], on: server)
        try #require(kiosk.wait(for: "lumen: screen: on for 4 s (woken by a touch)"), "\(kiosk.log)")
        #expect(kiosk.wait { _ in (try? Self.lit(Self.grab(server, "on"))).map { $0 > 1000 } == true }, "the gallery shows again")
        _ = try xdotool(["click", "1"], on: server)
        // Four seconds after the last click, off again.
        #expect(kiosk.wait { $0.components(separatedBy: "lumen: screen: off until").count == 3 }, "\(kiosk.log)")
        kiosk.stop()
        let semantics = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
        #expect(semantics.contains("button \"Forest\" value=\"In full color\""),
                "one click reached the photo (the waking one toggled nothing): \(semantics.prefix(400))")
    }

    @Test(arguments: [
        (["--screen-off", "22:00-25:00"], "--screen-off: \"25:00\" is not a time of day"),
        (["--screen-off", "mon-fry 22:00-07:00"], "--screen-off: unknown day \"mon-fry\""),
        (["--screen-off", "00:00-24:00"], "covers the whole week: the screen would never be on"),
        (["--wake-for", "5x"], "--wake-for expects a length of time such as 90s, 5m or 1h"),
        (["--wake-for", "0"], "--wake-for expects a length of time"),
    ])
    func aBadScheduleOrWakeIsRefused(args: [String], message: String) throws {
        let r = try Binary.run(["--kiosk", "--scene", "swatches"] + args, env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2 && r.stderr.contains(message), "\(r.status): \(r.stderr)")
    }

    static func grab(_ server: XServer, _ name: String) throws -> PixelBuffer {
        let file = ImageFixtures.path("screen-\(name).png")
        _ = try Command.run("/usr/bin/python3", [TestAssets.repository.appendingPathComponent("scripts/x-screenshot.py").path, file],
                            env: server.environment)
        return try PNGFile.read(file)
    }

    /// Pixels that are not black.
    static func lit(_ p: PixelBuffer) -> Int {
        UnsafeBufferPointer(start: p.pixels, count: p.width * p.height).reduce(0) { $0 + ($1 & 0xFF_FFFF != 0 ? 1 : 0) }
    }

    /// User and system CPU ticks of a process (`/proc/PID/stat`'s 14th and 15th fields).
    static func cpuTicks(_ pid: Int32) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }
}
