import BuiltInScenes
import Geometry
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes
import Pixels

@Suite("Type and symbols as the seeds ask")
struct SeedTypeTests {
    /// Seed 000's title is `.largeTitle` in the rounded design, bold: Nunito, which Pango
    /// really loads (and draws differently from Inter).
    @Test func theGalleryTitleIsRounded() throws {
        var o = SceneOptions()
        o.scene = "gallery"
        let r = try Harness.runner(o)
        r.tree.layout()
        func find(_ n: Node) -> TextNode? { (n as? TextNode).flatMap { $0.string == "Gallery" ? $0 : nil } ?? n.children.lazy.compactMap(find).first }
        let title = try #require(find(r.tree.root))
        #expect(title.font == .rounded(.largeTitle, weight: .bold) && title.font.family == "Nunito")
        #expect(TextEngine.shared.resolvedFamily(of: title.font) == "Nunito", "the bundled Nunito is what Pango loads")
        // Drawn, the two faces differ glyph by glyph (a fallback to Inter would be identical).
        func drawn(_ font: Font) -> PixelBuffer {
            var list = DisplayList()
            list.append(.text(TextLayout("Gallery", font: font), origin: Point(4, 4), color: .black))
            return CairoRenderer().render(list, width: 160, height: 56)
        }
        let d = PixelComparison.difference(drawn(title.font), drawn(.style(.largeTitle, weight: .bold)))
        #expect(d.outliers > 0.03, "Nunito and Inter differ in \(d.outliers * 100) % of the pixels")
    }

    /// The trophy's `.yellow.gradient`: lighter at its top than at its bottom, yellow there.
    @Test func theTrophyIsFilledWithYellowsStandardGradient() throws {
        var o = SceneOptions()
        o.scene = "spoiler"
        o.settings = ["amount": "0"]   // not pixelated
        let (px, tree) = try Harness.frame(o)
        func find(_ n: Node) -> TextNode? { (n as? TextNode).flatMap { $0.string == Icon.trophy.text ? $0 : nil } ?? n.children.lazy.compactMap(find).first }
        let trophy = try #require(find(tree.root))
        #expect(trophy.gradient == Color.yellow.standardGradient)
        let f = trophy.windowFrame
        // The glyph's pixels in the top and bottom fifths of its box.
        func meanBlue(_ y0: Double, _ y1: Double) -> Double {
            var sum = 0, n = 0
            for y in Int(f.minY + f.height * y0)..<Int(f.minY + f.height * y1) {
                for x in Int(f.minX)..<Int(f.maxX) {
                    let p = PixelComparison.rgba(px[x, y])
                    if p.r > 200, p.g > 150, p.b < 150 { sum += p.b; n += 1 }   // yellow glyph pixels only
                }
            }
            return n > 0 ? Double(sum) / Double(n) : -1
        }
        let top = meanBlue(0.15, 0.35), bottom = meanBlue(0.6, 0.8)
        #expect(top > 0 && bottom >= 0, "glyph found: \(top), \(bottom)")
        #expect(top > bottom + 8, "lighter (more blue) at the top: \(top) vs \(bottom)")
    }
}

@Suite("--set photos=drawn: the seeds' own images")
struct SeedLookTests {
    func dump(_ scene: String) throws -> (String, SceneRunner) {
        var o = SceneOptions()
        o.scene = scene
        o.settings = ["photos": "drawn"]
        let r = try Harness.runner(o)
        r.runHeadless(to: 0)
        return (r.tree.semanticsDump(), r)
    }

    @Test func eachPhotoSceneShowsItsSeedsImages() throws {
        let gallery = try dump("gallery").0
        for title in ["Dunes", "Forest", "Lagoon", "Harbor", "Meadow", "Canyon"] { #expect(gallery.contains("button \"\(title)\""), "\(title)") }
        #expect(!gallery.contains("Reef"))
        #expect(try dump("transitions").0.contains("image \"animal-01\""))
        #expect(try dump("gradient").0.contains("Photo: Sunset horizon."))
        // Seed 000's Dunes: the 800 × 600 orange-to-red gradient with the white symbol in the middle.
        var o = SceneOptions()
        o.scene = "gallery"
        let context = try Harness.runner(o).context
        let dunes = DrawnPhotos.galleryImage(0, in: context)
        let px = try #require(dunes.pixels)
        #expect(px.width == 800 && px.height == 600)
        let corner = Color(argb32: px[2, 2]), middle = Color(argb32: px[400, 300]), end = Color(argb32: px[797, 597])
        #expect(abs(corner.red - 1) < 0.02 && abs(corner.green - Color.orange.green) < 0.03, "orange at the top left: \(corner)")
        #expect(abs(end.red - Color.red.red) < 0.02 && end.green < 0.3, "red at the bottom right: \(end)")
        #expect(middle.green > 0.8 && middle.blue > 0.7, "the white symbol in the middle: \(middle)")
        // Seed 002's sunset: 900 × 1600, the white sun at (450, 770).
        let sunset = try #require(DrawnPhotos.heroImage(in: context).pixels)
        #expect(sunset.width == 900 && sunset.height == 1600 && Color(argb32: sunset[450, 770]).blue > 0.75)
    }
}
