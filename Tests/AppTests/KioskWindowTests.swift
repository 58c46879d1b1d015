import Foundation
import LumenTestSupport
import Testing

/// `lumen --kiosk` on a bare X server (Xvfb, no window manager): the window covers the screen
/// and the scene lays out for it, keys do nothing but Ctrl+Alt+Q, which quits.
extension RealWindowTests {
    @Suite("A kiosk covers a bare X server's screen", .serialized,
           .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil
                        && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs Xvfb and xdotool (make test)"))
    struct KioskWindowTests {
        @Test func theWindowCoversTheScreenAndOnlyTheChordQuits() throws {
            let screen = try xdotool(["getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(screen.count == 2)
            let script = ImageFixtures.write(Array("at 800 key q\nat 900 key Escape\nat 1000 key 3\nat 2000 key ctrl+alt+q".utf8), "kiosk-keys.txt")
            let semantics = ImageFixtures.path("kiosk-semantics.txt")
            let started = Date()
            let (p, window) = try openLumenWindow(["--kiosk", "--scene", "gallery", "--script", script, "--semantics", "--exit-after", "8"],
                                                  stdout: semantics)
            try #require(!window.isEmpty, "the window opened")
            let geometry = try xdotool(["getwindowgeometry", window])
            p.waitUntilExit()
            let took = Date().timeIntervalSince(started)
            #expect(geometry.contains("Position: 0,0") && geometry.contains("Geometry: \(screen[0])x\(screen[1])"), "\(geometry)")
            #expect(p.terminationStatus == 0)
            #expect(took < 6, "Ctrl+Alt+Q at 2 s quit, not the 8 s limit: \(took) s")
            let dump = (try? String(contentsOfFile: semantics, encoding: .utf8)) ?? ""
            // No bar; the 672-pt column centred in the screen's width: laid out for the real size.
            let x = (screen[0] - 672) / 2
            #expect(dump.hasPrefix("header \"Gallery\" [\(x), 24,"), "q, Escape and 3 did nothing: \(dump.prefix(300))")
            #expect(!dump.contains("button \"Home\""))
        }
    }
}
