import BuiltInScenes
import Foundation
import Geometry
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
import Scenes
import Pixels

/// A kiosk's playlist playing: entries in turn with a cross-fade, a touch holding an entry,
/// and edits of the file used at the next entry (a broken one logged and left out).
@Suite(.serialized) struct PlaylistPlaybackTests {
    func kiosk(_ first: String = "gallery", size: Size = Size(width: 640, height: 400)) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = first
        o.kiosk = true
        o.size = size
        return try SceneRunner(o, in: .lumen, assets: Harness.assets)
    }

    @Test func entriesTakeTurnsWithACrossFadeAndEachPlaysItsAttractLoop() throws {
        let r = try kiosk()
        r.play(Playlist(crossfade: 1, hold: 0, entries: [Playlist.Entry(scene: "gallery", seconds: 3, settings: ["cornerRadius": "60"]),
                                                          Playlist.Entry(scene: "hero", seconds: 2)]))
        // The window system telling where a still mouse is does not stop the loop.
        r.handle(.pointer(PointerEvent(id: 0, kind: .mouse, phase: .move, location: Point(300, 200), time: 0.01, isPressed: false)))
        r.runHeadless(to: 2.9)
        #expect(r.scene is GalleryScene && r.sceneSettings["gallery"] == ["cornerRadius": "60"])
        #expect(r.isAttracting, "an entry opens playing its attract loop")
        let scrolled = try #require(r.tree.mainScrollView).offset
        #expect(scrolled > 100, "the gallery scrolls by itself (40 pt/s): \(scrolled)")
        #expect(r.shell.cover.isHidden)
        let lastGallery = r.snapshot()

        r.runHeadless(to: 3.0)
        #expect(r.scene is HeroScene && r.playlistIndex == 1)
        #expect(!r.shell.cover.isHidden && r.shell.cover.opacity > 0.95, "the gallery's last frame covers the hero's start")
        r.runHeadless(to: 3.5)
        let opacity = r.shell.cover.opacity
        #expect(opacity > 0.3 && opacity < 0.7, "half-way through a 1-s ease in and out: \(opacity)")
        // Mid-fade the window shows both: nearer the gallery than the hero alone is, and not it.
        let mid = r.snapshot()
        r.shell.cover.isHidden = true
        let heroAlone = r.snapshot()
        r.shell.cover.isHidden = false
        let toGallery = meanDifference(mid, lastGallery), heroToGallery = meanDifference(heroAlone, lastGallery)
        #expect(toGallery > 3 && toGallery < heroToGallery * 0.8, "mid \(toGallery), hero alone \(heroToGallery)")
        r.runHeadless(to: 4.1)
        #expect(r.shell.cover.isHidden, "the fade is over")
        #expect(meanDifference(r.snapshot(), r.snapshot()) == 0)
        r.runHeadless(to: 5.05)
        #expect(r.scene is GalleryScene && r.playlistIndex == 0, "round again")
        #expect(try #require(r.tree.mainScrollView).offset < 10, "from its start")
    }

    /// With the attract loop off (`--idle 0`) a playlist's gallery stands still, so an idle
    /// kiosk sleeps: the entry marked its loop as playing, and the gallery's loop moves every
    /// frame, so a window woke 120 times a second drawing nothing.
    @Test func withTheAttractLoopOffAnEntryStandsStill() throws {
        var o = SceneOptions()
        o.scene = "gallery"
        o.kiosk = true
        o.idleTimeout = 0
        o.size = Size(width: 640, height: 400)
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        r.play(Playlist(crossfade: 0, hold: 0, entries: [Playlist.Entry(scene: "gallery", seconds: 3600)]))
        r.runHeadless(to: 3)
        #expect(!r.isMoving, "nothing moves")
        #expect(try #require(r.tree.mainScrollView).offset == 0, "the gallery did not scroll by itself")
    }

    /// A window that shows its first frame late (a loaded machine, a slow driver) still shows
    /// the first entry for its seconds: they count from the frame on screen.
    @Test func anEntrysSecondsCountFromItsFirstFrameShown() throws {
        let r = try kiosk()
        r.play(Playlist(crossfade: 0, hold: 0, entries: [Playlist.Entry(scene: "gallery", seconds: 2), Playlist.Entry(scene: "hero", seconds: 2)]))
        let presenter = MemoryPresenter(width: 640, height: 400), renderer = CairoRenderer(memory: r.loader.memory)
        func frame(at t: Double) {
            r.advance(to: t)
            r.drawFrame(with: renderer, on: presenter, scale: 1)
        }
        frame(at: 1.5)   // the window's first frame, 1.5 s after the start
        frame(at: 3.4)
        #expect(r.scene is GalleryScene && r.playlistIndex == 0, "the first entry shown 1.9 s of its 2")
        frame(at: 3.6)
        #expect(r.scene is HeroScene && r.playlistIndex == 1)
        frame(at: 5.5)
        #expect(r.playlistIndex == 1, "the second entry, shown at 3.6 s, ends at 5.6 s")
        frame(at: 5.7)
        #expect(r.playlistIndex == 0)
    }

    @Test func aTouchHoldsTheEntryAndPressesNothing() throws {
        let r = try kiosk()
        r.play(Playlist(crossfade: 0, hold: 5, entries: [Playlist.Entry(scene: "gallery", seconds: 3), Playlist.Entry(scene: "hero", seconds: 3)]))
        r.runHeadless(to: 2.5)
        let p = Point(320, 200)
        r.handle(.pointer(PointerEvent(id: 1, kind: .touch, phase: .down, location: p, time: 2.5)))
        r.handle(.pointer(PointerEvent(id: 1, kind: .touch, phase: .up, location: p, time: 2.55)))
        #expect(!r.isAttracting, "the touch stopped the loop")
        r.runHeadless(to: 3.5)
        #expect(!r.tree.semanticsDump().contains("In full color"), "the touch that stopped the loop pressed nothing")
        r.runHeadless(to: 7.5)
        #expect(r.scene is GalleryScene, "held 5 s after the touch")
        #expect(r.secondsToPlaylistStep.map { abs($0 - 0.05) < 0.02 } == true, "\(r.secondsToPlaylistStep ?? -1)")
        r.runHeadless(to: 7.6)
        #expect(r.scene is HeroScene)
    }

    /// Memory follows the scene on screen: once the fade is over, what only the previous entry
    /// used is given back (it would otherwise stay until the budget is full).
    @Test func thePreviousEntrysPhotosAreGivenBack() throws {
        // As in the window: one renderer for every frame, its copies counted in the budget.
        func held(_ r: SceneRunner) -> Int {
            _ = r.snapshot(with: r.snapshotRenderer)
            return r.loader.memory.byteCount
        }
        let heroAlone = try kiosk("hero")
        heroAlone.snapshotRenderer = CairoRenderer(memory: heroAlone.loader.memory)
        heroAlone.runHeadless(to: 1)
        let heroBytes = held(heroAlone)

        let r = try kiosk()
        r.snapshotRenderer = CairoRenderer(memory: r.loader.memory)
        r.play(Playlist(crossfade: 0.3, hold: 0, entries: [Playlist.Entry(scene: "gallery", seconds: 2), Playlist.Entry(scene: "hero", seconds: 60)]))
        r.runHeadless(to: 1.9)
        let galleryBytes = held(r)
        r.runHeadless(to: 3.5)
        let after = held(r)
        #expect(r.scene is HeroScene)
        #expect(galleryBytes > 4 << 20 && heroBytes > 4 << 20, "gallery \(galleryBytes), hero \(heroBytes)")
        #expect(after <= heroBytes + heroBytes / 10, "gallery \(galleryBytes), hero alone \(heroBytes), after the switch \(after)")
    }

    /// Runs the app in real time (the clock still) until `done`, at most 5 s.
    func wait(_ r: SceneRunner, until done: () -> Bool) -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < 5 {
            r.advance(to: r.clock.now)
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test func editsAreUsedAtTheNextEntryAndABrokenOneIsLoggedAndLeftOut() throws {
        let dir = ImageFixtures.path("playlist-edit")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/kiosk.json"
        func save(_ text: String, atomically: Bool) throws { try text.write(toFile: path, atomically: atomically, encoding: .utf8) }
        func entries(_ names: String...) -> String {
            "{\"crossfade\": 0, \"hold\": 0, \"entries\": [" + names.map { "{\"scene\": \"\($0)\", \"seconds\": 2}" }.joined(separator: ", ") + "]}"
        }
        try save(entries("gallery", "hero"), atomically: true)
        let r = try kiosk()
        var log: [String] = []
        r.log = { log.append($0) }
        r.play(try Playlist.load(path: path, catalog: .lumen), from: path)
        r.runHeadless(to: 1)
        #expect(r.scene is GalleryScene)

        // A good edit (an editor's save: a new file renamed over the old).
        try save(entries("swatches", "curves"), atomically: true)
        #expect(wait(r) { log.contains { $0.contains("playlist changed (2 entries)") } }, "\(log)")
        #expect(r.scene is GalleryScene, "not before the entry ends")
        r.runHeadless(to: 2.05)
        #expect(r.scene is CurvesScene, "the next entry (the second) of the edited playlist")

        // A broken edit, written in place: logged with its line, and the last good one goes on.
        try save("{\"crossfade\": 0, \"hold\": 0,\n \"entries\": [{\"scene\": \"hero\", \"seconds\": \"two\"}]}", atomically: false)
        #expect(wait(r) { log.contains { $0.contains("playlist edit not used") } }, "\(log)")
        let why = log.last { $0.contains("edit not used") } ?? ""
        #expect(why.contains("kiosk.json line 2: entries[0].seconds: expected a number of seconds") && why.contains("last good playlist goes on"), "\(why)")
        r.runHeadless(to: 4.1)
        #expect(r.scene is SwatchesScene, "round the last good playlist")

        // Good again.
        try save(entries("hero"), atomically: false)
        #expect(wait(r) { log.filter { $0.contains("playlist changed") }.count == 2 }, "\(log)")
        r.runHeadless(to: 6.1)
        #expect(r.scene is HeroScene && r.playlist?.entries.count == 1)
        r.runHeadless(to: 8.1)
        #expect(r.scene is HeroScene && r.playlistIndex == 0, "a playlist of one shows it again")
    }

    func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var sum = 0.0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            guard p != q else { continue }
            sum += Double(PixelComparison.channelDifferences(p | 0xFF00_0000, q | 0xFF00_0000).sum)   // red, green, blue
        } }
        return sum / Double(a.width * a.height * 3)
    }
}
