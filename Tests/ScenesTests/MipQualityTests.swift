import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Render
import Synchronization
import Testing
import Scenes
import Pixels

/// A transitions frame whose cards change size, drawn from mip levels as the window draws it
/// while the list moves, against the same frame drawn from exact GOOD-filtered copies (what
/// `lumen render` draws): a mean channel difference within 1.5 and no channel off by more
/// than 24. Once the sizes rest, the window's frame is the exact one, byte for byte.
@Suite struct MipQualityTests {
    static let cases: [(String, Double)] = ["scale", "interactive-3d"].flatMap { v in [150.0, 410, 900].map { (v, $0) } }

    static func list(variant: String, scroll: Double, scale: Double) throws -> (DisplayList, SceneRunner) {
        var o = SceneOptions()
        o.scene = "transitions"
        o.settings = ["variant": variant]
        o.size = Size(width: 720, height: 480)
        o.time = 1
        o.scroll = scroll
        o.scale = scale   // photos decoded for that scale, as the window does
        let runner = try Harness.runner(o)
        runner.runHeadless(to: o.time, scroll: o.scroll)
        runner.tree.damageAll()
        return (runner.buildFrame().list, runner)
    }

    /// Draws `list` in the window's way until every copy or pyramid asked for has landed.
    static func windowFrame(_ r: CairoRenderer, _ list: DisplayList, _ w: Int, _ h: Int, scale: Double, background: Color) -> PixelBuffer {
        let frame = r.render(list, width: w, height: h, scale: scale, background: background)
        for _ in 0..<400 where !r.images.backgroundWorkDone { usleep(5_000) }
        return frame
    }

    /// (mean channel difference, largest channel difference)
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (Double, Int) {
        var sum = 0, worst = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] {
            let d = PixelComparison.channelDifferences(a[x, y], b[x, y])
            sum += d.sum
            worst = max(worst, d.worst)
        } }
        return (Double(sum) / Double(a.width * a.height * 4), worst)
    }

    @Test(arguments: 0..<cases.count, [1.0, 2.0])
    func midScaleFromLevelsIsCloseToExactCopies(index: Int, scale: Double) throws {
        let (variant, scroll) = Self.cases[index]
        let (list, runner) = try Self.list(variant: variant, scroll: scroll, scale: scale)
        let w = Int(720 * scale), h = Int(480 * scale), bg = runner.scene.background
        let exact = CairoRenderer(memory: runner.loader.memory, threads: 2).render(list, width: w, height: h, scale: scale, background: bg)

        // The frame before, 7 pt earlier in the scroll: every card at another size.
        runner.scroll(to: scroll - 7)
        runner.tree.damageAll()
        let before = runner.buildFrame().list
        runner.scroll(to: scroll)
        runner.tree.damageAll()
        #expect(runner.buildFrame().list.commands.count == list.commands.count)
        let window = CairoRenderer(memory: runner.loader.memory, scalesInBackground: true, threads: 2)
        _ = Self.windowFrame(window, before, w, h, scale: scale, background: bg)   // asks for the pyramids
        let moving = Self.windowFrame(window, list, w, h, scale: scale, background: bg)
        #expect(window.images.entryCount == 0, "no copy before the sizes rest")
        // The scale variant's cards are drawn smaller than their photos: from mip levels. (The
        // 3D cards are drawn whole into their projection layer, then projected.)
        if variant == "scale" { #expect(window.bandCopiesMade.load(ordering: .relaxed) > 0, "drawn from levels, band by band") }
        let (mean, worst) = Self.difference(moving, exact)
        #expect(mean <= 1.5 && worst <= 24, "\(variant) at \(scroll) pt, scale \(scale): mean \(mean), worst \(worst)")
        if mean > 1.5 || worst > 24 {
            try? PNGFile.write(moving, to: NSTemporaryDirectory() + "mip-\(variant)-\(Int(scroll))-\(Int(scale)).png")
            try? PNGFile.write(exact, to: NSTemporaryDirectory() + "exact-\(variant)-\(Int(scroll))-\(Int(scale)).png")
        }

        // At rest: a few frames later the window draws the exact copies, byte for byte.
        var rested = moving, frames = 0
        while window.images.hasArrivals && frames < 10 {
            rested = Self.windowFrame(window, list, w, h, scale: scale, background: bg)
            frames += 1
        }
        #expect(!window.images.hasArrivals, "settled after \(frames) frames")
        #expect(Self.difference(rested, exact).1 == 0, "\(variant) at \(scroll) pt at rest is the exact frame")
    }
}
