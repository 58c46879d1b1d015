import Geometry

/// Cutting a polygon to an axis-aligned box: Sutherland–Hodgman, one side of the box at a time
/// (I. Sutherland, G. Hodgman, "Reentrant polygon clipping", CACM 17(1), 1974). The result
/// covers, inside the box, exactly what the polygon covered there (with its winding).
enum PolygonClip {
    static func toBox(_ polygon: [Point], _ box: Rect) -> [Point] {
        guard var lo = polygon.first else { return [] }
        var hi = lo
        for p in polygon {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        // Wholly inside: as it is; wholly beyond one side: nothing of it is in the box.
        if lo.x >= box.minX, hi.x <= box.maxX, lo.y >= box.minY, hi.y <= box.maxY { return polygon }
        if hi.x <= box.minX || lo.x >= box.maxX || hi.y <= box.minY || lo.y >= box.maxY { return [] }
        // Only the sides it crosses cut it; two buffers, swapped.
        var a = polygon, b: [Point] = []
        b.reserveCapacity(polygon.count + 4)
        if lo.x < box.minX { cut(a, into: &b, side: .left, at: box.minX); swap(&a, &b) }
        if hi.x > box.maxX { cut(a, into: &b, side: .right, at: box.maxX); swap(&a, &b) }
        if lo.y < box.minY { cut(a, into: &b, side: .top, at: box.minY); swap(&a, &b) }
        if hi.y > box.maxY { cut(a, into: &b, side: .bottom, at: box.maxY); swap(&a, &b) }
        return a
    }

    private enum Side { case left, right, top, bottom }

    @inline(__always)
    private static func isInside(_ p: Point, _ side: Side, _ v: Double) -> Bool {
        switch side {
        case .left: return p.x >= v
        case .right: return p.x <= v
        case .top: return p.y >= v
        case .bottom: return p.y <= v
        }
    }

    /// Where the edge a → b crosses the side's line.
    @inline(__always)
    private static func crossing(_ a: Point, _ b: Point, _ side: Side, _ v: Double) -> Point {
        switch side {
        case .left, .right:
            return a.x == b.x ? a : Point(v, a.y + (b.y - a.y) * (v - a.x) / (b.x - a.x))
        case .top, .bottom:
            return a.y == b.y ? a : Point(a.x + (b.x - a.x) * (v - a.y) / (b.y - a.y), v)
        }
    }

    private static func cut(_ poly: [Point], into out: inout [Point], side: Side, at v: Double) {
        out.removeAll(keepingCapacity: true)
        guard var previous = poly.last else { return }
        var wasInside = isInside(previous, side, v)
        for current in poly {
            let inside = isInside(current, side, v)
            if inside != wasInside { out.append(crossing(previous, current, side, v)) }
            if inside { out.append(current) }
            previous = current
            wasInside = inside
        }
    }
}
