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

@Suite("The effect scenes, by pixels and semantics")
struct EffectScenesTests {
    static let assets = Harness.assets

    func options(_ scene: String, time: Double = 0, scroll: Double = 0, size: Size = Size(width: 1280, height: 800),
                 settings: [String: String] = [:]) -> SceneOptions {
        TextEngine.registerFonts(directory: Self.assets + "/fonts")
        var o = SceneOptions()
        o.scene = scene; o.time = time; o.scroll = scroll; o.size = size; o.settings = settings
        return o
    }

    func chroma(_ px: PixelBuffer, _ r: Rect) -> (mean: Double, max: Int) { PixelComparison.chroma(px, r) }

    /// The gallery laid out at 1280×800: each photo's frame in the content.
    func galleryFrames() throws -> [Rect] {
        let stage = try Harness.runner(options("gallery"), assets: Self.assets, loader: ImageLoader())
        stage.tree.layout()
        guard let g = stage.scene as? GalleryScene else { return [] }
        return g.images.map { $0.frameInScrollView ?? .zero }
    }

    @Test func galleryCentrePhotoIsInColourAndTheFarthestIsGray() throws {
        let frames = try galleryFrames()
        let offset = frames[2].midY - 400  // the Canyon photo centred in the 800-pt viewport
        let (px, tree) = try Harness.frame(options("gallery", scroll: offset), assets: Self.assets)
        let centre = frames[2].offsetBy(dx: 0, dy: -offset).insetBy(dx: 30, dy: 30)
        #expect(chroma(px, centre).mean > 20, "centred photo in colour: \(chroma(px, centre).mean)")
        // The photo above is the farthest visible one: the part of it on screen is gray.
        let above = frames[1].offsetBy(dx: 0, dy: -offset).intersection(Rect(x: 0, y: 0, width: 1280, height: 800)).insetBy(dx: 30, dy: 4)
        #expect(above.height > 20)
        #expect(chroma(px, above).max <= 2, "R = G = B within 2: \(chroma(px, above).max)")
        #expect(tree.semanticsDump().contains("button \"Canyon\" value=\"Color follows scrolling\""))
    }

    @Test func aScriptedTapRevealsColourAwayFromTheCentre() throws {
        let frames = try galleryFrames()
        let target = Point(frames[1].midX, min(frames[1].midY, 760))  // Reef, low in the window at scroll 0
        let script = try InputScript.parse("at 100 mouse-down \(target.x) \(target.y)\nat 150 mouse-up \(target.x) \(target.y)")
        let before = try Harness.frame(options("gallery", time: 1.0), assets: Self.assets).0
        let (after, tree) = try Harness.frame(options("gallery", time: 1.0), assets: Self.assets, script: script)
        let region = frames[1].intersection(Rect(x: 0, y: 0, width: 1280, height: 800)).insetBy(dx: 30, dy: 10)
        #expect(chroma(before, region).max <= 2, "gray before the tap")
        #expect(chroma(after, region).mean > 15, "in colour after it: \(chroma(after, region).mean)")
        #expect(tree.semanticsDump().contains("button \"Reef\" value=\"In full color\""))
    }

    func spoilerCard(_ settings: [String: String]) throws -> (PixelBuffer, Rect, WidgetTree) {
        let stage = try Harness.runner(options("spoiler", settings: settings), assets: Self.assets, loader: ImageLoader())
        stage.tree.layout()
        guard let s = stage.scene as? SpoilerScene else { throw SettingError("not the spoiler scene") }
        let frame = s.card.windowFrame
        let (px, tree) = try Harness.frame(options("spoiler", settings: settings), assets: Self.assets)
        return (px, frame, tree)
    }

    @Test func spoilerAtAmountOneIsUniform22ptBlocks() throws {
        let (px, card, tree) = try spoilerCard(["amount": "1"])
        var blocks = 0
        var y = card.minY
        while y + 22 <= card.maxY {
            var x = card.minX
            while x + 22 <= card.maxX {
                let first = px[Int(x), Int(y)]
                for yy in Int(y)..<Int(y + 22) { for xx in Int(x)..<Int(x + 22) where px[xx, yy] != first {
                    Issue.record("block at (\(x), \(y)) is not uniform"); return
                } }
                blocks += 1
                x += 22
            }
            y += 22
        }
        #expect(blocks > 100)
        #expect(!tree.semanticsDump().contains("Season finale"), "a secret is hidden from semantics")
        #expect(tree.semanticsDump().contains("button \"Reveal Spoiler\""))
    }

    @Test func spoilerAtAmountZeroIsSharp() throws {
        let (px, card, tree) = try spoilerCard(["amount": "0"])
        // The title's 22 pt square below the header holds many different colours (glyph edges).
        let text = Rect(x: card.minX + 16, y: card.minY + 16 + 220 + 10, width: 22, height: 22)
        var colours = Set<UInt32>()
        for y in Int(text.minY)..<Int(text.maxY) { for x in Int(text.minX)..<Int(text.maxX) { colours.insert(px[x, y]) } }
        #expect(colours.count > 10, "sharp text: \(colours.count) colours")
        #expect(tree.semanticsDump().contains("Season finale"))
    }

    @Test(arguments: [Size(width: 640, height: 400), Size(width: 200, height: 900)])
    func heroNeverShowsAnEdgeOverAFullCycle(size: Size) throws {
        // The background is a colour no photo pixel has; 50 frames over 2 passes (8 s).
        let stage = try Harness.runner(options("hero", size: size), assets: Self.assets, loader: ImageLoader())
        stage.context.loader.waitForAll()
        _ = stage.tree.frame()
        let renderer = CairoRenderer()
        let magenta = Color(red: 1, green: 0, blue: 1)
        for i in 0..<50 {
            stage.tree.clock.advance(to: Double(i) * 8 / 49)
            _ = stage.tree.frame()
            stage.tree.damageAll()
            let (list, _) = stage.tree.frame()
            let px = renderer.render(list, width: Int(size.width), height: Int(size.height), background: magenta)
            for y in 0..<px.height { for x in 0..<px.width where px[x, y] == magenta.argb32 {
                Issue.record("background at (\(x), \(y)) in frame \(i)"); return
            } }
        }
        #expect(stage.tree.semanticsDump().hasPrefix("image \"Mountains at sunset\""))
    }

    @Test func heroHoldsStillWithReduceMotion() throws {
        var o = options("hero")
        o.reduceMotion = true
        let a = try Harness.frame({ var x = o; x.time = 0.5; return x }(), assets: Self.assets).0
        let b = try Harness.frame({ var x = o; x.time = 2.5; return x }(), assets: Self.assets).0
        var same = true
        for y in stride(from: 0, to: 800, by: 7) { for x in stride(from: 0, to: 1280, by: 7) where a[x, y] != b[x, y] { same = false } }
        #expect(same)
    }

    /// The seed's sampling done here independently: box-average the photo into a 24×24
    /// fill-and-crop, then the weighted band means.
    func independentBands(_ path: String, bands: Int) throws -> [(Double, Double, Double)] {
        guard case .success(let photo) = ImageDecoder.decode(path: path) else { throw SettingError("decode") }
        let n = 24
        let side = min(photo.width, photo.height)
        let ox = (photo.width - side) / 2, oy = (photo.height - side) / 2
        var cells = [[(Double, Double, Double, Double)]](repeating: [(Double, Double, Double, Double)](repeating: (0, 0, 0, 0), count: n), count: n)
        for y in 0..<side { for x in 0..<side {
            let p = photo[ox + x, oy + y]
            let cy = y * n / side, cx = x * n / side
            var c = cells[cy][cx]
            c.0 += Double(p >> 16 & 0xFF); c.1 += Double(p >> 8 & 0xFF); c.2 += Double(p & 0xFF); c.3 += 1
            cells[cy][cx] = c
        } }
        var out: [(Double, Double, Double)] = []
        for b in 0..<bands {
            var r = 0.0, g = 0.0, bl = 0.0, w = 0.0
            for row in (b * n / bands)..<((b + 1) * n / bands) { for c in cells[row] {
                let (cr, cg, cb) = (c.0 / c.3 / 255, c.1 / c.3 / 255, c.2 / c.3 / 255)
                let weight = 0.15 + max(cr, cg, cb) - min(cr, cg, cb)
                r += cr * weight; g += cg * weight; bl += cb * weight; w += weight
            } }
            out.append((r / w, g / w, bl / w))
        }
        return out
    }

    @Test func gradientEndsMatchTheBandAverages() throws {
        let (px, tree) = try Harness.frame(options("gradient", time: 1.2), assets: Self.assets)
        let bands = try independentBands(Self.assets + "/gallery/01_forest.jpg", bands: 3)
        func pixel(_ y: Int) -> (Double, Double, Double) {
            let p = px[20, y]
            return (Double(p >> 16 & 0xFF) / 255, Double(p >> 8 & 0xFF) / 255, Double(p & 0xFF) / 255)
        }
        for (got, want) in [(pixel(0), bands[0]), (pixel(799), bands[2])] {
            #expect(abs(got.0 - want.0) < 0.04 && abs(got.1 - want.1) < 0.04 && abs(got.2 - want.2) < 0.04, "\(got) vs \(want)")
        }
        #expect(!tree.semanticsDump().contains("gradient"), "the background is hidden")
        #expect(tree.semanticsDump().contains("button \"Photo: Forest. Tap for the next one\""))
    }
}

@Suite("The gradient scene's rhythm")
struct GradientRhythmTests {
    func stage(reduceMotion: Bool) throws -> SceneRunner {
        TextEngine.registerFonts(directory: Harness.assets + "/fonts")
        var o = SceneOptions()
        o.scene = "gradient"
        o.reduceMotion = reduceMotion
        let s = try Harness.runner(o, assets: Harness.assets, loader: ImageLoader())
        s.context.loader.waitForAll()
        _ = s.tree.frame()
        return s
    }

    func run(_ s: SceneRunner, to t: Double) {
        while s.tree.clock.now < t - 1e-9 { s.tree.clock.advance(by: 1.0 / 60); _ = s.tree.frame() }
    }

    @Test func advancesEveryOneAndAHalfSecondsUnlessReduceMotion() throws {
        let moving = try stage(reduceMotion: false)
        run(moving, to: 1.4)
        #expect((moving.scene as? GradientScene)?.index == 0)
        run(moving, to: 1.6)
        #expect((moving.scene as? GradientScene)?.index == 1)
        run(moving, to: 4.6)
        #expect((moving.scene as? GradientScene)?.index == 3)

        let still = try stage(reduceMotion: true)
        run(still, to: 5)
        #expect((still.scene as? GradientScene)?.index == 0, "no auto-advance with Reduce Motion")
        still.tree.handle(.key(KeyEvent(.tab, time: still.tree.clock.now)))
        still.tree.handle(.key(KeyEvent(.space, time: still.tree.clock.now)))
        #expect((still.scene as? GradientScene)?.index == 1, "a press advances")
    }
}
