import Foundation
import LumenTestSupport
import Testing

/// `lumen --kiosk` on a bare X server (Xvfb, no window manager): the window covers the screen
/// and the scene lays out for it, keys do nothing but Ctrl+Alt+Q, which quits.
extension RealWindowTests {
    @Suite("A kiosk covers a bare X server's screen")
    struct KioskWindowTests {
        @Test func theWindowCoversTheScreenAndOnlyTheChordQuits() throws {
            let server = try XServer()
            let screen = try xdotool(["getdisplaygeometry"], on: server).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(screen.count == 2)
            let script = ImageFixtures.write(Array("at 800 key q\nat 900 key Escape\nat 1000 key 3\nat 2000 key ctrl+alt+q".utf8), "kiosk-keys.txt")
            let semantics = ImageFixtures.path("kiosk-semantics.txt")
            // No --exit-after: only the chord ends it; past the deadline it is killed (status 9).
            let (p, window) = try openLumenWindow(["--kiosk", "--scene", "gallery", "--script", script, "--semantics"],
                                                  stdout: semantics, on: server)
            try #require(!window.isEmpty, "the window opened")
            let geometry = try xdotool(["getwindowgeometry", window], on: server)
            #expect(ProcessDeadline.end(p, within: 60), "Ctrl+Alt+Q at 2 s quit it")
            #expect(geometry.contains("Position: 0,0") && geometry.contains("Geometry: \(screen[0])x\(screen[1])"), "\(geometry)")
            #expect(p.terminationStatus == 0)
            let dump = (try? String(contentsOfFile: semantics, encoding: .utf8)) ?? ""
            // No bar; the 672-pt column centred in the screen's width: laid out for the real size.
            let x = (screen[0] - 672) / 2
            #expect(dump.hasPrefix("header \"Gallery\" [\(x), 24,"), "q, Escape and 3 did nothing: \(dump.prefix(300))")
            #expect(!dump.contains("button \"Home\""))
        }
    
        /// Unattended, every line on standard error says when: a broken photo in the folder.
        @Test func aKiosksLogLinesCarryTheTime() throws {
            let dir = ImageFixtures.path("kiosk-photos")
            try? FileManager.default.removeItem(atPath: dir)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: dir + "/broken.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])))
            let r = try Binary.run(["--kiosk", "--scene", "gallery", "--images", dir, "--exit-after", "2"], env: ["SDL_VIDEODRIVER": "dummy"])
            #expect(r.status == 0)
            let lines = r.stderr.split(separator: "\n").filter { $0.contains("lumen:") }
            #expect(!lines.isEmpty, "a line about the broken photo: \(r.stderr)")
            let stamp = try Regex(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z lumen: "#)
            #expect(lines.allSatisfy { $0.contains(stamp) }, "\(lines)")
        }
    
        /// `--playlist`: the window goes through the entries on time, round again, and says so.
        @Test func aPlaylistTakesTurnsInTheWindow() throws {
            let file = ImageFixtures.write(Array(#"""
                {"crossfade": 0.3, "hold": 0,
                 "entries": [{"scene": "swatches", "seconds": 1}, {"scene": "curves", "seconds": 1, "settings": {"curve": "bouncy"}}]}
                """#.utf8), "kiosk-playlist.json")
            let semantics = ImageFixtures.path("kiosk-playlist-semantics.txt")
            let kiosk = try RunningLumen(["--kiosk", "--playlist", file, "--semantics"], env: ["SDL_VIDEODRIVER": "dummy"],
                                         log: ImageFixtures.path("kiosk-playlist.log"), stdout: semantics)
            func entries() -> [Substring] {
                kiosk.log.split(separator: "\n").filter { $0.contains("playlist entry") }.map { $0.split(separator: " ", maxSplits: 1)[1] }
            }
            #expect(kiosk.wait { _ in entries().count >= 3 }, "\(kiosk.log)")
            kiosk.stop()   // SIGTERM: a clean quit, which prints the semantics of the entry on screen
            #expect(kiosk.process.terminationStatus == 0, "\(kiosk.log)")
            #expect(Array(entries().prefix(3)) == ["lumen: playlist entry 1 of 2: swatches for 1 s", "lumen: playlist entry 2 of 2: curves for 1 s",
                                                   "lumen: playlist entry 1 of 2: swatches for 1 s"], "\(kiosk.log)")
            let shown = (try? String(contentsOfFile: semantics, encoding: .utf8)) ?? ""
            let last = entries().last ?? ""
            #expect(shown.contains(last.contains("swatches") ? "Swatches" : "Curves"), "the entry the log names last: \(last); \(shown.prefix(200))")
        }

        /// The cursor as the X server shows it (XFixes, from outside the window): hidden at
        /// start (SDL's motion event for the pointer already there does not count), shown
        /// while a real mouse moves, hidden again 3 s after it stopped.
        @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/Xlib"), "needs python3-xlib"))
        func theCursorShowsOnlyWhileAMouseMoves() throws {
            let server = try XServer(width: 1280, height: 800)
            let probe = ImageFixtures.write(Array("""
                from Xlib import display
                d = display.Display()
                d.xfixes_query_version()
                image = d.xfixes_get_cursor_image(d.screen().root)
                print("shown" if any((p >> 24) & 0xFF for p in image.cursor_image) else "hidden")
                """.utf8), "cursor-probe.py")
            func cursor() throws -> String {
                try ProgramOutput.capture("/usr/bin/python3", [probe], environment: server.environment, timeout: 60).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            _ = try xdotool(["mousemove", "640", "400"], on: server)
            let (p, window) = try openLumenWindow(["--kiosk", "--scene", "swatches", "--exit-after", "12"], stdout: ImageFixtures.path("kiosk-cursor.txt"),
                                                  on: server)
            defer { ProcessDeadline.stop(p) }
            try #require(!window.isEmpty)
            // Hidden at start: looked at for up to 3 s (a loaded machine maps the kiosk late).
            var atStart = try cursor()
            for _ in 0..<30 where atStart != "hidden" { Thread.sleep(forTimeInterval: 0.1); atStart = try cursor() }
            #expect(atStart == "hidden", "at start, over the kiosk")
            _ = try xdotool(["mousemove", "300", "300"], on: server)
            Thread.sleep(forTimeInterval: 0.2)
            _ = try xdotool(["mousemove", "500", "420"], on: server)
            let moved = Date()
            // Waited for, not slept for: a loaded machine takes its time to show and to hide it.
            var shown = try cursor()
            for _ in 0..<50 where shown != "shown" { Thread.sleep(forTimeInterval: 0.1); shown = try cursor() }
            #expect(shown == "shown", "a real mouse moved")
            var hidden = try cursor()
            for _ in 0..<150 where hidden != "hidden" { Thread.sleep(forTimeInterval: 0.1); hidden = try cursor() }
            let after = Date().timeIntervalSince(moved)
            #expect(hidden == "hidden" && after >= 2.5, "hidden about 3 s after it stopped: \(hidden) after \(after) s")
        }

        /// A service manager stops a kiosk with SIGTERM: it quits cleanly within a second.
        @Test func sigtermQuitsWithinASecond() throws {
            let p = Process()
            p.executableURL = Binary.url
            p.arguments = ["--kiosk", "--scene", "hero", "--exit-after", "20"]
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = "dummy"
            p.environment = env
            try p.run()
            Thread.sleep(forTimeInterval: 2)   // running, animating
            let asked = Date()
            p.terminate()                       // SIGTERM
            ProcessDeadline.end(p, within: 60)
            let took = Date().timeIntervalSince(asked)
            #expect(p.terminationReason == .exit && p.terminationStatus == 0, "exited by itself, status \(p.terminationStatus)")
            #expect(took < 1, "took \(took) s")
        }
    }
}
