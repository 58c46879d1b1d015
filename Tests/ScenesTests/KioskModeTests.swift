import BuiltInScenes
import Geometry
import Input
import Testing
import Widgets
@testable import Scenes

/// `--kiosk`: the scene alone, touch-first, no keys but the exit chord, no way home.
@Suite struct KioskModeTests {
    func kiosk(_ scene: String) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.kiosk = true
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        r.runHeadless(to: 0.5)
        return r
    }

    func key(_ r: SceneRunner, _ k: Key, control: Bool = false, alt: Bool = false) {
        r.handle(.key(KeyEvent(k, control: control, alt: alt, time: r.clock.now)))
        _ = r.buildFrame()
    }

    @Test func keysDoNothingButTheExitChord() throws {
        let r = try kiosk("gallery")
        let before = r.tree.semanticsDump()
        #expect(!before.contains("button \"Home\""), "no navigation bar")
        for k in [Key.escape, .backspace, .character("3"), .character("i"), .character("q"), .character("?"), .character("f"),
                  .character("m"), .space, .tab, .pageDown, .end] {
            key(r, k)
        }
        r.handle(.text(TextEvent("q", time: r.clock.now)))
        r.runHeadless(to: r.clock.now + 2)
        #expect(r.scene is GalleryScene && !r.shell.isShowingHelp && !r.quitRequested)
        #expect(!r.context.motion.reduceMotion, "m did not turn Reduce Motion on")
        #expect(r.tree.mainScrollView?.offset == 0, "Page Down, End and Space did not scroll")
        #expect(r.tree.focusedControl == nil, "Tab focused nothing")
        key(r, .character("q"), control: true)
        #expect(!r.quitRequested)
        key(r, .character("q"), control: true, alt: true)
        #expect(r.quitRequested, "Ctrl+Alt+Q quits")
    }

    @Test func aTapPressesOnceAndNoSwipeGoesHome() throws {
        let r = try kiosk("gallery")
        func photos(_ n: Node) -> [Node] { (n.semantics.value != nil ? [n] : []) + n.children.flatMap(photos) }
        let forest = try #require(photos(r.tree.root).first)
        let p = forest.windowFrame.center
        r.handle(.pointer(PointerEvent(id: 4, kind: .touch, phase: .down, location: p, time: r.clock.now)))
        r.handle(.pointer(PointerEvent(id: 4, kind: .touch, phase: .up, location: p, time: r.clock.now + 0.08)))
        r.runHeadless(to: r.clock.now + 1)
        let revealed = r.tree.semanticsDump().split(separator: "\n").filter { $0.contains("In full color") }
        #expect(revealed.count == 1 && revealed[0].contains("Forest"), "\(revealed)")
        // A swipe from the left edge, which goes home in the app, stays.
        let t = r.clock.now
        for (i, dx) in [0.0, 20, 45, 70, 95].enumerated() {
            r.handle(.pointer(PointerEvent(id: 5, kind: .touch, phase: i == 0 ? .down : .move, location: Point(6 + dx, 500),
                                           time: t + Double(i) * 0.016)))
        }
        r.handle(.pointer(PointerEvent(id: 5, kind: .touch, phase: .up, location: Point(101, 500), time: t + 0.1)))
        r.runHeadless(to: r.clock.now + 1)
        #expect(r.scene is GalleryScene)
    }

    func kiosk(_ scene: String, idle: Double) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.kiosk = true
        o.idleTimeout = idle
        let r = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        r.runHeadless(to: 0.5)
        return r
    }

    @Test func leftAloneTheGalleryScrollsUntilATouchWhichPressesNothing() throws {
        let r = try kiosk("gallery", idle: 5)
        let view = try #require(r.tree.mainScrollView)
        r.runHeadless(to: 4.5)
        #expect(!r.isAttracting && view.offset == 0)
        r.runHeadless(to: 5.2)
        #expect(r.isAttracting, "5 s without input")
        let view2 = try #require(r.tree.mainScrollView)   // the scene was put back at its start
        r.runHeadless(to: 9)
        let a = view2.offset
        r.runHeadless(to: 12)
        #expect(a > 100 && view2.offset > a + 100, "40 pt/s: \(a) then \(view2.offset)")
        // The first touch stops it, on a photo, without revealing that photo.
        func photos(_ n: Node) -> [Node] { (n.semantics.value != nil ? [n] : []) + n.children.flatMap(photos) }
        let photo = try #require(photos(r.tree.root).first { $0.windowFrame.intersects(Rect(size: r.tree.size)) })
        let p = photo.windowFrame.intersection(Rect(size: r.tree.size)).center
        r.handle(.pointer(PointerEvent(id: 7, kind: .touch, phase: .down, location: p, time: r.clock.now)))
        r.handle(.pointer(PointerEvent(id: 7, kind: .touch, phase: .up, location: p, time: r.clock.now + 0.08)))
        r.runHeadless(to: r.clock.now + 1)
        #expect(!r.isAttracting)
        #expect(!r.tree.semanticsDump().contains("In full color"), "the stopping touch pressed nothing")
        let stopped = view2.offset
        r.runHeadless(to: r.clock.now + 2)
        #expect(view2.offset == stopped, "the scroll stopped with the touch")
        // The next touch is a tap.
        r.handle(.pointer(PointerEvent(id: 8, kind: .touch, phase: .down, location: p, time: r.clock.now)))
        r.handle(.pointer(PointerEvent(id: 8, kind: .touch, phase: .up, location: p, time: r.clock.now + 0.08)))
        r.runHeadless(to: r.clock.now + 1)
        #expect(r.tree.semanticsDump().contains("In full color"))
        // Left alone again, it starts again.
        r.runHeadless(to: r.clock.now + 5.5)
        #expect(r.isAttracting)
    }

    @Test func theSpoilerRevealsAndHidesAndTheTransitionsStepCardByCard() throws {
        let s = try kiosk("spoiler", idle: 3)
        s.runHeadless(to: 3.2)
        #expect(s.isAttracting)
        s.runHeadless(to: 6)
        #expect(s.tree.semanticsDump().contains("Hide Again"), "revealed 2 s into the loop")
        s.runHeadless(to: 10)
        #expect(s.tree.semanticsDump().contains("Reveal Spoiler"), "hidden again 6 s into it")
        // Between its steps an idle kiosk draws nothing: the window sleeps until the next one,
        // the reveal 2 s into the next 8-s round.
        let spoilerStart = try #require(s.attractStart)
        #expect(!s.isMoving, "nothing moves between the loop's steps")
        #expect(s.secondsToAttract.map { abs($0 - (spoilerStart + 10 - s.clock.now)) < 0.001 } == true, "\(s.secondsToAttract ?? -1)")

        let t = try kiosk("transitions", idle: 3)
        t.runHeadless(to: 3.2)
        let view = try #require(t.tree.mainScrollView)
        let lazy = try #require(view.content as? LazyStack)
        t.runHeadless(to: 6.5)
        #expect(abs(view.offset - lazy.offset(of: 1)) < 1, "the second card 2.5 s in: \(view.offset) vs \(lazy.offset(of: 1))")
        t.runHeadless(to: 9)
        #expect(abs(view.offset - lazy.offset(of: 2)) < 1)
        let stepStart = try #require(t.attractStart)
        #expect(t.secondsToAttract.map { abs($0 - (stepStart + 7.5 - t.clock.now)) < 0.001 } == true, "asleep until the fourth card")

        // A scene whose loop is only what it does anyway (swatches: nothing) leaves the window idle.
        let w = try kiosk("swatches", idle: 1)
        w.runHeadless(to: 3)
        #expect(w.isAttracting && !w.isMoving && w.secondsToAttract == nil)
        // The gallery's auto-scroll moves every frame.
        let g = try kiosk("gallery", idle: 1)
        g.runHeadless(to: 2)
        #expect(g.isAttracting && g.isMoving)
    }

    @Test func withoutAKioskOrWithIdleZeroNothingStarts() throws {
        let r = try kiosk("gallery", idle: 0)
        r.runHeadless(to: 200)
        #expect(!r.isAttracting)
        var o = SceneOptions()
        o.scene = "gallery"
        let app = try SceneRunner(o, in: .lumen, assets: Harness.assets)
        app.runHeadless(to: 200)
        #expect(!app.isAttracting, "the app is not a kiosk")
    }
}
