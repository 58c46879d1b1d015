import Geometry

/// The outline of a stroked polyline as polygons to fill with the nonzero rule: Cairo's
/// defaults, butt caps and miter joins with a miter limit of 10 (bevel beyond it).
///
/// A closed contour gives its left offset forwards and its right offset backwards (an annulus
/// of winding ±1); an open one gives one polygon, the left offset out and the right back.
/// Source: the offset-curve construction of any stroker (e.g. Cairo's `cairo-path-stroke.c`):
/// each vertex moves by w/2 along the bisector of its two edge normals, scaled by 1/cos(θ/2).
enum StrokeOutline {
    /// Cairo's default miter limit: the miter length over the line width.
    static let miterLimit = 10.0

    /// Polygons covering `points` stroked `width` wide.
    static func polygons(_ points: [Point], closed: Bool, width: Double) -> [[Point]] {
        let p = deduplicated(points, closed: closed)
        guard p.count >= 2, width > 0 else { return [] }
        let h = width / 2
        if closed {
            let left = offsets(p, closed: true, h: h), right = offsets(p, closed: true, h: -h)
            return [left, right.reversed()]
        }
        return [offsets(p, closed: false, h: h) + offsets(p, closed: false, h: -h).reversed()]
    }

    /// The points without repeats (and, closed, without the start repeated at the end).
    static func deduplicated(_ points: [Point], closed: Bool) -> [Point] {
        var out: [Point] = []
        for q in points where out.last.map({ length($0.x - q.x, $0.y - q.y) > 1e-9 }) ?? true { out.append(q) }
        if closed, out.count > 2, let f = out.first, let l = out.last, length(f.x - l.x, f.y - l.y) <= 1e-9 { out.removeLast() }
        return out
    }

    static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    /// The left unit normal of the edge a → b (y down: left of the direction of travel).
    static func normal(_ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y, l = length(dx, dy)
        return Point(dy / l, -dx / l)
    }

    /// The polyline moved `h` along its normals, with miter (or bevel) joins.
    static func offsets(_ p: [Point], closed: Bool, h: Double) -> [Point] {
        let n = p.count
        var out: [Point] = []
        for i in 0..<n {
            let hasPrev = closed || i > 0, hasNext = closed || i < n - 1
            let prev = p[(i - 1 + n) % n], next = p[(i + 1) % n]
            let nIn = hasPrev ? normal(prev, p[i]) : normal(p[i], next)
            let nOut = hasNext ? normal(p[i], next) : nIn
            let sum = Point(nIn.x + nOut.x, nIn.y + nOut.y)
            let len = length(sum.x, sum.y)
            // cos(θ/2) = |n1 + n2| / 2; the miter is 1/cos(θ/2) line widths long (over w/2 each side).
            let cosHalf = len / 2
            if cosHalf > 1e-9, 1 / cosHalf <= miterLimit {
                let k = h / (cosHalf * len)
                out.append(Point(p[i].x + sum.x * k, p[i].y + sum.y * k))
            } else {
                out.append(Point(p[i].x + nIn.x * h, p[i].y + nIn.y * h))
                out.append(Point(p[i].x + nOut.x * h, p[i].y + nOut.y * h))
            }
        }
        return out
    }
}
