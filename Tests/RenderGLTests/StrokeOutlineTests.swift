import Geometry
import Testing
@testable import RenderGL

/// The stroker's polygons against the offset construction's numbers: w/2 along each normal,
/// a miter of length (w/2)/cos(θ/2) at a join, a bevel past Cairo's miter limit of 10.
@Suite struct StrokeOutlineTests {
    static func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func aSegmentIsARectangleWithButtCaps() {
        let p = StrokeOutline.polygons([Point(0, 0), Point(10, 0)], closed: false, width: 2)
        #expect(p.count == 1)
        // Left of travel is −y with y down: (0, −1), (10, −1), then back along +1.
        let want = [Point(0, -1), Point(10, -1), Point(10, 1), Point(0, 1)]
        #expect(p[0].count == 4)
        for (a, b) in zip(p[0], want) { #expect(Self.close(a, b), "\(a) for \(b)") }
    }

    @Test func aRightAngleJoinIsMitred() {
        let p = StrokeOutline.polygons([Point(0, 0), Point(10, 0), Point(10, 10)], closed: false, width: 2)
        // The outer corner at (10 + 1, 0 − 1): the miter is √2 · w/2 from the vertex.
        #expect(p[0].contains { Self.close($0, Point(11, -1)) })
        #expect(p[0].contains { Self.close($0, Point(9, 1)) })
    }

    @Test func aSharpTurnPastTheLimitIsBevelled() {
        // Back almost the way it came: 1/cos(θ/2) ≫ 10.
        let p = StrokeOutline.polygons([Point(0, 0), Point(10, 0), Point(0, 0.5)], closed: false, width: 2)
        // Both edge normals' offsets appear at the turn instead of one far miter point.
        #expect(p[0].count == 8)
        #expect(p[0].allSatisfy { abs($0.x) < 12 && abs($0.y) < 3 })
    }

    @Test func aClosedSquareIsAnAnnulus() {
        let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        let p = StrokeOutline.polygons(square, closed: true, width: 2)
        #expect(p.count == 2)
        // Opposite windings: the outer offset one way, the inner the other (signed areas).
        func area(_ q: [Point]) -> Double { zip(q, q.dropFirst() + [q[0]]).reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2 }
        #expect(abs(abs(area(p[0])) - 144) < 1e-9 || abs(abs(area(p[0])) - 64) < 1e-9)
        #expect(area(p[0]).sign != area(p[1]).sign)
        #expect(abs(abs(area(p[0])) + abs(area(p[1])) - 208) < 1e-9)
    }
}
