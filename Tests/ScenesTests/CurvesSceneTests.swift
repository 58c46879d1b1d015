import BuiltInScenes
import Animation
import Foundation
import Geometry
import Imaging
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes
import Pixels

@Suite("The curves scene")
struct CurvesSceneTests {
    func stage(_ settings: [String: String] = [:], reduceMotion: Bool = false) throws -> SceneRunner {
        TextEngine.registerFonts(directory: Harness.assets + "/fonts")
        var o = SceneOptions()
        o.scene = "curves"
        o.settings = settings
        o.reduceMotion = reduceMotion
        return try Harness.runner(o, assets: Harness.assets, loader: ImageLoader())
    }

    @Test func startsOnTheCurveItIsGivenAndListsIt() throws {
        let s = try stage(["curve": "spring(duration=0.5,bounce=0.3)"])
        let dump = s.tree.semanticsDump()
        #expect(dump.contains("selected,text \"spring(duration=0.5,bounce=0.3)\""), "\(dump)")
        #expect(dump.contains("header \"Curves\""))
        #expect(s.scene.isAnimating)
    }

    @Test func keysChangeTheSelection() throws {
        let s = try stage()
        #expect(s.tree.semanticsDump().contains("selected,text \"easeInOut\""))
        #expect(s.scene.key(KeyEvent(.down, time: 0)))
        #expect(s.tree.semanticsDump().contains("selected,text \"bezier(0.34,1.56,0.64,1)\""))
        #expect(s.scene.key(KeyEvent(.up, time: 0)) && s.scene.key(KeyEvent(.up, time: 0)))
        #expect(s.tree.semanticsDump().contains("selected,text \"easeOut\""))
        #expect(!s.scene.key(KeyEvent(.character("x"), time: 0)))
    }

    @Test func reduceMotionHoldsStillAndTogglesLive() throws {
        let s = try stage(reduceMotion: true)
        #expect(!s.scene.isAnimating)
        #expect(s.tree.semanticsDump().contains("Reduce Motion is on"))
        s.context.motion.reduceMotion = false
        #expect(s.scene.isAnimating)
        #expect(!s.tree.semanticsDump().contains("Reduce Motion is on"))
    }

    @Test func theDotFollowsTheCurveOverTime() throws {
        // Render at two times; the dot is where accent-blue pixels of one render are not blue
        // in the other. Later in an ease-in-out pass the dot is further right and higher.
        func render(_ time: Double) throws -> PixelBuffer {
            var o = SceneOptions()
            o.scene = "curves"
            o.time = time
            return try Harness.frame(o, assets: Harness.assets).0
        }
        let a = try render(0.1), b = try render(0.25)
        func centroid(_ p: PixelBuffer, _ q: PixelBuffer) -> Point {
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in 140..<560 { for x in 400..<1150 where p[x, y] == 0xFF00_7AFF && q[x, y] != 0xFF00_7AFF { sx += Double(x); sy += Double(y); n += 1 } }
            return n > 0 ? Point(sx / n, sy / n) : .zero
        }
        let early = centroid(a, b), late = centroid(b, a)
        #expect(early != .zero && late != .zero)
        #expect(late.x > early.x + 100, "moves right: \(early) → \(late)")
        #expect(late.y < early.y - 50, "and up")
    }
}
