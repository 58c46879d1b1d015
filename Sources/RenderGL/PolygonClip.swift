import Geometry

/// Cutting a polygon to an axis-aligned box: Sutherland–Hodgman, one side of the box at a time
/// (I. Sutherland, G. Hodgman, "Reentrant polygon clipping", CACM 17(1), 1974). The result
/// covers, inside the box, exactly what the polygon covered there (with its winding).
enum PolygonClip {
    static func toBox(_ polygon: [Point], _ box: Rect) -> [Point] {
        var out = polygon
        out = cut(out, inside: { $0.x >= box.minX }, at: { a, b in a.x == b.x ? a : lerp(a, b, (box.minX - a.x) / (b.x - a.x)) })
        out = cut(out, inside: { $0.x <= box.maxX }, at: { a, b in a.x == b.x ? a : lerp(a, b, (box.maxX - a.x) / (b.x - a.x)) })
        out = cut(out, inside: { $0.y >= box.minY }, at: { a, b in a.y == b.y ? a : lerp(a, b, (box.minY - a.y) / (b.y - a.y)) })
        out = cut(out, inside: { $0.y <= box.maxY }, at: { a, b in a.y == b.y ? a : lerp(a, b, (box.maxY - a.y) / (b.y - a.y)) })
        return out
    }

    private static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }

    private static func cut(_ poly: [Point], inside: (Point) -> Bool, at: (Point, Point) -> Point) -> [Point] {
        guard let last = poly.last else { return [] }
        var out: [Point] = []
        var previous = last
        for current in poly {
            switch (inside(previous), inside(current)) {
            case (true, true): out.append(current)
            case (true, false): out.append(at(previous, current))
            case (false, true): out.append(at(previous, current)); out.append(current)
            case (false, false): break
            }
            previous = current
        }
        return out
    }
}
