import Geometry

/// One step of an outline, in points: what a `Shape` becomes before Cairo draws it.
public enum PathElement: Sendable, Hashable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// A cubic Bézier to the third point, with the first two as control points.
    case curve(Point, Point, Point)
    /// Closes the subpath with a line to its start.
    case close
}

/// Outlines of shapes as Bézier paths: pure geometry, tested without Cairo.
public enum ShapePath {
    /// Bézier circle constant: control points at 4/3·(√2 − 1) ≈ 0.5523 of the radius give a
    /// quarter circle with at most 0.027 % radial error (Riškus, "Approximation of a cubic
    /// Bézier curve by circular arcs", 2006).
    public static let kappa = 0.5522847498

    /// How far along each edge a continuous corner reaches, in multiples of its radius, and the
    /// control points of its three cubic segments. These are the published measurements of
    /// UIKit's continuous-corner `UIBezierPath` (PaintCode, "The secret of iOS 7 rounded rects").
    public static let continuousExtent = 1.52866483
    static let continuousCoefficients = (1.08849323, 0.86840689, 0.63149399, 0.07491100, 0.37282383, 0.16905506)

    /// The outline of `shape`, clockwise from the top edge.
    public static func elements(_ shape: Shape) -> [PathElement] {
        switch shape {
        case .rect(let r):
            return [.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
                    .line(Point(r.minX, r.maxY)), .close]
        case .ellipse(let r):
            return ellipse(r)
        case .path(let elements):
            return elements
        case .roundedRect(let r, let radius, let style):
            let limit = min(r.width, r.height) / 2
            guard radius > 0, limit > 0 else { return elements(.rect(r)) }
            switch style {
            case .circular: return circularRounded(r, min(radius, limit))
            case .continuous: return continuousRounded(r, min(radius, limit / continuousExtent), limit)
            }
        }
    }

    static func ellipse(_ r: Rect) -> [PathElement] {
        let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let kx = rx * kappa, ky = ry * kappa
        return [.move(Point(cx, r.minY)),
                .curve(Point(cx + kx, r.minY), Point(r.maxX, cy - ky), Point(r.maxX, cy)),
                .curve(Point(r.maxX, cy + ky), Point(cx + kx, r.maxY), Point(cx, r.maxY)),
                .curve(Point(cx - kx, r.maxY), Point(r.minX, cy + ky), Point(r.minX, cy)),
                .curve(Point(r.minX, cy - ky), Point(cx - kx, r.minY), Point(cx, r.minY)), .close]
    }

    static func circularRounded(_ r: Rect, _ q: Double) -> [PathElement] {
        let k = q * (1 - kappa)
        return [.move(Point(r.minX + q, r.minY)), .line(Point(r.maxX - q, r.minY)),
                .curve(Point(r.maxX - k, r.minY), Point(r.maxX, r.minY + k), Point(r.maxX, r.minY + q)),
                .line(Point(r.maxX, r.maxY - q)),
                .curve(Point(r.maxX, r.maxY - k), Point(r.maxX - k, r.maxY), Point(r.maxX - q, r.maxY)),
                .line(Point(r.minX + q, r.maxY)),
                .curve(Point(r.minX + k, r.maxY), Point(r.minX, r.maxY - k), Point(r.minX, r.maxY - q)),
                .line(Point(r.minX, r.minY + q)),
                .curve(Point(r.minX, r.minY + k), Point(r.minX + k, r.minY), Point(r.minX + q, r.minY)), .close]
    }

    /// Continuous corners. `q` is the radius; each corner spans `continuousExtent·q` of both
    /// edges. When the shape is too small for that, `q` has already been reduced to fit.
    static func continuousRounded(_ r: Rect, _ q: Double, _ limit: Double) -> [PathElement] {
        let (c1, c2, c3, c4, c5, c6) = continuousCoefficients
        let e = min(continuousExtent * q, limit)
        // One corner in a local frame: `o` is the corner point, `u` points back along the
        // incoming edge, `v` along the outgoing edge.
        func corner(_ o: Point, _ u: Point, _ v: Point) -> [PathElement] {
            func p(_ a: Double, _ b: Double) -> Point { o + u * (a * q) + v * (b * q) }
            return [.line(o + u * e),
                    .curve(p(c1, 0), p(c2, 0), p(c3, c4)),
                    .curve(p(c5, c6), p(c6, c5), p(c4, c3)),
                    .curve(p(0, c2), p(0, c1), o + v * e)]
        }
        let tl = Point(r.minX, r.minY), tr = Point(r.maxX, r.minY), br = Point(r.maxX, r.maxY), bl = Point(r.minX, r.maxY)
        let left = Point(-1, 0), right = Point(1, 0), up = Point(0, -1), down = Point(0, 1)
        var out: [PathElement] = [.move(Point(r.minX + e, r.minY))]
        out += corner(tr, left, down)
        out += corner(br, up, left)
        out += corner(bl, right, up)
        out += corner(tl, down, right)
        out.append(.close)
        return out
    }
}
