import FoundationEssentials
import Glibc

/// A 2D affine transform, Cairo's convention: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix [a c tx; b d ty; 0 0 1], as Cairo's `cairo_matrix_t` and Core Graphics' `CGAffineTransform`
    /// hold it: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// The transform with these entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// A move by (`x`, `y`).
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// A scale by `sx` across and `sy` down, about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians`, clockwise on screen (y down).
    public static func rotation(_ radians: Double) -> AffineTransform {
        let cs = cos(radians), sn = sin(radians)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// Scale by (sx, sy) about `anchor` (points).
    public static func scale(_ sx: Double, _ sy: Double, about anchor: Point) -> AffineTransform {
        translation(-anchor.x, -anchor.y).concatenating(scale(sx, sy)).concatenating(translation(anchor.x, anchor.y))
    }
    /// Rotation by `radians` (clockwise on screen) about `anchor` (points).
    public static func rotation(_ radians: Double, about anchor: Point) -> AffineTransform {
        translation(-anchor.x, -anchor.y).concatenating(rotation(radians)).concatenating(translation(anchor.x, anchor.y))
    }
    /// Whether it changes nothing.
    public var isIdentity: Bool { self == .identity }
    /// `self` first, then `other`.
    public func concatenating(_ o: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * o.a + b * o.c, b: a * o.b + b * o.d,
                        c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                        tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }
    /// a·d − b·c: the factor by which it scales areas (0: it cannot be inverted).
    public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform squashes the plane to a line.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
    /// Where the transform takes `p`.
    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
    /// The axis-aligned bounds of a transformed rectangle.
    /// (Its four corners without an array: damage, culling and every draw ask for it.)
    public func apply(_ r: Rect) -> Rect {
        let p0 = apply(Point(x: r.minX, y: r.minY)), p1 = apply(Point(x: r.maxX, y: r.minY))
        let p2 = apply(Point(x: r.minX, y: r.maxY)), p3 = apply(Point(x: r.maxX, y: r.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rect {
    /// The smallest rectangle holding all `points`.
    public static func bounding(_ points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in points.dropFirst() { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

