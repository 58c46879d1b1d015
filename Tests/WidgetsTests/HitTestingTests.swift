import Geometry
import Render
import Testing
@testable import Widgets

/// A node that says it is interactive, standing in for a button.
final class Tappable: Node {
    override var isInteractive: Bool { true }
}

@Suite("Hit testing through transforms, clips and layers")
struct HitTestingTests {
    @Test func frontmostChildWins() {
        let back = Tappable(), front = Tappable()
        let z = ZStack([back.frame(width: 100, height: 100), front.frame(width: 50, height: 50)])
        let tree = Support.layout(z, 100, 100)
        #expect(tree.hitTest(Point(50, 50)) === front)
        #expect(tree.hitTest(Point(5, 5)) === back)
    }

    @Test func transformsAreInverted() {
        let t = Tappable()
        let holder = t.frame(width: 20, height: 20)
        let tree = Support.layout(Support.fill([holder]), 200, 200)
        holder.transform = AffineTransform.scale(2, 2).concatenating(.translation(100, 100))
        #expect(tree.hitTest(Point(110, 110)) === t)
        #expect(tree.hitTest(Point(139, 139)) === t)
        #expect(tree.hitTest(Point(141, 141)) == nil)
        #expect(tree.hitTest(Point(10, 10)) == nil)
    }

    @Test func clipsCutHitsIncludingRoundedCorners() {
        let t = Tappable()
        let f = t.frame(width: 100, height: 100)
        f.clip = .roundedRect(radius: 40, style: .continuous)
        let tree = Support.layout(Support.fill([f]), 100, 100)
        #expect(tree.hitTest(Point(50, 50)) === t)
        #expect(tree.hitTest(Point(2, 2)) == nil, "the rounded corner is outside")
        let c = Tappable()
        let clipper = ZStack(alignment: .topLeading, [c.frame(width: 100, height: 100)]).frame(width: 50, height: 50, alignment: .topLeading)
        clipper.clip = .rect
        let tree2 = Support.layout(Support.fill([clipper]), 200, 200)
        #expect(tree2.hitTest(Point(40, 40)) === c)
        #expect(tree2.hitTest(Point(70, 70)) == nil, "clipped away")
    }

    @Test func hiddenAndNoneAreSkippedAndTransparentPassesThrough() {
        let back = Tappable(), front = Tappable()
        let fb = back.frame(width: 100, height: 100), ff = front.frame(width: 100, height: 100)
        let tree = Support.layout(ZStack([fb, ff]), 100, 100)
        #expect(tree.hitTest(Point(50, 50)) === front)
        front.isHidden = true
        #expect(tree.hitTest(Point(50, 50)) === back)
        front.isHidden = false
        ff.hitTestBehavior = .none
        #expect(tree.hitTest(Point(50, 50)) === back)
    }

    @Test func projectionLayersMapPointsBack() {
        let t = Tappable()
        let f = t.frame(width: 100, height: 100)
        let tree = Support.layout(Support.fill([f]), 300, 300)
        f.layerEffect = .projection(Projection(AffineTransform.translation(150, 0)))
        #expect(tree.hitTest(Point(200, 50)) === t)
        #expect(tree.hitTest(Point(50, 50)) == nil)
    }
}
