import Foundation
import LumenTestSupport
import Pixels
import Render
import Testing

/// A display mounted turned, on the console: `--rotate 90` turns the picture and a real
/// touchscreen's evdev coordinates with it (a uinput device in `scripts/kms-run`'s machine,
/// read by SDL from /dev/input), and both still agree after the display is unplugged and
/// plugged in again.
@Suite("A turned display on the console (KMS/DRM)",
       .enabled(if: KMSRun.available || ProcessInfo.processInfo.environment["CI"] == "true",
                "needs qemu-system-x86, linux-image-amd64 and busybox-static (make test installs them)"))
struct KMSRotationTests {
    /// The machine's display, 640 × 400, and the fake touchscreen's range, 800 × 600.
    static let display = (width: 640.0, height: 400.0), touchscreen = (width: 800.0, height: 600.0)

    @Test func touchTurnsWithThePictureAlsoAfterAReplug() throws {
        let r = try Self.machine.get()
        #expect(r.status == 0, "\(r.log)")
        #expect(r.file("plugged.txt").hasPrefix("connected"), "\(r.file("plugged.txt"))")
        let seen = "\(r.stdout.prefix(300)); its descriptors: \(r.file("tap1-fds.txt")) \(r.file("tap2-fds.txt")); \(r.log)"
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\""), "the first tap revealed the photo under it: \(seen)")
        #expect(r.stdout.contains("button \"Reef\" value=\"In full color\""), "the tap after the replug too: \(seen)")
        // The display shows the kiosk's frame, turned (the screenshot is what the display shows).
        let shown = try KMSRun.ppm(r.out + "/shown.ppm"), drawn = try PNGFile.read(r.out + "/app.png")
        try #require(shown.width == 640 && shown.height == 400 && drawn.width == 640 && drawn.height == 400,
                     "shown \(shown.width)×\(shown.height), drawn \(drawn.width)×\(drawn.height)")
        let d = PixelComparison.difference(shown, drawn)
        #expect(d.mean == 0 && d.outliers == 0, "the display is Lumen's frame: mean |Δ| \(d.mean), share over 24 \(d.outliers)")
    }

    /// On the console: a uinput touchscreen taps the gallery's first photo (as laid out
    /// portrait, 400 × 640 points), the connector is unplugged and plugged in again, and a
    /// second touchscreen taps the second photo.
    static func consoleSteps() throws -> [String] {
        let layout = try Binary.run(["render", "--scene", "gallery", "--bare", "--size", "400x640", "--semantics", "--out",
                                     ImageFixtures.path("kms-rotate-layout.png")])
        let forest = try centre(of: "Forest", in: layout.stdout), reef = try centre(of: "Reef", in: layout.stdout)
        // Reef's visible part: from its top to the bottom of the screen.
        let reefTap = (x: reef.x, y: (reef.top + 640) / 2)
        let device = TestAssets.repository.appendingPathComponent("scripts/fake-input-device.py").path
        let connector = "/sys/class/drm/card0-Virtual-1/status"
        func tap(_ n: Int, at p: (x: Double, y: Double)) -> [String] {
            let d = deviceCoordinates(ofScenePoint: p)
            // The tap once SDL reads the device: Lumen's own wait for input holds one descriptor
            // of its node, SDL another (under a loaded emulator SDL opened it seconds after udev
            // had sorted it, and a tap before that was lost).
            let opened = "[ $(ls -l /proc/$P/fd 2>/dev/null | grep -c \"/dev/input/$N$\") -ge 2 ]"
            return ["/usr/bin/python3 '\(device)' touchscreen --name 'Lumen test touchscreen \(n)' --tap \(d.x) \(d.y) --after-file $O/tap\(n)-sorted & D=$!",
                    "for i in $(seq 300); do grep -q 'Lumen test touchscreen \(n).*as udev sorts it' $O/stderr.txt && break; sleep 0.1; done",
                    "N=$(basename $(dirname $(dirname $(grep -l 'Lumen test touchscreen \(n)' /sys/class/input/event*/device/name))))",
                    "for i in $(seq 300); do \(opened) && break; sleep 0.1; done; ls -l /proc/$P/fd | grep input > $O/tap\(n)-fds.txt",
                    "touch $O/tap\(n)-sorted", "wait $D", "sleep 1", "still"]
        }
        return ["modprobe uinput"] + tap(1, at: (forest.x, forest.y))
            + ["echo off > \(connector)", "sleep 2", "echo detect > \(connector)", "cat \(connector) > $O/plugged.txt", "sleep 2", "still"]
            + tap(2, at: reefTap) + ["kms-screendump $O/shown.ppm"]
    }

    /// Xorg on the same display (the modesetting driver), its output turned with `xrandr
    /// --rotate left` (a landscape panel stood up as portrait), its touchscreen the server's own
    /// inputtest device: Lumen maps the touchscreen onto the turned output, so a finger on the
    /// glass where the gallery's second photo shows reveals that photo. Unmapped, the X server
    /// spreads the glass unturned over the screen and the same finger lands on the first photo.
    @Test func onXorgATurnedOutputsTouchscreenIsMappedOntoIt() throws {
        let r = try Self.machine.get()
        let stderr = r.file("x11-stderr.txt"), stdout = r.file("x11-stdout.txt")
        #expect(r.file("xrandr.txt").contains("Virtual-1 connected primary 400x640+0+0 left"), "\(r.file("xrandr.txt")) \(r.file("xorg.out").suffix(300))")
        #expect(stderr.contains("touch: 1 touchscreen mapped to Virtual-1 (turned left)"), "\(stderr)")
        #expect(r.file("tapped.txt").hasPrefix("tapped"), "\(r.file("tapped.txt")) \(r.file("xorg.log").suffix(600))")
        #expect(stdout.contains("button \"Reef\" value=\"In full color\""), "the finger on the second photo revealed it: \(stdout.prefix(300))")
        #expect(stdout.contains("button \"Forest\" value=\"Color follows scrolling\""), "\(stdout.prefix(300))")
    }

    /// One machine for both tests: the kiosk on the console, then Xorg on the same display.
    static let machine: Result<KMSRun.Run, any Error> = Result { try run(consoleSteps()) }

    /// The glass of Xorg's touchscreen where the gallery's second photo shows on the output
    /// turned left (400 × 640, the photo's centre at (200, 506)): the glass's top-left shows
    /// the screen's top-right, so across the glass is down the screen.
    static let reefOnTheGlass = (x: 506.0 / 640, y: 1 - 200.0 / 400)

    static func run(_ consoleSteps: [String]) throws -> KMSRun.Run {
        let waitFor = "waitfor() { for i in $(seq 900); do grep -q \"$2\" \"$1\" 2>/dev/null && return 0; sleep 0.1; done; return 1; }"
        let touch = TestAssets.repository.appendingPathComponent("scripts/xorg-touch.py").path
        return try KMSRun.run("rotate", lumen: ["--kiosk", "--scene", "gallery", "--idle", "0", "--rotate", "90", "--semantics"],
                              steps: consoleSteps,
                              after: [waitFor, xorgConfig,
                                      "Xorg :1 -config $O/xorg.conf -noreset -nolisten tcp -logfile $O/xorg.log > $O/xorg.out 2>&1 & X=$!",
                                      "for i in $(seq 300); do [ -e /tmp/.X11-unix/X1 ] && break; sleep 0.1; done",
                                      "export DISPLAY=:1", "for i in $(seq 300); do xrandr > /dev/null 2>&1 && break; sleep 0.1; done",
                                      "xrandr --output Virtual-1 --rotate left > $O/rotate.txt 2>&1", "xrandr > $O/xrandr.txt 2>&1",
                                      "\"$LUMEN\" --kiosk --scene gallery --idle 0 --semantics > $O/x11-stdout.txt 2> $O/x11-stderr.txt & P=$!",
                                      "waitfor $O/x11-stderr.txt 'touch: .* mapped to'", "sleep 3",
                                      "echo '\(reefOnTheGlass.x) \(reefOnTheGlass.y)' | timeout 60 /usr/bin/python3 '\(touch)' /tmp/lumen-touch.sock > $O/tapped.txt 2>&1",
                                      "sleep 3", "kill $P; wait $P; kill $X"])
    }

    /// Xorg on the machine's display (modesetting), no input devices but a touchscreen of the
    /// server's inputtest driver, whose events `scripts/xorg-touch.py` sends on its socket.
    static let xorgConfig = """
        cat > $O/xorg.conf <<'CONF'
        Section "Device"
          Identifier "gpu"
          Driver "modesetting"
          Option "ShadowFB" "on"
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "gpu"
        EndSection
        \(XServer.touchscreenSections(socket: "/tmp/lumen-touch.sock", screen: "screen"))
        CONF
        """

    /// A scene point (portrait, 400 × 640) on the display turned 90° clockwise, in the
    /// touchscreen's coordinates: the scene's top-left is the display's top-right.
    static func deviceCoordinates(ofScenePoint p: (x: Double, y: Double)) -> (x: Int, y: Int) {
        let onDisplay = (x: display.width - p.y, y: p.x)
        return (Int((onDisplay.x * (touchscreen.width - 1) / display.width).rounded()),
                Int((onDisplay.y * (touchscreen.height - 1) / display.height).rounded()))
    }

    /// The centre of the button called `name` in `--semantics`' lines, and its top.
    static func centre(of name: String, in semantics: String) throws -> (x: Double, y: Double, top: Double) {
        let line = try #require(semantics.split(separator: "\n").first { $0.hasPrefix("button \"\(name)\"") }, "\(semantics.prefix(300))")
        let n = line.split(separator: "[").last!.split(whereSeparator: { ", ×]".contains($0) }).compactMap { Double($0) }
        return (n[0] + n[2] / 2, n[1] + n[3] / 2, n[1])
    }
}
