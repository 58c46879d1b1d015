import Effects
import Foundation
import Geometry
import Render
import Testing
import Widgets
@testable import Scenes
import Imaging
import LumenTestSupport

@Suite("The transitions scene", .serialized)
struct TransitionsSceneTests {
    static let assets = Harness.assets
    /// Cards are 240 pt tall, 16 pt apart.
    static let pitch = 256.0

    func options(_ variant: String, scroll: Double) -> SceneOptions {
        TextEngine.registerFonts(directory: Self.assets + "/fonts")
        var o = SceneOptions()
        o.scene = "transitions"; o.scroll = scroll; o.settings = ["variant": variant]
        return o
    }

    /// The list's viewport in window points.
    func viewport() throws -> Rect {
        let stage = try Harness.runner(options("none", scroll: 0), assets: Self.assets, loader: ImageLoader())
        stage.tree.layout()
        return try #require(stage.tree.mainScrollView).windowFrame
    }

    func isBackground(_ p: UInt32) -> Bool { p == 0xFFFF_FFFF }

    /// Leftmost and rightmost non-background columns on row y.
    func extent(_ px: PixelBuffer, row y: Int) -> (Int, Int)? {
        var lo: Int?, hi: Int?
        for x in 0..<px.width where !isBackground(px[x, y]) { lo = lo ?? x; hi = x }
        return lo.map { ($0, hi!) }
    }

    @Test func scaleShrinksTheCardHalfOffTheTop() throws {
        let vp = try viewport()
        // Card 1 spans 256…496 in the list: at scroll 376 its centre is at the viewport's top.
        let (px, tree) = try Harness.frame(options("scale", scroll: 376), assets: Self.assets)
        let halfOff = extent(px, row: Int(vp.minY + 40))!, centred = extent(px, row: Int(vp.minY + 136 + 120))!
        let w1 = halfOff.1 - halfOff.0, w2 = centred.1 - centred.0
        #expect(Double(w1) < Double(w2) * 0.75, "half-off card \(w1) px wide, centred one \(w2) px")
        #expect(w2 >= 320 && w2 <= 345, "the centred card at full size (320 pt, plus its shadow offset and blur): \(w2)")
        #expect(tree.semanticsDump().contains("header \"Scale Transition\""))
        #expect(tree.semanticsDump().contains("image \"Hedgehog\""))
    }

    @Test func opacityHidesTheCardHalfOffTheTop() throws {
        let vp = try viewport()
        let (px, _) = try Harness.frame(options("opacity", scroll: 376), assets: Self.assets)
        for y in Int(vp.minY) + 2..<Int(vp.minY) + 110 { #expect(extent(px, row: y) == nil, "row \(y) shows nothing"); if extent(px, row: y) != nil { break } }
        #expect(extent(px, row: Int(vp.minY + 136 + 120)) != nil, "the centred card is there")
    }

    /// Leftmost and rightmost columns on row y that are clearly not background (a faint
    /// shadow fringe does not count).
    func solidExtent(_ px: PixelBuffer, row y: Int) -> (Int, Int)? {
        var lo: Int?, hi: Int?
        for x in 0..<px.width {
            let p = PixelComparison.rgba(px[x, y])
            if max(255 - p.r, 255 - p.g, 255 - p.b) > 60 { lo = lo ?? x; hi = x }
        }
        return lo.map { ($0, hi!) }
    }

    @Test func interactive3DDrawsATrapezoid() throws {
        let vp = try viewport()
        let (px, _) = try Harness.frame(options("interactive-3d", scroll: 376), assets: Self.assets)
        // The half-off card, rotated about a nearly horizontal axis with its top edge away from
        // the viewer, is a trapezoid wider at the bottom: its own left side (the shadow falls to
        // the right) slants outward going down, where a flat card's would be vertical.
        var rows: [Int] = []
        for y in Int(vp.minY) + 1..<Int(vp.minY) + 130 where solidExtent(px, row: y) != nil { rows.append(y) }
        guard let first = rows.first, let last = rows.last, last - first > 40 else { Issue.record("card rows \(rows.count)"); return }
        // Straight parts of the side: below the clip, above the bottom corner's curve (which
        // takes the lower half of the visible part).
        let upper = first + 2, lower = first + (last - first) / 2
        let a = try #require(solidExtent(px, row: upper)), b = try #require(solidExtent(px, row: lower))
        #expect(a.0 - b.0 > 3, "left side slants outward going down: x \(a.0) at row \(upper), \(b.0) at row \(lower)")
        #expect(b.1 - b.0 > a.1 - a.0 + 6, "the card widens going down: \(a.1 - a.0) then \(b.1 - b.0) px")
    }

    @Test(arguments: [900.0, 2400.0, 5000.0])
    func viewAlignedFlingsRestOnACardEdge(speed: Double) throws {
        let vp = try viewport()
        let x = vp.midX, y0 = vp.minY + 500
        var lines = ["at 300 finger-down 1 \(x) \(y0)"]
        let steps = 6
        for i in 1...steps { lines.append("at \(300 + 16 * i) finger-move 1 \(x) \(y0 - speed * 0.016 * Double(i))") }
        lines += ["at \(300 + 16 * steps + 4) finger-up 1 \(x) \(y0 - speed * 0.016 * Double(steps))", "at 3800 quit"]
        let runner = try Harness.runner(options("view-aligned", scroll: 0))
        runner.runHeadless(to: 3.8, script: try InputScript.parse(lines.joined(separator: "\n")))
        let last = runner.tree.mainScrollView?.offset ?? 0
        #expect(last > 100, "it moved: \(last)")
        let nearest = (last / Self.pitch).rounded() * Self.pitch
        #expect(abs(last - nearest) < 0.5, "rests on a card edge: \(last)")
    }
}
