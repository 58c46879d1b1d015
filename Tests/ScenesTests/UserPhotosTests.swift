@testable import BuiltInScenes
import Foundation
import Geometry
import Imaging
import Render
import LumenTestSupport
import Testing
import Widgets
import Scenes

@Suite("Scenes show the user's photos", .serialized)
struct UserPhotosTests {
    /// A folder of `count` small PNGs named photo1…photoN (plus a text file).
    static func folder(_ name: String, count: Int) -> String {
        let dir = ImageFixtures.path(name)
        if FileManager.default.fileExists(atPath: dir + "/photo\(count).png") { return dir }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 1...max(count, 1) where count > 0 {
            let png = ImageFixtures.rgbaPNG(8, 6) { _, _ in (UInt8(i % 256), 100, 50, 255) }
            #expect(FileManager.default.createFile(atPath: dir + "/photo\(i).png", contents: Data(png)))
        }
        #expect(FileManager.default.createFile(atPath: dir + "/readme.txt", contents: Data("hello".utf8)))
        return dir
    }

    func runner(_ scene: String, _ images: [String]) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.images = images
        let r = try Harness.runner(o)
        r.runHeadless(to: 0.1)
        return r
    }

    @Test func transitionsShowsEveryPhotoTitledByItsName() throws {
        let r = try runner("transitions", [Self.folder("user-12", count: 12)])
        let dump = r.tree.semanticsDump()
        #expect(dump.contains("image \"photo1\"") && dump.contains("image \"photo2\""), "\(dump.prefix(500))")
        #expect(!dump.contains("Bison"))
        r.scroll(to: 100_000)
        _ = r.tree.frame()
        #expect(r.tree.semanticsDump().contains("image \"photo12\""), "the list holds all twelve, in natural order")
    }

    /// The window lists a folder in the background: its first frame says it is reading, and the
    /// scene is built again with the photos once they are listed.
    @Test func theWindowListsAFolderInTheBackground() throws {
        TestAssets.registerFonts()
        let dir = Self.folder("user-12", count: 12)
        var o = SceneOptions()
        o.scene = "gallery"
        o.images = [dir]
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets, loader: ImageLoader(), listsInBackground: true)
        _ = r.tree.frame()
        #expect(r.tree.semanticsDump().contains("Reading \(dir)…"), "\(r.tree.semanticsDump().prefix(300))")
        var t = 0.0
        for _ in 0..<500 where !r.tree.semanticsDump().contains("photo1") {
            usleep(10_000); t += 0.016; r.advance(to: t); _ = r.tree.frame()
        }
        #expect(r.tree.semanticsDump().contains("button \"photo1\""), "the photos came: \(r.tree.semanticsDump().prefix(300))")
        #expect(!r.tree.semanticsDump().contains("Reading"))
    }

    @Test func aFolderOfFiveThousandOpensAtOnce() throws {
        let dir = Self.folder("user-5000", count: 5000)
        let r = try runner("gallery", [dir])
        let lazy = try #require(r.tree.scrollViews.first?.content as? LazyStack)
        #expect(lazy.count == 5001, "the title and 5,000 photos")
        #expect(lazy.realized.count < 12, "only the rows near the viewport exist: \(lazy.realized.count)")
        #expect(r.tree.semanticsDump().contains("button \"photo1\""))
    }

    @Test(arguments: ["gallery", "hero", "gradient", "transitions"])
    func anEmptyFolderShowsTheEmptyState(scene: String) throws {
        let dir = Self.folder("user-empty", count: 0)
        let r = try runner(scene, [dir])
        #expect(r.tree.semanticsDump().contains("No photos in \(dir)"), "\(scene): \(r.tree.semanticsDump().prefix(300))")
    }

    @Test func heroAndGradientUseThePhotos() throws {
        let dir = Self.folder("user-12", count: 12)
        let hero = try runner("hero", [dir + "/photo3.png"])
        #expect(hero.tree.semanticsDump().contains("image \"photo3\""))
        let gradient = try runner("gradient", [dir])
        #expect(gradient.tree.semanticsDump().contains("Photo: photo1."))
        (gradient.scene as? GradientScene)?.advance()
        #expect(gradient.tree.semanticsDump().contains("Photo: photo2."), "the label follows the photo")
    }

    /// A 4000 × 3000 JPEG (made once).
    static let bigPhoto: String = {
        let path = ImageFixtures.path("user-big-4000x3000.jpg")
        if !FileManager.default.fileExists(atPath: path) {
            _ = ImageFixtures.write(ImageFixtures.jpeg(4000, 3000) { x, y in (UInt8(x % 256), UInt8(y % 256), 90) }, "user-big-4000x3000.jpg")
        }
        return path
    }()

    /// The pixel size of the photo `scene` shows from a 4000 × 3000 original in a 640 × 400-pt
    /// tree at scale 1, and whether a thumbnail was written.
    func shownSize(_ scene: String, settings: [String: String] = [:]) throws -> (Int, Int, thumbnail: Bool) {
        var o = SceneOptions()
        o.scene = scene
        o.images = [Self.bigPhoto]
        o.size = Size(width: 640, height: 400)
        o.settings = settings
        let loader = ImageLoader()
        let root = ImageFixtures.path("thumbs-\(scene)-\(settings.count)")
        try? FileManager.default.removeItem(atPath: root)
        loader.thumbnails = ThumbnailCache(root: root)
        let r = try Harness.runner(o, loader: loader)
        loader.waitForAll()
        let asset: ImageAsset?
        switch r.scene {
        case let hero as HeroScene: asset = hero.hero.asset
        case let gradient as GradientScene: asset = gradient.frontPhoto.asset
        default: asset = nil
        }
        let pixels = try #require(asset?.pixels)
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: root).contains { $0.hasSuffix(".png") }) ?? false
        return (pixels.width, pixels.height, written)
    }

    /// A full-window photo is decoded for the window at its deepest zoom, a card's for the card.
    @Test func photosAreDecodedNoLargerThanTheyAreShown() throws {
        // Hero, zoom 1.6: 640 × 400 × 1.6 = 1024 × 640, filled by 1024 × 768: the xx-large thumbnail.
        let hero = try shownSize("hero")
        #expect(hero.0 == 1024 && hero.1 == 768 && hero.thumbnail, "\(hero)")
        // Zoom 3: 1920 × 1200 needs 1920 × 1440, beyond every thumbnail size: decoded to it, not cached.
        let deep = try shownSize("hero", settings: ["zoom": "3"])
        #expect(deep.0 == 1920 && deep.1 == 1440 && !deep.thumbnail, "\(deep)")
        // Gradient: the 240-pt card needs 320 × 240: the x-large thumbnail.
        let gradient = try shownSize("gradient")
        #expect(gradient.0 == 512 && gradient.1 == 384 && gradient.thumbnail, "\(gradient)")
    }

    /// The bundled photos too are decoded for where they are shown: the gallery's 1600 × 1065
    /// Forest fills a 672 × 504-pt row at scale 1, which needs ⌈1600 · 504/1065⌉ = 758 px of its
    /// width (fill scale 0.4732), not all 1600; at scale 2, ⌈1600 · 1008/1065⌉ = 1515.
    @Test(arguments: [(1.0, 758), (2.0, 1515)])
    func bundledPhotosAreDecodedForTheirPlace(scale: Double, width: Int) throws {
        var o = SceneOptions()
        o.scene = "gallery"
        o.scale = scale
        let loader = ImageLoader()
        loader.thumbnails = nil
        let r = try Harness.runner(o, loader: loader)
        loader.waitForAll()
        let forest = try #require((r.scene as? GalleryScene)?.images.first?.image.asset.pixels)
        #expect(forest.width == width && abs(forest.height - Int((Double(width) * 1065 / 1600).rounded())) <= 1,
                "\(forest.width) × \(forest.height)")
    }

    @Test func aMissingPathIsASettingError() {
        do { _ = try runner("gallery", ["/no/such/folder"]); Issue.record("accepted") } catch {
            #expect("\(error)".contains("/no/such/folder: no such file or folder"))
        }
    }
}
