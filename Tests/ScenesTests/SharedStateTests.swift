import BuiltInScenes
import Geometry
import LumenTestSupport
import Render
import Testing
import Widgets
@testable import Scenes

/// A scene of another app that happens to share a name with one of Lumen's: a red card.
final class OtherGalleryScene: Scene {
    static let name = "gallery"
    static let title = "Another gallery"
    static let summary = "a red card"
    let root: Node = ShapeNode(color: Color(r: 255, g: 0, b: 0)).frame(maxWidth: .infinity, maxHeight: .infinity)
    init(context: SceneContext) throws(SettingError) {}
}

/// What one app or window draws and counts stays its own: two apps' catalogs in one process
/// (a scene name in both), two trees.
@Suite struct SharedStateTests {
    static let other = SceneCatalog(title: "Other", command: "other", summary: "another app",
                                    sections: [.init("Cards", [OtherGalleryScene.self])])

    func home(_ catalog: SceneCatalog) throws -> (SceneRunner, HomeScene) {
        TestAssets.registerFonts()
        let r = try SceneRunner(scene: "home", in: catalog, size: Size(width: 1280, height: 800), assets: TestAssets.path)
        let home = try #require(r.scene as? HomeScene)
        home.completePendingWork()
        return (r, home)
    }

    /// Lumen's home draws its gallery's picture first; the other app's home, in the same
    /// process, draws its own "gallery": red, not Lumen's photos.
    @Test func twoAppsHomesDrawTheirOwnPictures() throws {
        let (lumen, _) = try home(.lumen)
        #expect(lumen.loader.drawnPictures.keys.contains { $0.hasPrefix("gallery") })
        let (other, otherHome) = try home(Self.other)
        #expect(other.loader.drawnPictures.count == 1, "its one scene, drawn by its own loader")
        let picture = try #require(otherHome.pictures.first?.pixels)
        let middle = Color(argb32: picture[picture.width / 2, picture.height / 2])
        #expect(middle.red > 0.95 && middle.green < 0.05 && middle.blue < 0.05, "its own red card: \(middle)")
    }

    /// The home's pictures are kept for one density and one set of photos: coming home again
    /// reuses them, and a window moved to a display of another density keeps the new set only
    /// (one set a density or a dropped folder was kept for the window's life before: 3.6 MB each).
    @Test func homePicturesAreKeptForOneDensityOnly() throws {
        let (r, _) = try home(.lumen)
        let first = r.loader.drawnPictures
        #expect(first.count >= 8, "\(first.keys.sorted())")
        for scale in [2.0, 1.5, 2.0] {
            r.setScale(scale)
            r.open("home")
            r.openPending()
            try #require(r.scene as? HomeScene).completePendingWork()
            #expect(r.loader.drawnPictures.count == first.count, "one set at \(scale)×: \(r.loader.drawnPictures.keys.sorted())")
            let widths = Set(r.loader.drawnPictures.values.map(\.width))
            #expect(widths.count == 1 && widths.first! > first.values.first!.width, "drawn at \(scale)×: \(widths)")
        }
        // Back at 2×: what was drawn for it is reused, not drawn again.
        let kept = r.loader.drawnPictures
        r.open("home")
        r.openPending()
        #expect(r.loader.drawnPictures.allSatisfy { kept[$0.key] === $0.value })
    }

    /// The component's drawn images belong to the loader that drew them.
    @Test func drawnImagesAreEachLoadersOwn() throws {
        var o = SceneOptions()
        o.scene = "gallery"
        o.settings = ["photos": "drawn"]
        let first = try Harness.runner(o), second = try Harness.runner(o)
        #expect(first.loader.drawnImages["gallery0"] != nil && second.loader.drawnImages["gallery0"] != nil)
        #expect(first.loader.drawnImages["gallery0"] !== second.loader.drawnImages["gallery0"], "two windows, two copies")
    }

    /// A scroll view added to one tree changes that tree's count only.
    @Test func structureChangesAreCountedPerTree() {
        let a = WidgetTree(root: VStack(spacing: 0, [ScrollView(VStack(spacing: 0, []))]), size: Size(width: 100, height: 100))
        let bRoot = VStack(spacing: 0, [])
        let b = WidgetTree(root: bRoot, size: Size(width: 100, height: 100))
        #expect(a.scrollViews.count == 1 && b.scrollViews.isEmpty)
        let before = a.structureChanges
        bRoot.addChild(ScrollView(VStack(spacing: 0, [])))
        #expect(a.structureChanges == before, "the other tree's change is not this one's")
        #expect(b.structureChanges == 1 && b.scrollViews.count == 1)
    }
}
