@testable import BuiltInScenes
import Dispatch
import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
import LumenTestSupport
@testable import Scenes
import Widgets
@testable import App

extension RealWindowTests {
    @Suite("Scripted input through the real loop", .serialized)
    struct ScriptedInputTests {
        /// Where the first row button of scroll-lab is at 1280×800 with the list at the top.
        func firstButtonCentre() throws -> Point {
            TestAssets.registerFonts()
            var o = SceneOptions()
            o.scene = "scroll-lab"
            let stage = try SceneRunner(o, in: .lumen, assets: TestAssets.path)
            stage.tree.layout()
            func find(_ n: Node) -> Button? { (n as? Button) ?? n.children.lazy.compactMap(find).first }
            guard let b = find(stage.tree.root) else { throw UsageError("no button") }
            return b.windowFrame.center
        }

        static var drivers: [String] {
            ProcessInfo.processInfo.environment["DISPLAY"] != nil ? ["dummy", "x11"] : ["dummy"]
        }

        /// Turned a quarter (a panel mounted in portrait): the window is 800 × 1280 and the
        /// scene lays out in 1280 × 800; a tap and a touch at the button, in the scene's points,
        /// reach it through the turned window.
        @Test(arguments: drivers)
        func aTurnedWindowTakesInputInTheScenesPoints(driver: String) throws {
            let c = try firstButtonCentre()
            let lines = ["at 200 mouse-move \(c.x) \(c.y)", "at 220 mouse-down \(c.x) \(c.y)", "at 280 mouse-up \(c.x) \(c.y)",
                         "at 600 finger-down 2 \(c.x) \(c.y)", "at 650 finger-up 2 \(c.x) \(c.y)", "at 1200 quit"]
            let script = ImageFixtures.write(Array(lines.joined(separator: "\n").utf8), "rotated-\(driver).txt")
            let r = try Binary.run(["--scene", "scroll-lab", "--rotate", "90", "--script", script, "--semantics"],
                                   env: ["SDL_VIDEODRIVER": driver])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stdout.contains("text \"Tapped 2×\""), "\(r.stdout.prefix(600))")
            #expect(r.stdout.contains("header \"Scroll lab\" [24, 72,"), "laid out in 1280 × 800 under the bar")
        }

        @Test(arguments: drivers)
        func flingTapAndQuit(driver: String) throws {
            let c = try firstButtonCentre()
            var lines = ["at 200 mouse-move \(c.x) \(c.y)", "at 220 mouse-down \(c.x) \(c.y)", "at 280 mouse-up \(c.x) \(c.y)",
                         "at 500 finger-down 1 640 720"]
            for i in 1...6 { lines.append("at \(500 + 16 * i) finger-move 1 640 \(720 - 60 * i)") }
            lines += ["at 610 finger-up 1 640 350", "at 3600 key Home", "at 4200 quit"]
            let script = ImageFixtures.write(Array(lines.joined(separator: "\n").utf8), "fling-\(driver).txt")
            let trace = ImageFixtures.path("fling-trace-\(driver).csv")
            let r = try Binary.run(["--scene", "scroll-lab", "--script", script, "--trace", trace, "--semantics"],
                                   env: ["SDL_VIDEODRIVER": driver])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stdout.contains("text \"Tapped 1×\""), "the button's action ran: \(r.stdout.prefix(600))")

            // The trace: time_ms, frame_ms, image_mb, waiting, shown_ms, a11y_ms, scene, then the
            // chips' and the list's offsets: rows of [time, chips, list].
            let text = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(text.hasPrefix("time_ms,frame_ms,image_mb,waiting,shown_ms,a11y_ms,scene,scroll,renderer,recorded,compiled,variants\n"))
            let rows = text.split(separator: "\n").dropFirst().map { line in
                let f = line.split(separator: ",", omittingEmptySubsequences: false)
                return [Double(f[0]) ?? -1] + f[7].split(separator: " ").compactMap { Double($0) }
            }
            #expect(rows.allSatisfy { $0.count >= 3 }, "every line: a time and the offsets")
            #expect(rows.count > 60)
            // The script's times count from the first frame on screen (its shown_ms), the trace's
            // from the loop's start: a machine slow to show the first frame shifts the one from the
            // other (by 703 ms, seen on a loaded machine).
            let origin = try #require(text.split(separator: "\n").dropFirst().first.flatMap { Double($0.split(separator: ",")[4]) })
            let fling = rows.filter { $0[0] > origin + 620 && $0[0] < origin + 3550 }.map { $0[2] }
            guard let peak = fling.max(), let last = fling.last else { Issue.record("no fling frames"); return }
            #expect(peak > 500, "the list flew: \(peak) pt")
            // Decaying: never moving backwards, and each second moves less than the one before.
            #expect(zip(fling, fling.dropFirst()).allSatisfy { $1 >= $0 - 1e-6 })
            // The offset at the script's time, between the frames either side of it: the fling's
            // position is a function of the frames' times, and a loaded machine draws fewer.
            func offset(at script: Double) -> Double {
                let ms = origin + script
                guard let next = rows.firstIndex(where: { $0[0] >= ms }) else { return rows.last?[2] ?? 0 }
                guard next > 0, rows[next][0] > ms else { return rows[next][2] }
                let a = rows[next - 1], b = rows[next]
                return a[2] + (b[2] - a[2]) * (ms - a[0]) / (b[0] - a[0])
            }
            let d1 = offset(at: 1620) - offset(at: 620), d2 = offset(at: 2620) - offset(at: 1620), d3 = offset(at: 3500) - offset(at: 2620)
            #expect(d1 > d2 && d2 > d3 && d3 < d1 / 20, "second by second: \(d1), \(d2), \(d3)")
            // Stopped inside the bounds: 1,000 rows of 72/112 pt + 10 pt gaps.
            let content = 500 * 72.0 + 500 * 112.0 + 999 * 10
            #expect(last >= 0 && last <= content)
            #expect(rows.last![2] == 0, "Home brought it back to the top")
        }

        /// From home, a key opens the hero, Escape comes back, a click opens the gallery; the
        /// window's last semantics are the gallery's, under a bar titled for it.
        @Test(arguments: drivers)
        func homeOpensScreensByKeyAndByClickAndComesBack(driver: String) throws {
            TestAssets.registerFonts()
            let home = try SceneRunner(SceneOptions(), in: .lumen, assets: TestAssets.path)
            home.runHeadless(to: 0)
            let card = try #require((home.scene as? HomeScene)?.cards[0].windowFrame.center)
            let lines = ["at 300 key 3", "at 900 key Escape", "at 1300 mouse-move \(card.x) \(card.y)",
                         "at 1350 mouse-down \(card.x) \(card.y)", "at 1400 mouse-up \(card.x) \(card.y)", "at 2200 quit"]
            let script = ImageFixtures.write(Array(lines.joined(separator: "\n").utf8), "home-\(driver).txt")
            let r = try Binary.run(["--script", script, "--semantics"], env: ["SDL_VIDEODRIVER": driver])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stdout.contains("header \"Color Reveal gallery\"") && r.stdout.contains("button \"Forest\""),
                    "the gallery, under its bar: \(r.stdout.prefix(500))")
            #expect(r.stdout.contains("button \"Home\""))
        }

        /// Files dropped on the window (SDL drop events pushed through its queue) show in the
        /// gallery in natural order; a file added to the folder while running appears.
        @Test(arguments: drivers)
        func aDroppedFolderOpensTheGalleryAndFollowsTheFolder(driver: String) throws {
            let dir = ImageFixtures.path("dropped-\(driver)")
            try? FileManager.default.removeItem(atPath: dir)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for i in [2, 10, 1] {
                #expect(FileManager.default.createFile(atPath: dir + "/img\(i).png", contents: Data(ImageFixtures.rgbaPNG(8, 6) { _, _ in (200, 90, 40, 255) })))
            }
            let script = ImageFixtures.write(Array("at 300 drop \(dir)\nat 3000 quit".utf8), "drop-\(driver).txt")
            // The folder gains a photo a second after the drop.
            DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
                // Off the test's task: a failed write shows as the photo never arriving.
                _ = FileManager.default.createFile(atPath: dir + "/img3.png", contents: Data(ImageFixtures.rgbaPNG(8, 6) { _, _ in (20, 90, 240, 255) }))
            }
            // Wide, short rows (aspect ratio 10), so that all four are realized at once.
            let r = try Binary.run(["--scene", "gallery", "--set", "aspectRatio=10", "--script", script, "--semantics"],
                                   env: ["SDL_VIDEODRIVER": driver])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            let order = ["img1", "img2", "img3", "img10"].map { r.stdout.range(of: "button \"\($0)\"")?.lowerBound }
            #expect(order.allSatisfy { $0 != nil }, "all four listed: \(r.stdout.prefix(800))")
            let found = order.compactMap { $0 }
            #expect(found == found.sorted(), "in natural order")
        }

        /// In the window: `i` opens the inspector, a drag on the corner radius slider rounds the
        /// gallery's photos (the screenshot shows the page where the photo's corner was), Copy logs
        /// the command line it put on the clipboard, Escape goes home.
        @Test(arguments: drivers)
        func theInspectorsSliderChangesTheSceneAndCopiesTheCommandLine(driver: String) throws {
            TestAssets.registerFonts()
            var o = SceneOptions()
            o.scene = "gallery"
            let stage = try SceneRunner(o, in: .lumen, assets: TestAssets.path)
            stage.runHeadless(to: 0)
            stage.toggleInspector()
            stage.tree.layout()
            func find<T: Control>(_ type: T.Type, _ label: String, _ n: Node) -> T? {
                if let c = n as? T, c.semantics.label == label { return c }
                return n.children.lazy.compactMap { find(type, label, $0) }.first
            }
            let slider = try #require(find(Slider.self, "cornerRadius", stage.shell.inspector)).windowFrame
            let copy = try #require(find(Button.self, "Copy", stage.shell.inspector)).windowFrame.center
            let photo = try #require((stage.scene as? GalleryScene)?.images.first).windowFrame
            let x0 = slider.minX + 11 + (slider.width - 22) * 24 / 120, y = slider.midY
            var lines = ["at 300 key i", "at 600 mouse-move \(x0) \(y)", "at 650 mouse-down \(x0) \(y)"]
            for i in 1...5 { lines.append("at \(650 + 20 * i) mouse-move \(x0 + (slider.maxX + 40 - x0) * Double(i) / 5) \(y)") }
            let shot = ImageFixtures.path("inspector-\(driver).png")
            lines += ["at 800 mouse-up \(slider.maxX + 40) \(y)", "at 1200 screenshot \(shot)",
                      "at 1400 mouse-move \(copy.x) \(copy.y)", "at 1450 mouse-down \(copy.x) \(copy.y)", "at 1500 mouse-up \(copy.x) \(copy.y)",
                      "at 1800 key Escape", "at 2300 quit"]
            let script = ImageFixtures.write(Array(lines.joined(separator: "\n").utf8), "inspector-\(driver).txt")
            let r = try Binary.run(["--scene", "gallery", "--script", script, "--semantics"], env: ["SDL_VIDEODRIVER": driver])
            #expect(r.status == 0, "stderr: \(r.stderr)")
            #expect(r.stderr.contains("copied: lumen --scene gallery --set cornerRadius=120"), "\(r.stderr)")
            #expect(r.stdout.contains("button \"Color Reveal gallery\""), "home at the end")
            let pixels = try PNGFile.read(shot)
            let corner = pixels[Int(photo.minX + 14), Int(photo.minY + 14)]
            #expect(PixelComparison.close(corner, .white), "the photo's corner is rounded away: \(String(corner, radix: 16))")
        }
    }
}
