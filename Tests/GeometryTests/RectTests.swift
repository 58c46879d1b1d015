import Testing
import Geometry

@Suite("Rect, Point, Size, Insets, UnitPoint")
struct RectTests {
    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(Rect.zero.union(b) == b)
    }

    @Test func containsIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(0, 0)) && r.contains(Point(9.99, 9.99)))
        #expect(!r.contains(Point(10, 5)))
    }

    @Test func integralCoversWholePixelsAtAScale() {
        #expect(Rect(x: 0.5, y: 0.25, width: 1, height: 1).integral() == Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(Rect(x: 0.5, y: 0.5, width: 1, height: 1).integral(scale: 2) == Rect(x: 0.5, y: 0.5, width: 1, height: 1))
    }

    @Test func insetsAndUnitPoints() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.inset(by: Insets(top: 1, leading: 2, bottom: 3, trailing: 4)) == Rect(x: 2, y: 1, width: 94, height: 46))
        #expect(UnitPoint.bottomTrailing.point(in: r) == Point(100, 50))
        #expect(UnitPoint.center.point(in: r) == Point(50, 25))
    }
}
