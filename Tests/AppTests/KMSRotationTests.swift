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
        // Where the gallery's first two photos are, laid out portrait (400 × 640 points).
        let layout = try Binary.run(["render", "--scene", "gallery", "--bare", "--size", "400x640", "--semantics", "--out",
                                     ImageFixtures.path("kms-rotate-layout.png")])
        let forest = try Self.centre(of: "Forest", in: layout.stdout), reef = try Self.centre(of: "Reef", in: layout.stdout)
        // Reef's visible part: from its top to the bottom of the screen.
        let reefTap = (x: reef.x, y: (reef.top + 640) / 2)
        let device = TestAssets.repository.appendingPathComponent("scripts/fake-input-device.py").path
        let connector = "/sys/class/drm/card0-Virtual-1/status"
        func tap(_ n: Int, at p: (x: Double, y: Double)) -> [String] {
            let d = Self.deviceCoordinates(ofScenePoint: p)
            return [
                    "/usr/bin/python3 '\(device)' touchscreen --name 'Lumen test touchscreen \(n)' --tap \(d.x) \(d.y) --after-file $O/tap\(n)-sorted & D=$!",
                    "for i in $(seq 300); do grep -q 'Lumen test touchscreen \(n).*as udev sorts it' $O/stderr.txt && break; sleep 0.1; done",
                    "touch $O/tap\(n)-sorted", "wait $D", "sleep 1", "still"]
        }
        let r = try KMSRun.run("rotate", lumen: ["--kiosk", "--scene", "gallery", "--idle", "0", "--rotate", "90", "--semantics"],
                               steps: ["modprobe uinput"] + tap(1, at: (forest.x, forest.y))
                                   + ["echo off > \(connector)", "sleep 2", "echo detect > \(connector)", "cat \(connector) > $O/plugged.txt",
                                      "sleep 2", "still"]
                                   + tap(2, at: reefTap) + ["kms-screendump $O/shown.ppm"])
        #expect(r.status == 0, "\(r.log)")
        #expect(r.file("plugged.txt").hasPrefix("connected"), "\(r.file("plugged.txt"))")
        #expect(r.stdout.contains("button \"Forest\" value=\"In full color\""), "the first tap revealed the photo under it: \(r.stdout.prefix(300))")
        #expect(r.stdout.contains("button \"Reef\" value=\"In full color\""), "the tap after the replug too: \(r.stdout.prefix(300))")
        // The display shows the kiosk's frame, turned (the screenshot is what the display shows).
        let shown = try KMSRun.ppm(r.out + "/shown.ppm"), drawn = try PNGFile.read(r.out + "/app.png")
        try #require(shown.width == 640 && shown.height == 400 && drawn.width == 640 && drawn.height == 400,
                     "shown \(shown.width)×\(shown.height), drawn \(drawn.width)×\(drawn.height)")
        let d = PixelComparison.difference(shown, drawn)
        #expect(d.mean == 0 && d.outliers == 0, "the display is Lumen's frame: mean |Δ| \(d.mean), share over 24 \(d.outliers)")
    }

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
