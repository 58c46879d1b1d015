import Animation
import Geometry
import Testing
import Widgets

/// A scene change drops every ticker and timer on the clock; a list or a property that
/// outlives the scene (the app's inspector, its help) must not freeze mid-motion.
@Suite struct ClockResetTests {
    @Test func aListSpringingBackWhenTheClockIsClearedStillSettles() {
        let f = ListFixture()
        f.drag(x: 300, from: 100, to: 400, seconds: 0.5, release: false)
        f.send(.up, 300, 400, kind: .touch)
        f.run(0.05)
        #expect(f.scroll.offset < -10, "springing back from the pull: \(f.scroll.offset)")
        f.tree.clock.removeAll()          // the scene under the list was replaced
        f.tree.resumeMotions()
        f.run(2)
        #expect(f.scroll.offset == 0 && f.scroll.phase == .idle, "settled: \(f.scroll.offset)")
        // And a later fling after the clear runs too.
        f.drag(x: 300, from: 500, to: 200, seconds: 0.1)
        f.run(12)
        #expect(f.scroll.offset > 300 && f.scroll.phase == .idle, "flung and stopped: \(f.scroll.offset) \(f.scroll.phase)")
    }

    @Test func aPropertyAnimatedAgainAfterTheClockIsClearedMoves() {
        let node = ShapeNode(color: .red)
        let tree = WidgetTree(root: node.frame(width: 100, height: 100), size: Size(width: 200, height: 200))
        _ = tree.frame()
        withAnimation(.linear(duration: 1)) { node.opacity = 0 }
        tree.clock.advance(by: 0.5); tree.clock.tick()
        #expect(abs(node.opacity - 0.5) < 0.05)
        tree.clock.removeAll()
        withAnimation(.linear(duration: 1)) { node.opacity = 1 }
        for _ in 0..<90 { tree.clock.advance(by: 1.0 / 60); tree.clock.tick() }
        #expect(node.opacity == 1, "the new animation ran to its end: \(node.opacity)")
    }
}
