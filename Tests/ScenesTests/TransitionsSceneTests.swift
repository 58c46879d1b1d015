@testable import BuiltInScenes
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

@Suite("The transitions scene", .serialized)
struct TransitionsSceneTests {
    static let assets = Harness.assets
    /// Cards are 240 pt tall, 16 pt apart.
    static let pitch = 248.0

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

    /// Interactive (SwiftUI's default): the card half off the top is scaled by the effect
    /// interpolated half-way through ease-in-out: 1 + (0.6 − 1)·(1 − ease(0.5)) = 0.8.
    @Test func scaleShrinksTheCardHalfOffTheTopByTheInterpolatedAmount() throws {
        let vp = try viewport()
        // Card 1 spans 248…488 in the list: at scroll 368 its centre is at the viewport's top.
        let (px, tree) = try Harness.frame(options("scale", scroll: 368), assets: Self.assets)
        let halfOff = extent(px, row: Int(vp.minY + 40))!, centred = extent(px, row: Int(vp.minY + 128 + 120))!
        let w1 = halfOff.1 - halfOff.0, w2 = centred.1 - centred.0
        #expect(abs(Double(w1) / Double(w2) - 0.8) < 0.04, "half-off card \(w1) px wide, centred one \(w2) px")
        #expect(w2 >= 320 && w2 <= 345, "the centred card at full size (320 pt, plus its shadow offset and blur): \(w2)")
        #expect(tree.semanticsDump().contains("header \"Scale Transition\""))
        #expect(tree.semanticsDump().contains("image \"Hedgehog\""))
    }

    /// With `configuration=animated` the phase flips at the threshold: half off, the card is
    /// at the edge effect (gone, for opacity) once the spring has settled.
    @Test func theAnimatedConfigurationStillFlips() throws {
        let vp = try viewport()
        var o = options("opacity", scroll: 368)
        o.settings["configuration"] = "animated"
        o.time = 2
        let (px, _) = try Harness.frame(o, assets: Self.assets)
        // (The scroll indicator at the right edge aside.)
        func card(_ y: Int) -> (Int, Int)? { extent(px, row: y).flatMap { $0.0 < px.width - 20 ? $0 : nil } }
        for y in Int(vp.minY) + 2..<Int(vp.minY) + 110 { #expect(card(y) == nil, "row \(y) shows nothing"); if card(y) != nil { break } }
        #expect(extent(px, row: Int(vp.minY + 128 + 120)) != nil, "the centred card is there")
    }

    /// SwiftUI's `RoundedRectangle(cornerRadius:)` and `.rect(cornerRadius:)` are continuous:
    /// every rounded shape and clip of the animal card and of the spoiler card is.
    @Test func seedCornersAreContinuous() throws {
        func styles(_ n: Node) -> [CornerStyle] {
            var out: [CornerStyle] = []
            if case .roundedRect(_, let style) = n.clip { out.append(style) }
            if let shape = n as? ShapeNode, case .roundedRect(_, let style) = shape.shape { out.append(style) }
            return out + n.children.flatMap(styles)
        }
        let card = TransitionsScene.card(ImageAsset(name: "x"), name: "x")
        #expect(styles(card).count >= 4 && styles(card).allSatisfy { $0 == .continuous }, "\(styles(card))")
        let spoiler = try #require(try Harness.runner(options("none", scroll: 0).with(scene: "spoiler")).scene as? SpoilerScene)
        #expect(styles(spoiler.card).count >= 2 && styles(spoiler.card).allSatisfy { $0 == .continuous }, "\(styles(spoiler.card))")
    }

    /// An independent ease-in-out: cubic-bezier(0.42, 0, 0.58, 1) solved by bisection on x(t).
    static func easeInOut(_ x: Double) -> Double {
        func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let mid = (lo + hi) / 2; if bez(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid } }
        return bez((lo + hi) / 2, 0, 1)
    }

    /// Each of the five variants with a scale, opacity or offset, a card entering at the
    /// bottom 10 %, 50 % and 90 % into view: strictly between the identity and edge values,
    /// moving toward identity as more shows, and equal to the seed's value interpolated by
    /// 1 − ease-in-out(visible fraction) within 2 %.
    @Test(arguments: [("scale", 0.6, 1.0, 0.0), ("opacity", 1.0, 0.0, 0.0), ("offset", 1.0, 1.0, 400.0),
                      ("scale-opacity", 0.3, 0.3, 0.0), ("view-aligned", 0.3, 0.3, 0.0)])
    func everyVariantFollowsTheScroll(variant: String, scale: Double, opacity: Double, offset: Double) throws {
        var last: (Double, Double, Double)?
        for visible in [0.1, 0.5, 0.9] {
            let r = try Harness.runner(options(variant, scroll: 0))
            r.runHeadless(to: 0)
            let view = try #require(r.tree.mainScrollView)
            let lazy = try #require(view.content as? LazyStack)
            // Card 5's top goes `visible` × 240 pt above the viewport's bottom.
            let top = lazy.offset(of: 5)
            view.scroll(to: top - view.viewportLength + 240 * visible)
            _ = r.buildFrame()
            let t = try #require(lazy.node(at: 5).flatMap { n -> ScrollTransition? in
                func find(_ n: Node) -> ScrollTransition? { (n as? ScrollTransition) ?? n.children.lazy.compactMap(find).first }
                return find(n)
            })
            let amount = 1 - Self.easeInOut(visible)
            let content = t.content
            let got = (content.transform.a, content.opacity, content.transform.tx - (1 - content.transform.a) * content.frame.width / 2)
            let want = (1 + (scale - 1) * amount, 1 + (opacity - 1) * amount, offset * amount)
            #expect(abs(got.0 - want.0) <= 0.02 * max(abs(1 - scale), 0.01) + 1e-9 || scale == 1, "\(variant) \(visible): scale \(got.0) vs \(want.0)")
            #expect(abs(got.1 - want.1) <= 0.02 * max(abs(1 - opacity), 0.01) + 1e-9 || opacity == 1, "\(variant) \(visible): opacity \(got.1) vs \(want.1)")
            #expect(abs(got.2 - want.2) <= 0.02 * max(offset, 1) || offset == 0, "\(variant) \(visible): offset \(got.2) vs \(want.2)")
            if scale != 1 { #expect(got.0 > min(scale, 1) && got.0 < 1, "strictly between") }
            if opacity != 1 { #expect(got.1 > opacity && got.1 < 1, "strictly between") }
            if offset != 0 { #expect(got.2 > 0 && got.2 < offset, "strictly between") }
            if let l = last {
                if scale != 1 { #expect(got.0 > l.0, "more visible, closer to identity") }
                if opacity != 1 { #expect(got.1 > l.1) }
                if offset != 0 { #expect(got.2 < l.2) }
            }
            last = got
        }
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
        let (px, _) = try Harness.frame(options("interactive-3d", scroll: 368), assets: Self.assets)
        // The half-off card, rotated about a nearly horizontal axis with its top edge away from
        // the viewer, is a trapezoid wider at the bottom: its own left side (the shadow falls to
        // the right) slants outward going down, where a flat card's would be vertical.
        var rows: [Int] = []
        // The rows of the half-off card: the first run of drawn rows (the next card follows a gap).
        for y in Int(vp.minY) + 1..<Int(vp.minY) + 130 {
            if solidExtent(px, row: y) != nil { rows.append(y) } else if !rows.isEmpty { break }
        }
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

extension SceneOptions {
    func with(scene: String) -> SceneOptions { var o = self; o.scene = scene; o.settings = [:]; return o }
}

@Suite("Shadows cast by the content's alpha")
struct SeedShadowTests {
    /// The animal card's `yellow.opacity(0.3)` shape casts a 30 % black shadow: just below the
    /// card's bottom edge (the 10-pt offset keeps the blur's full strength there), over the
    /// white page, the darkest pixel is 255 · (1 − 0.3) = 178.5 within 5 %.
    @Test func theAnimalCardCastsAThirtyPercentShadow() throws {
        TestAssets.registerFonts()
        let card = TransitionsScene.card(ImageAsset(name: "x", pixels: PixelBuffer(width: 8, height: 6, fill: 0xFF40_8040)), name: "x")
        let tree = WidgetTree(root: ZStack([card]).frame(width: 400, height: 320), size: Size(width: 400, height: 320))
        let (list, _) = tree.frame()
        let px = CairoRenderer().render(list, width: 400, height: 320, background: .white)
        let f = card.windowFrame
        var darkest = 255
        for y in Int(f.maxY) + 1...Int(f.maxY) + 5 {
            for x in Int(f.midX) - 40...Int(f.midX) + 40 { darkest = min(darkest, PixelComparison.rgba(px[x, y]).g) }
        }
        #expect(abs(Double(darkest) - 178.5) <= 178.5 * 0.05, "darkest shadow pixel \(darkest)")
    }

    /// The gradient demo's photos each cast their shadow (as seed 003 puts `.shadow` on the
    /// photo inside its opacity transition), so mid cross-fade each shadow is as faded as its
    /// photo: two shadows, each strictly between 0 and 35 % black, adding up to 35 %.
    @Test func theGradientPhotosShadowsFadeWithThem() throws {
        var o = SceneOptions()
        o.scene = "gradient"
        let r = try Harness.runner(o)
        r.runHeadless(to: 0)
        let scene = try #require(r.scene as? GradientScene)
        scene.advance()
        r.runHeadless(to: r.clock.now + 0.4)
        r.tree.damageAll()
        let list = r.buildFrame().list
        var layers: [Double] = [], shadows: [Double] = []   // open layers' opacities; shadows' effective alpha
        for c in list.commands {
            switch c {
            case .pushLayer(let e, _): if case .opacity(let v) = e { layers.append(v) } else { layers.append(1) }
            case .popLayer: _ = layers.popLast()
            case .shadow(_, let color, let blur, _) where blur == 28: shadows.append(layers.reduce(color.alpha, *))
            default: break
            }
        }
        #expect(shadows.count == 2, "front and back photo each cast one: \(shadows)")
        #expect(shadows.allSatisfy { $0 > 0.01 && $0 < 0.34 }, "each faded with its photo: \(shadows)")
        #expect(abs(shadows.reduce(0, +) - 0.35) < 0.02, "together the seed's 35 %: \(shadows)")
    }
}
