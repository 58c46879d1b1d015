import BuiltInScenes
import Foundation
import Geometry
import Input
import LumenTestSupport
import Testing
import Widgets
import Scenes

/// An app states what it is: a catalog without a home or an inspector has neither, its own
/// command is in the inspector's command line, and its resources are read before Lumen's.
@Suite("The app as a value")
struct AppValueTests {
    static let kiosk = SceneCatalog(title: "Menu Board", command: "menu-board", summary: "a café's menu",
                                    sections: [.init("Boards", [HeroScene.self, GalleryScene.self])],
                                    firstScene: "gallery", hasHome: false, hasInspector: false)

    func runner(_ catalog: SceneCatalog, scene: String? = nil) throws -> SceneRunner {
        TestAssets.registerFonts()
        var o = SceneOptions()
        o.scene = scene ?? catalog.firstScene
        o.chrome = true
        let r = try SceneRunner(o, in: catalog, assets: TestAssets.path)
        r.runHeadless(to: 0.1)
        return r
    }

    func press(_ r: SceneRunner, _ k: Key) {
        r.handle(.key(KeyEvent(k, time: r.clock.now)))
        r.runHeadless(to: r.clock.now + 0.1)
    }

    @Test func anAppWithoutAHomeStartsOnItsFirstSceneAndStaysInIt() throws {
        #expect(Self.kiosk.names == ["hero", "gallery"], "no home among its scenes")
        #expect(Self.kiosk.firstScene == "gallery" && Self.kiosk.appID == "menu-board")
        let r = try runner(Self.kiosk)
        #expect(type(of: r.scene).name == "gallery")
        press(r, .escape)
        #expect(type(of: r.scene).name == "gallery", "Escape has no home to go to")
        press(r, .character("i"))
        #expect(!r.shell.isShowingInspector, "no inspector")
        #expect(r.shell.bar.back.isHidden && r.shell.bar.inspect.isHidden, "neither button in the bar")
        #expect(!r.tree.semanticsDump().contains("\"Home\""))
        #expect(r.commandLine == "menu-board --scene gallery", "the app's own command")
    }

    @Test func lumensCatalogKeepsItsHomeAndInspector() throws {
        let r = try runner(.lumen, scene: "hero")
        press(r, .character("i"))
        #expect(r.shell.isShowingInspector)
        #expect(r.commandLine == "lumen --scene hero")
        press(r, .character("i"))
        press(r, .escape)
        #expect(r.isHome, "Escape goes home")
        #expect(SceneCatalog.lumen.firstScene == "home")
    }

    @Test func withoutAFirstSceneAnAppWithoutAHomeOpensItsFirst() {
        let c = SceneCatalog(title: "T", command: "t", summary: "s", sections: [.init("S", [SpoilerScene.self, HeroScene.self])],
                             firstScene: "nowhere", hasHome: false)
        #expect(c.firstScene == "spoiler", "an unknown first scene falls back to the first")
    }

    @Test func anAppsOwnPhotosComeBeforeLumens() throws {
        let folder = ImageFixtures.path("app-resources")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/gallery", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/gallery/mine.jpg", contents: Data([0xFF, 0xD8])))
        let catalog = SceneCatalog(title: "T", command: "t-app", summary: "s", sections: [.init("S", [GalleryScene.self])],
                                   resources: AppResources(sourceFolder: folder))
        let r = try runner(catalog, scene: "gallery")
        #expect(r.context.resources == folder)
        #expect(r.context.path(of: "gallery/mine.jpg") == folder + "/gallery/mine.jpg")
        #expect(r.context.path(of: "gallery/01_forest.jpg") == TestAssets.path + "/gallery/01_forest.jpg", "else Lumen's")
    }

    @Test func resourcesBesideASourceFileAndInstalled() throws {
        let r = AppResources.folder("Resources", file: "/src/app/Sources/App/main.swift")
        #expect(r.sourceFolder == "/src/app/Sources/App/Resources")
        let root = ImageFixtures.path("app-install")
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/share/menu-board", withIntermediateDirectories: true)
        #expect(r.folder(command: "menu-board", executableFolder: root + "/bin") == root + "/share/menu-board", "installed")
        #expect(r.folder(command: "other", executableFolder: root + "/bin") == nil, "neither is there")
    }
}
