import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Scenes
import Testing
import Widgets

/// At `--scale 2` a window is twice as many pixels as points; X11 reports the mouse in pixels.
/// A real click (xdotool under Xvfb) at a control's centre in pixels must press that control.
extension RealWindowTests {
    @Suite("Clicks land where they are drawn at scale 2")
    struct HiDPIClickTests {
        static let size = Size(width: 1280, height: 800)

        /// The scene laid out as the window lays it out (under the navigation bar), for where things are.
        func runner(_ scene: String) throws -> SceneRunner {
            TestAssets.registerFonts()
            let r = try SceneRunner(scene: scene, in: .lumen, size: Self.size, assets: TestAssets.path, chrome: true)
            r.tree.layout()
            return r
        }

        /// Opens `scene` at scale 2, clicks at `point` (points) × 2 in window pixels, and returns
        /// the semantics dump printed on exit.
        func click(_ scene: String, at point: Point) throws -> String {
            let semantics = ImageFixtures.path("hidpi-\(scene).txt")
            let server = try XServer()
            let (p, window) = try openLumenWindow(["--scene", scene, "--size", "1280x800", "--scale", "2", "--exit-after", "4", "--semantics"],
                                                  stdout: semantics, on: server)
            try #require(!window.isEmpty, "the window opened")
            Thread.sleep(forTimeInterval: 1.0)   // photos in, first frame drawn
            let px = (Int((point.x * 2).rounded()), Int((point.y * 2).rounded()))
            _ = try xdotool(["mousemove", "--window", window, "\(px.0)", "\(px.1)"], on: server)
            Thread.sleep(forTimeInterval: 0.1)
            let location = try xdotool(["getmouselocation"], on: server)
            _ = try xdotool(["click", "1"], on: server)
            ProcessDeadline.end(p, within: 60)
            #expect(location.contains("x:\(px.0) y:\(px.1)"), "the pointer is where it was sent: \(location)")
            #expect(p.terminationStatus == 0)
            return (try? String(contentsOfFile: semantics, encoding: .utf8)) ?? ""
        }

        @Test func aClickOnScrollLabsFirstButtonPressesIt() throws {
            func find(_ n: Node) -> Button? { (n as? Button) ?? n.children.lazy.compactMap(find).first }
            let lab = try runner("scroll-lab")   // held: a node's window frame needs its parents
            let button = try #require(find(lab.shell.content))
            let dump = try click("scroll-lab", at: button.windowFrame.center)
            #expect(dump.contains("text \"Tapped 1×\""), "\(dump.prefix(800))")
        }

        @Test func aClickOnAGalleryPhotoRevealsThatPhoto() throws {
            // The second photo ("Reef"): at 1280×800 pt it is below the first, partly in view.
            func photos(_ n: Node) -> [Node] { (n.semantics.value != nil ? [n] : []) + n.children.flatMap(photos) }
            let gallery = try runner("gallery")
            let all = photos(gallery.tree.root)
            let reef = try #require(all.first { $0.semantics.label == "Reef" })
            let visible = reef.windowFrame.intersection(Rect(size: Self.size))
            let dump = try click("gallery", at: visible.center)
            let lines = dump.split(separator: "\n").filter { $0.contains("Color follows scrolling") || $0.contains("In full color") }
            #expect(lines.contains { $0.contains("\"Reef\"") && $0.contains("In full color") }, "\(lines)")
            #expect(lines.filter { $0.contains("In full color") }.count == 1, "only Reef: \(lines)")
        }
    }
}
