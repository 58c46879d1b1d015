import Geometry
import Render
import Testing
@testable import RenderGL

/// Outlines flattened once and kept: found again wherever the same shape lands at the same
/// sub-pixel phase, and where they land within 1/256 px (the step of Cairo's fixed point) of
/// Cairo's own flattening there.
struct ShapeFlattenerTests {
    static func farthest(_ a: [[Point]], _ b: [[Point]]) -> Double {
        zip(a, b).flatMap { zip($0, $1).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) } }.max() ?? .infinity
    }

    @Test func theSameShapeMovedByWholePixelsIsFlattenedOnce() {
        let f = ShapeFlattener()
        let m = AffineTransform.scale(2, 2)
        let badge = { (x: Double, y: Double) in Shape.ellipse(Rect(x: x, y: y, width: 11.3, height: 11.3)) }
        let first = f.polygons(badge(3.2, 4.1), m)
        #expect(f.flattened == 1)
        // Moved by 7 and 20 points: 14 and 40 device pixels, the same phase.
        let moved = f.polygons(badge(10.2, 24.1), m)
        #expect(f.flattened == 1)
        #expect(first.count == moved.count && first[0].count == moved[0].count)
        #expect(Self.farthest(moved, f.flatten(badge(10.2, 24.1), m).map(\.points)) <= 1.0 / 256 + 1e-9)
        // Another phase: the same points moved, as Cairo flattens them there (24.8 fixed point).
        let shifted = f.polygons(badge(10.45, 24.1), m)
        #expect(f.flattened == 2)
        #expect(Self.farthest(shifted, f.flatten(badge(10.45, 24.1), m).map(\.points)) <= 1.0 / 256 + 1e-9)
        // Its stroke: flattened once more, then kept wherever it lands.
        let ring = f.polygons(badge(10.45, 24.1), m, strokeWidth: 2)
        #expect(f.flattened == 4 && ring.count == 2)
        _ = f.polygons(badge(30.7, 4.1), m, strokeWidth: 2)
        #expect(f.flattened == 4)
    }
}
