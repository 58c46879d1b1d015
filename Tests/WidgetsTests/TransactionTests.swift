import Animation
import Geometry
import Render
import Testing
import Widgets

@Suite("Transactions animate node properties on the tree's clock")
struct TransactionTests {
    func tree(_ node: Node) -> WidgetTree {
        let t = Support.layout(Support.fill([node.frame(width: 50, height: 50)]), 200, 200)
        _ = t.frame()
        return t
    }

    @Test func withAnimationMovesTheValueOverTime() {
        let n = ShapeNode(color: .red)
        let t = tree(n)
        withAnimation(.linear(duration: 1)) { n.opacity = 0 }
        #expect(n.opacity == 1, "presented value has not moved yet")
        #expect(n.animationTarget(\Node.opacity) == 0)
        #expect(t.needsFrame)
        t.clock.advance(to: 0.25)
        let (_, damage) = t.frame()
        #expect(abs(n.opacity - 0.75) < 1e-9)
        #expect(damage != nil)
        t.clock.advance(to: 1)
        _ = t.frame()
        #expect(n.opacity == 0)
        #expect(!n.isAnimating(\Node.opacity))
        _ = t.frame()
        #expect(!t.needsFrame, "idle once finished")
    }

    @Test func outsideATransactionChangesAreImmediate() {
        let n = ShapeNode(color: .red)
        let t = tree(n)
        n.opacity = 0.3
        #expect(n.opacity == 0.3 && !t.clock.isAnimating)
    }

    @Test func implicitAnimationAppliesWithoutATransaction() {
        let n = ShapeNode(color: .red)
        let t = tree(n)
        n.implicitAnimations[\Node.transform] = .easeInOut(duration: 0.5)
        n.transform = .translation(100, 0)
        #expect(n.transform == .identity)
        t.clock.advance(to: 0.25)
        _ = t.frame()
        #expect(abs(n.transform.tx - 50) < 1e-9, "half way on a symmetric curve")
    }

    @Test func completionFiresOnceAfterAllChangesFinish() {
        let a = ShapeNode(color: .red), b = ImageNode(ImageAsset(name: "x"))
        let t = tree(ZStack([a, b]))
        var fired = 0
        withAnimation(.easeInOut(duration: 0.5), {
            a.opacity = 0.5
            b.saturation = 0
        }, completion: { fired += 1 })
        for step in 1...12 {
            t.clock.advance(to: Double(step) * 0.05)
            _ = t.frame()
            if step < 10 { #expect(fired == 0, "not before 0.5 s (step \(step))") }
        }
        #expect(fired == 1)
        #expect(b.saturation == 0)
    }

    @Test func completionWithNoAnimationFiresAtOnce() {
        var fired = false
        withAnimation(.default, {}, completion: { fired = true })
        #expect(fired)
    }

    @Test func retargetingMidwayDoesNotJump() {
        let n = ShapeNode(color: .red)
        let t = tree(n)
        withAnimation(.spring) { n.transform = .translation(200, 0) }
        t.clock.advance(to: 0.1)
        _ = t.frame()
        let before = n.transform.tx
        withAnimation(.spring) { n.transform = .translation(-100, 0) }
        #expect(abs(n.transform.tx - before) < 1e-9)
        t.clock.advance(to: 5)
        _ = t.frame()
        #expect(abs(n.transform.tx - -100) < 0.01)
    }

    @Test func nodesOutsideATreeChangeImmediately() {
        let n = ShapeNode(color: .red)
        withAnimation(.linear(duration: 1)) { n.opacity = 0 }
        #expect(n.opacity == 0)
    }

    @Test func clockTimersFireAndSetTheDeadline() {
        let c = AnimationClock()
        var fired = false
        c.schedule(at: 1.5) { fired = true }
        #expect(c.nextDeadline == 1.5)
        c.advance(to: 1.4); c.tick()
        #expect(!fired)
        c.advance(to: 1.6); c.tick()
        #expect(fired && c.nextDeadline == nil)
    }
}
