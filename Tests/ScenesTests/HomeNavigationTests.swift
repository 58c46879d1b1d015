import BuiltInScenes
import Geometry
import Imaging
import Input
import LumenTestSupport
import Render
import Testing
import Widgets
@testable import Scenes

@Suite("The home screen and moving between scenes")
struct HomeNavigationTests {
    /// The app as the window runs it: home (or `scene`) under the navigation bar, 1280 × 800 pt.
    func app(_ scene: String = "home", settings: [String: String] = [:]) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.settings = settings
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0)
        return r
    }

    func key(_ r: SceneRunner, _ k: Key, shift: Bool = false) {
        r.handle(.key(KeyEvent(k, shift: shift, time: r.clock.now)))
        _ = r.buildFrame()
    }

    func tap(_ r: SceneRunner, at p: Point, kind: PointerKind = .mouse) {
        r.handle(.pointer(PointerEvent(kind: kind, phase: .down, location: p, time: r.clock.now)))
        r.handle(.pointer(PointerEvent(kind: kind, phase: .up, location: p, time: r.clock.now + 0.05)))
        _ = r.buildFrame()
    }

    func home2(_ r: SceneRunner) -> HomeScene? { r.scene as? HomeScene }

    /// Where a node is drawn in the window.
    func centre(_ n: Node) -> Point { n.windowFrame.center }

    @Test func homeListsTheDemosThenTheToolsWithTheirNumbers() throws {
        let r = try app()
        let home = try #require(r.scene as? HomeScene)
        #expect(home.cards.map(\.title) == ["Color Reveal gallery", "Pixelated spoiler", "Ken Burns hero", "Photo gradient",
                                            "Scroll transitions", "Renderer swatches", "Photo cards", "Scroll lab", "Animation curves"])
        #expect(r.title == "Lumen")
        let dump = r.tree.semanticsDump()
        #expect(dump.contains("button \"Color Reveal gallery\" hint=\"Six photos that gain colour"), "\(dump.prefix(600))")
        #expect(!dump.contains("button \"Home\""), "no back button at home")
    }

    @Test func aNumberKeyOpensAScreenAndEscapeOrBackspaceComeBack() throws {
        let r = try app()
        key(r, .character("2"))
        #expect(r.scene is SpoilerScene)
        #expect(r.title == "Pixelated spoiler — Lumen")
        #expect(r.tree.semanticsDump().contains("button \"Home\""), "a back button")
        key(r, .escape)
        #expect(r.isHome)
        key(r, .character("5"))
        #expect(r.scene is TransitionsScene)
        key(r, .backspace)
        #expect(r.isHome)
        #expect(!r.quitRequested, "Escape goes back, it does not quit")
    }

    @Test func aClickOnACardOpensItAndTheBackButtonReturns() throws {
        let r = try app()
        let home = try #require(r.scene as? HomeScene)
        tap(r, at: centre(home.cards[2]))
        #expect(r.scene is HeroScene, "the third card is the hero")
        tap(r, at: centre(r.shell.bar.back))
        #expect(r.isHome)
        // Return on the focused card opens it, as Space does: the first Tab focuses the first card.
        key(r, .tab)
        #expect(r.tree.focusedButton === home2(r)?.cards[0])
        key(r, .enter)
        #expect(r.scene is GalleryScene, "Return opened the focused card")
    }

    @Test func aSwipeFromTheLeftEdgeGoesHomeAndOneFromElsewhereScrolls() throws {
        let r = try app("scroll-lab")
        func swipe(from x: Double) {
            let t = r.clock.now
            for (i, dx) in [0.0, 20, 45, 70, 95].enumerated() {
                let phase: PointerEvent.Phase = i == 0 ? .down : .move
                r.handle(.pointer(PointerEvent(id: 3, kind: .touch, phase: phase, location: Point(x: x + dx, y: 500), time: t + Double(i) * 0.016)))
            }
            r.handle(.pointer(PointerEvent(id: 3, kind: .touch, phase: .up, location: Point(x: x + 95, y: 500), time: t + 0.1)))
            _ = r.buildFrame()
        }
        swipe(from: 200)
        #expect(r.scene is ScrollLabScene, "a swipe away from the edge stays")
        swipe(from: 6)
        #expect(r.isHome, "a swipe from the edge goes home")
    }

    @Test func helpShowsTheScenesKeysAndEscapeClosesItWithoutLeaving() throws {
        let r = try app("transitions")
        key(r, .character("/"), shift: true)
        #expect(r.shell.isShowingHelp)
        let dump = r.tree.semanticsDump()
        #expect(dump.contains("choose a transition") && dump.contains("back to the home screen"), "\(dump.suffix(900))")
        key(r, .escape)
        #expect(!r.shell.isShowingHelp)
        #expect(r.scene is TransitionsScene, "Escape closed the help only")
        key(r, .function(1))
        #expect(r.shell.isShowingHelp)
    }

    @Test func settingsBelongToTheSceneTheyWereGivenFor() throws {
        let r = try app("transitions", settings: ["variant": "scale"])
        #expect(r.tree.semanticsDump().contains("Scale Transition"))
        key(r, .escape)
        key(r, .character("1"))
        #expect(r.scene is GalleryScene, "another scene opens without them (the gallery has no 'variant')")
        key(r, .escape)
        key(r, .character("5"))
        #expect(r.tree.semanticsDump().contains("Scale Transition"), "opened again: its own settings again")
    }

    /// The cards' pictures are the scenes themselves, drawn by Lumen: each equals a bare render
    /// of its scene at the picture's size.
    @Test func everyCardShowsAPictureOfItsScene() throws {
        let r = try app()
        let home = try #require(r.scene as? HomeScene)
        #expect(!home.hasPendingWork)
        let scale = home.thumbnails.renderScale
        for (i, type) in SceneCatalog.lumen.all.dropFirst().enumerated() {
            let picture = try #require(home.pictures[i].pixels, "\(type.name) has a picture")
            var o = SceneOptions()
            o.scene = type.name
            o.size = SceneThumbnails.canvas
            o.scale = scale   // its photos decoded for the picture's size, as the home's are
            o.reduceMotion = true
            let bare = try Harness.runner(o)
            bare.runHeadless(to: 0)
            let expected = bare.snapshot(scale: scale)
            #expect(picture.width == expected.width && picture.height == expected.height)
            let d = PixelComparison.difference(picture, expected)
            #expect(d.mean < 1.5, "\(type.name): mean difference \(d.mean)")
        }
        // And the home draws them: the hero's card (in view at 1280 × 800) shows its sunset, where
        // a picture still loading would be a flat gray.
        let pixels = r.snapshot()
        let card = home.cards[2].windowFrame.insetBy(dx: 20, dy: 20)
        let picture = Rect(x: card.minX, y: card.minY, width: card.width, height: card.width * 0.5)
        #expect(picture.minY >= 0 && picture.maxY <= 800 && picture.minX >= 0 && picture.maxX <= 1280)
        #expect(PixelComparison.chroma(pixels, picture).mean > 20, "\(PixelComparison.chroma(pixels, picture))")
    }

    /// A list flung just before its scene is left does not go on moving, detached, in the
    /// clock: only the lists still in the tree are resumed after the switch.
    @Test func aListFlungAsItsSceneIsLeftStopsWithIt() throws {
        var o = SceneOptions()
        o.scene = "scroll-lab"
        o.size = Size(width: 800, height: 600)
        let r = try Harness.runner(o, chrome: true)
        r.runHeadless(to: 0.5)
        let t = r.clock.now
        for i in 0...6 {
            r.handle(.pointer(PointerEvent(id: 1, kind: .touch, phase: i == 0 ? .down : .move,
                                           location: Point(400, 500 - Double(i) * 60), time: t + Double(i) * 0.016)))
        }
        r.handle(.pointer(PointerEvent(id: 1, kind: .touch, phase: .up, location: Point(400, 140), time: t + 0.11)))
        r.advance(to: t + 0.2)
        #expect(r.clock.isAnimating, "the list is flying")
        r.handle(.key(KeyEvent(.escape, time: r.clock.now)))
        #expect(r.isHome)
        r.advance(to: r.clock.now + 0.02)
        #expect(!r.clock.isAnimating, "nothing of the scene that left ticks on")
    }

}
