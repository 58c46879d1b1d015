import BuiltInScenes
import Geometry
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
@testable import Scenes

/// A presenter that keeps frames in memory (what a window's surface is to the loop).
final class MemoryPresenter: Presenter {
    let width: Int, height: Int
    let pixels: UnsafeMutableRawPointer
    init(width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
    }
    deinit { pixels.deallocate() }
    var pixelWidth: Int { width }
    var pixelHeight: Int { height }
    func draw(_ body: (RenderTarget) -> Void) { body(RenderTarget(pixels: pixels, width: width, height: height, stride: width * 4)) }
    func present(damage: Rect, scale: Double) {}
}

@Suite("The performance overlay")
struct PerformanceOverlayTests {
    func app(_ scene: String) throws -> (SceneRunner, MemoryPresenter, CairoRenderer) {
        var o = SceneOptions()
        o.scene = scene
        o.size = Size(width: 800, height: 500)
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0)
        return (r, MemoryPresenter(width: 800, height: 500), CairoRenderer(memory: r.loader.memory))
    }

    /// Draws `n` frames 1/60 s apart as the window loop would; returns how many drew anything.
    func frames(_ n: Int, _ r: SceneRunner, _ p: MemoryPresenter, _ renderer: CairoRenderer) -> Int {
        var drawn = 0
        var t = r.clock.now
        for _ in 0..<n {
            t += 1.0 / 60
            r.advance(to: t)
            var fake = t
            if r.drawFrame(with: renderer, on: p, scale: 1, now: { fake += 0.001; return fake }) != nil { drawn += 1 }
        }
        return drawn
    }

    @Test func fShowsFramesWhileTheSceneMoves() throws {
        let (r, p, renderer) = try app("hero")
        r.handle(.key(KeyEvent(.character("f"), time: r.clock.now)))
        #expect(r.shell.isShowingPerformance)
        #expect(frames(30, r, p, renderer) == 30, "the Ken Burns hero moves every frame")
        let overlay = r.shell.performance
        #expect(overlay.samples.count >= 29)
        #expect(overlay.samples.allSatisfy { abs($0.layoutMs - 1) < 1e-6 && abs($0.renderMs - 1) < 1e-6 && abs($0.presentMs - 1) < 1e-6 })
        let text = try #require(overlay.semantics.value)
        #expect(text.contains("fps · 3.0 ms (layout 1.0, render 1.0, present 1.0)"), "\(text)")
        #expect(text.contains("damage 800×452 pt"), "\(text)")
        #expect(text.contains("of 192 MB"), "\(text)")
    }

    /// Showing the overlay over a still scene draws it a couple of times, then the window goes
    /// idle: the overlay's own frames do not count as frames to show.
    @Test func overAStillSceneTheWindowSettles() throws {
        let (r, p, renderer) = try app("swatches")
        _ = frames(5, r, p, renderer)
        r.handle(.key(KeyEvent(.character("f"), time: r.clock.now)))
        let drawn = frames(30, r, p, renderer)
        #expect(drawn <= 3, "frames drawn after f: \(drawn)")
        #expect(!r.tree.needsFrame)
    }
}
