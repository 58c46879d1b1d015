import FoundationEssentials
import Glibc

/// A projective transform of the plane: a 3×3 matrix acting on (x, y, 1) column vectors,
/// row-major: x' = (m0·x + m1·y + m2) / w, y' = (m3·x + m4·y + m5) / w, w = m6·x + m7·y + m8.
/// This is what a 3D rotation with perspective looks like once flattened to the screen
/// (Core Animation's CATransform3D with z dropped), and what pixman's projective transform takes.
public struct Projection: Hashable, Sendable {
    /// The nine entries, row-major.
    public var m: [Double]
    /// Nine entries, row-major.
    public init(_ m: [Double]) {
        precondition(m.count == 9, "a projection has 9 entries")
        self.m = m
    }
    /// The projection that changes nothing.
    public static let identity = Projection([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The affine transform `t` as a projection (its last row 0 0 1).
    public init(_ t: AffineTransform) { self.init([t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1]) }

    /// Whether it changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// Maps a point; nil where w ≤ 0 (behind the viewer).
    public func apply(_ p: Point) -> Point? {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard w > 1e-12 else { return nil }
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// `self` first, then `o` (matrix product o·self).
    public func concatenating(_ o: Projection) -> Projection {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = (0..<3).reduce(0) { $0 + o.m[i * 3 + $1] * m[$1 * 3 + j] } } }
        return Projection(r)
    }

    /// The inverse, or nil when singular.
    public func inverted() -> Projection? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        let inv = [c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                   c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                   c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        return Projection(inv.map { $0 / det })
    }

    /// A rotation by `degrees` about the 3D `axis` through `anchor` (a unit point of a view of
    /// `size` points), seen with perspective: Core Animation's m34 = −perspective / max(w, h),
    /// which is what SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ: 0, perspective:)` uses.
    /// The 4×4 matrix T(anchor)·P·R·T(−anchor) is flattened by dropping z (row and column 3).
    /// Source: Core Animation's CATransform3DMakeRotation (right-hand rule about the unit axis).
    public static func rotation3D(degrees: Double, axis: (x: Double, y: Double, z: Double),
                                  anchor: UnitPoint = .center, size: Size, perspective: Double = 1) -> Projection {
        let len = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard len > 0, degrees.isFinite else { return .identity }
        let x = axis.x / len, y = axis.y / len, z = axis.z / len
        let t = degrees * .pi / 180, c = cos(t), s = sin(t), k = 1 - c
        // Rotation, row-major 4×4 acting on column vectors.
        let r: [[Double]] = [
            [c + x * x * k, x * y * k - z * s, x * z * k + y * s, 0],
            [y * x * k + z * s, c + y * y * k, y * z * k - x * s, 0],
            [z * x * k - y * s, z * y * k + x * s, c + z * z * k, 0],
            [0, 0, 0, 1],
        ]
        let m34 = max(size.width, size.height) > 0 ? -perspective / max(size.width, size.height) : 0
        // Perspective: w' = w + m34·z (CATransform3D's m34 on row vectors is row 3, column 2 here).
        var p = r
        for j in 0..<4 { p[3][j] = r[3][j] + m34 * r[2][j] }
        let ax = anchor.x * size.width, ay = anchor.y * size.height
        // Drop z: keep rows/columns x, y, w, and fold the translations in.
        let flat = Projection([p[0][0], p[0][1], p[0][3], p[1][0], p[1][1], p[1][3], p[3][0], p[3][1], p[3][3]])
        return Projection([1, 0, -ax, 0, 1, -ay, 0, 0, 1]).concatenating(flat)
            .concatenating(Projection([1, 0, ax, 0, 1, ay, 0, 0, 1]))
    }
}
