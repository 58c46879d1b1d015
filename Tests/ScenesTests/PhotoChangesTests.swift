@testable import BuiltInScenes
import Foundation
import Geometry
import Imaging
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes

@Suite("Photos dropped on the window and watched folders", .serialized)
struct PhotoChangesTests {
    /// A fresh folder of `count` small PNGs photo1…photoN, each a different red level.
    func folder(_ name: String, count: Int) -> String {
        let dir = ImageFixtures.path(name)
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 1...count { write(dir + "/photo\(i).png", red: UInt8(i * 5)) }
        return dir
    }

    func write(_ path: String, red: UInt8) {
        let png = ImageFixtures.rgbaPNG(16, 12) { _, _ in (red, 100, 50, 255) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(png)))
    }

    func app(_ scene: String, images: [String] = []) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.images = images
        o.size = Size(width: 800, height: 600)
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0)
        return r
    }

    /// Runs the app in real time until `done` or `seconds` pass; returns the seconds it took.
    func wait(_ r: SceneRunner, upTo seconds: Double, until done: () -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            r.advance(to: r.clock.now + 0.05)
            r.settle()
            if done() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The title of the photo at the top of the gallery's viewport.
    func topPhoto(_ r: SceneRunner) -> String? {
        guard let view = r.tree.mainScrollView, let lazy = view.content as? LazyStack, let photos = r.context.photos else { return nil }
        let i = lazy.index(at: view.offset) - 1
        return photos.indices.contains(i) ? photos[i].title : nil
    }

    @Test func aDropOnHomeOpensTheGalleryWithThePhotosInOrder() throws {
        let dir = folder("drop-order", count: 12)
        #expect(FileManager.default.createFile(atPath: dir + "/notes.txt", contents: Data("not a photo".utf8)))
        #expect(FileManager.default.createFile(atPath: dir + "/broken.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])))
        let r = try app("home")
        r.showPhotos([dir])
        r.runHeadless(to: r.clock.now + 0.1)
        #expect(r.scene is GalleryScene)
        #expect(r.context.photos?.map(\.title) == ["broken"] + (1...12).map { "photo\($0)" }, "natural order, the text file left out")
        let dump = r.tree.semanticsDump()
        #expect(dump.contains("Can't open broken.png") || dump.contains("button \"broken\""), "\(dump.prefix(400))")
    }

    /// The window lists a drop in the background: the photos come within a few turns.
    @Test func aDropInTheWindowIsListedInTheBackground() throws {
        let dir = folder("drop-background", count: 4)
        let r = try app("swatches")
        r.showPhotos([dir], inBackground: true)
        #expect(r.context.photos == nil, "nothing changes before the listing is done")
        #expect(wait(r, upTo: 3) { r.scene is GalleryScene && r.context.photos?.count == 4 } != nil, "then the gallery shows the four")
    }

    @Test func aDropOnAPhotoSceneReplacesItsPhotos() throws {
        let first = folder("drop-first", count: 3), second = folder("drop-second", count: 5)
        let r = try app("transitions", images: [first])
        #expect(r.context.photos?.count == 3)
        r.showPhotos([second + "/photo4.png", second + "/photo2.png"])
        #expect(r.scene is TransitionsScene)
        #expect(r.context.photos?.map(\.path) == [second + "/photo4.png", second + "/photo2.png"], "files in the order dropped")
    }

    @Test func aPhotoAddedToTheFolderAppearsAndTheListStaysOnThePhotoInView() throws {
        let dir = folder("watch-add", count: 30)
        let r = try app("gallery", images: [dir])
        let lazy = try #require(r.tree.mainScrollView?.content as? LazyStack)
        r.scroll(to: lazy.offset(of: 15) + 10)     // photo15 at the top, 10 pt above it hidden
        r.runHeadless(to: r.clock.now + 0.1)
        #expect(topPhoto(r) == "photo15")
        write(dir + "/photo0.png", red: 250)        // sorts first: everything shifts down a row
        let took = wait(r, upTo: 3) { r.context.photos?.count == 31 }
        #expect(took != nil, "the new photo was listed within 3 s")
        #expect(topPhoto(r) == "photo15", "still on photo15: \(topPhoto(r) ?? "none")")
        let view = try #require(r.tree.mainScrollView)
        let newLazy = try #require(view.content as? LazyStack)
        #expect(abs(view.offset - (newLazy.offset(of: 16) + 10)) < 1, "photo15 is row 16 now (title, photo0, photo1…), 10 pt of it above")
        try FileManager.default.removeItem(atPath: dir + "/photo15.png")
        #expect(wait(r, upTo: 3) { r.context.photos?.count == 30 } != nil, "a removed photo goes")
        #expect(topPhoto(r) == "photo16", "the list stays where photo15 was: \(topPhoto(r) ?? "none")")
    }

    @Test func aRewrittenPhotoShowsItsNewPixels() throws {
        let dir = folder("watch-rewrite", count: 2)
        let r = try app("hero", images: [dir])
        let hero = try #require(r.scene as? HeroScene)
        #expect(hero.hero.asset.pixels.map { Color(argb32: $0[0, 0]).red * 255 }?.rounded() == 5)
        write(dir + "/photo1.png", red: 200)
        let took = wait(r, upTo: 3) {
            (r.scene as? HeroScene)?.hero.asset.pixels.map { (Color(argb32: $0[0, 0]).red * 255).rounded() } == 200
        }
        #expect(took != nil, "the new pixels within 3 s: \((r.scene as? HeroScene)?.hero.asset.pixels.map { Color(argb32: $0[0, 0]) }.debugDescription ?? "")")
    }

    /// A USB stick pulled and plugged in again: the folder goes (the scene says there are no
    /// photos, nothing crashes) and comes back whole, a new folder at the same path, which
    /// inotify's old watch cannot see: the watcher's recheck finds it and the photos return.
    @Test func aFolderThatGoesAndComesBackIsShownAgain() throws {
        let dir = folder("stick", count: 3)
        let away = dir + "-pulled"
        try? FileManager.default.removeItem(atPath: away)
        let r = try app("gallery", images: [dir])
        #expect(r.context.photos?.count == 3)
        try FileManager.default.moveItem(atPath: dir, toPath: away)
        #expect(wait(r, upTo: 5) { r.context.photos?.isEmpty == true } != nil, "the photos went with the folder")
        #expect(r.tree.semanticsDump().contains("No photos in \(dir)"))
        // Plugged in again: a new folder (another inode, as a mount would be) at the same path.
        try FileManager.default.removeItem(atPath: away)
        _ = wait(r, upTo: 1) { false }              // the old folder's last events come and go
        _ = folder("stick", count: 3)
        let took = wait(r, upTo: 5) { r.context.photos?.count == 3 }
        #expect(took != nil, "the photos came back with the folder")
        #expect(r.tree.semanticsDump().contains("button \"photo1\""))
    }

    /// A kiosk started before its USB stick is plugged in: it opens, says the folder has no
    /// photos, and shows them once the folder is there.
    @Test func aKioskWaitsForAFolderThatIsNotThereYet() throws {
        let dir = ImageFixtures.path("stick-later")
        try? FileManager.default.removeItem(atPath: dir)
        var o = SceneOptions()
        o.scene = "gallery"
        o.kiosk = true
        o.images = [dir]
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        r.runHeadless(to: 0.2)
        #expect(r.context.photos?.isEmpty == true)
        #expect(r.tree.semanticsDump().contains("No photos in \(dir)"))
        _ = folder("stick-later", count: 2)
        #expect(wait(r, upTo: 5) { r.context.photos?.count == 2 } != nil, "the photos came with the folder")
        // Not a kiosk: a missing folder is an error.
        o.kiosk = false
        try? FileManager.default.removeItem(atPath: dir)
        #expect(throws: SettingError.self) { _ = try SceneRunner(o, in: .lumen, assets: Harness.assets) }
    }
}
