import Geometry
import Testing
import Widgets
@testable import Scenes

/// `--kiosk`: the scene alone, touch-first, no keys but the exit chord, no way home.
@Suite struct KioskModeTests {
    func kiosk(_ scene: String) throws -> SceneRunner {
        var o = SceneOptions()
        o.scene = scene
        o.kiosk = true
        let r = try SceneRunner(o, assets: Harness.assets)
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
}
