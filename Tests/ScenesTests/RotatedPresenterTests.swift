import BuiltInScenes
import Geometry
import Render
import Testing
import Scenes

/// `--rotate`: what reaches the window is the scene's frame turned, pixel for pixel.
@Suite struct RotatedPresenterTests {
    @Test(arguments: [DisplayRotation.quarter, .half, .threeQuarters])
    func theWindowShowsTheFrameTurned(rotation: DisplayRotation) throws {
        var o = SceneOptions()
        o.scene = "swatches"
        o.size = Size(width: 320, height: 200)
        let runner = try Harness.runner(o)
        runner.runHeadless(to: 0)
        let upright = runner.snapshot()
        // The window is the frame's size turned.
        let windowSize = rotation.logicalSize(o.size)
        let window = MemoryPresenter(width: Int(windowSize.width), height: Int(windowSize.height))
        let turned = RotatedPresenter(window, rotation: rotation)
        runner.tree.damageAll()
        let (list, damage) = runner.buildFrame()
        turned.draw { runner.draw(list, damage: try! #require(damage), with: CairoRenderer(threads: 1), into: $0, scale: 1) }
        turned.present(damage: Rect(size: o.size), scale: 1)
        let shown = window.pixels.assumingMemoryBound(to: UInt32.self)
        var wrong = 0
        for y in 0..<upright.height { for x in 0..<upright.width {
            let w = rotation.toWindow(Point(Double(x) + 0.5, Double(y) + 0.5), window: windowSize)
            if shown[Int(w.y) * window.width + Int(w.x)] != upright[x, y] { wrong += 1 }
        } }
        #expect(wrong == 0, "\(rotation): \(wrong) pixels not where the turn puts them")
    }
}
