import BuiltInScenes
import Foundation
import Geometry
import Render
import Testing
import Scenes
import Pixels

/// A frame drawn in horizontal bands on several threads is the frame drawn at once, byte for
/// byte, in every scene (a frame may be rendered in bands, one a core).
@Suite struct BandedRenderingTests {
    /// Every scene mid-motion, and each transitions variant (3D projections, snapping).
    static let cases: [(String, [String: String], Double)] =
        SceneCatalog.lumen.names.map { ($0, [:], 260) }
        + TransitionsScene.variants.map { ("transitions", ["variant": $0.name], 410) }

    @Test(arguments: 0..<cases.count, [1.0, 2.0])
    func bandsGiveTheSameBytes(index: Int, scale: Double) throws {
        let (name, settings, scroll) = Self.cases[index]
        var o = SceneOptions()
        o.scene = name
        o.settings = settings
        o.size = Size(width: 720, height: 480)
        o.time = 1.3
        o.scroll = scroll
        let runner = try Harness.runner(o, chrome: name == "home")
        runner.runHeadless(to: o.time, scroll: o.scroll)
        runner.tree.damageAll()
        let (list, _) = runner.buildFrame()
        let w = Int(720 * scale), h = Int(480 * scale)

        let whole = CairoRenderer(memory: runner.loader.memory, threads: 1)
        let reference = whole.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
        #expect(whole.lastBandCount == 1)

        // Two threads (the machines Lumen measures on): the same bytes.
        let two = CairoRenderer(memory: runner.loader.memory, threads: 2)
        let halves = two.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
        #expect(two.lastBandCount == 2)
        let (count, worst, first) = Self.difference(halves, reference)
        #expect(count == 0, "\(name) \(settings) at scale \(scale) in 2 bands: \(count) px differ by up to \(worst), first at \(first)")

        // Three: pixman may take another compositing path for a band that starts inside a
        // clipped photo, a level apart in a row at most (never a seam, never a missing band).
        let three = CairoRenderer(memory: runner.loader.memory, threads: 3)
        let thirds = three.render(list, width: w, height: h, scale: scale, background: runner.scene.background)
        #expect(three.lastBandCount == 3)
        let (count3, worst3, first3) = Self.difference(thirds, reference)
        #expect(worst3 <= 1 && count3 <= w, "\(name) \(settings) at scale \(scale) in 3 bands: \(count3) px differ by up to \(worst3), first at \(first3)")
    }

    /// How many pixels differ, by how much at most (per channel), and where first.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (Int, Int, String) {
        var count = 0, worst = 0, first = "-"
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] {
            if count == 0 { first = "(\(x), \(y))" }
            count += 1
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                worst = max(worst, abs(Int((a[x, y] >> shift) & 255) - Int((b[x, y] >> shift) & 255)))
            }
        } }
        return (count, worst, first)
    }
}
