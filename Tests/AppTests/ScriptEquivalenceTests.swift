import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Scenes
import Testing
import Widgets
import App

/// One script, two hosts: the window (SDL's dummy driver, input through SDL's queue) and
/// `lumen render` (input straight into the runner) end in the same state.
@Suite("A script does the same in the window and headless", .serialized)
struct ScriptEquivalenceTests {
    /// Runs `script` in a window and headless for `seconds`; returns both semantics dumps.
    func both(_ scene: String, _ script: [String], seconds: Double, name: String) throws -> (window: String, headless: String) {
        let path = ImageFixtures.write(Array((script + ["at \(Int(seconds * 1000)) quit"]).joined(separator: "\n").utf8), "\(name).txt")
        let w = try Binary.run(["--scene", scene, "--size", "1280x800", "--script", path, "--semantics"], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(w.status == 0, "\(w.stderr)")
        let h = try Binary.run(["render", "--scene", scene, "--size", "1280x800", "--script", path, "--time", "\(seconds)", "--semantics"])
        #expect(h.status == 0, "\(h.stderr)")
        return (w.stdout, h.stdout)
    }

    /// Where scroll-lab's first row button is at 1280×800 with the list at the top.
    func firstButtonCentre() throws -> Point {
        TestAssets.registerFonts()
        let runner = try SceneRunner(scene: "scroll-lab", in: .lumen, size: Size(width: 1280, height: 800), assets: TestAssets.path)
        runner.tree.layout()
        func find(_ n: Node) -> Button? { (n as? Button) ?? n.children.lazy.compactMap(find).first }
        return try #require(find(runner.tree.root)).windowFrame.center
    }

    @Test func tapFlingWheelAndKeysInScrollLab() throws {
        let c = try firstButtonCentre()
        var lines = ["at 200 mouse-move \(c.x) \(c.y)", "at 220 mouse-down \(c.x) \(c.y)", "at 280 mouse-up \(c.x) \(c.y)",
                     "at 500 finger-down 1 640 720"]
        for i in 1...6 { lines.append("at \(500 + 16 * i) finger-move 1 640 \(720 - 60 * i)") }
        lines += ["at 610 finger-up 1 640 350",
                  // A wheel burst where the pointer is, over the list, once the fling has rested
                  // (3,750 pt/s decays below 1 pt/s 4.1 s after the release).
                  "at 5400 mouse-move 900 500", "at 5450 wheel 0 -1", "at 5500 wheel 0 -1", "at 5550 wheel 0 1",
                  "at 6200 key Tab", "at 6300 key Space"]
        let (window, headless) = try both("scroll-lab", lines, seconds: 7.5, name: "equivalence-lab")
        #expect(window.contains("text \"Tapped 1×\""), "the tap landed: \(window.prefix(400))")
        #expect(window.contains("offset") && !window.contains("offset 0.0 pt"), "the list moved")
        #expect(window == headless, "window:\n\(window.prefix(1500))\n\nheadless:\n\(headless.prefix(1500))")
    }

    @Test func keyThreeAndAWheelInTransitions() throws {
        let lines = ["at 100 key 3", "at 300 mouse-move 640 600", "at 350 wheel 0 -2"]
        let (window, headless) = try both("transitions", lines, seconds: 2.5, name: "equivalence-transitions")
        #expect(window.contains("header \"Opacity Transition\""), "key 3 chose the third variant: \(window.prefix(300))")
        #expect(window == headless, "window:\n\(window.prefix(1500))\n\nheadless:\n\(headless.prefix(1500))")
    }
}
