import CCairo
import Geometry

/// Conversions between Cairo's matrices and `AffineTransform`, written once.
enum CairoMatrix {
    /// The context's current user → device matrix.
    static func current(_ cr: OpaquePointer) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m
    }
}

extension cairo_matrix_t {
    /// Cairo's matrix for an affine transform (x' = a·x + c·y + tx, y' = b·x + d·y + ty).
    init(_ t: AffineTransform) { self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty) }
    /// The same matrix as an `AffineTransform`.
    var affine: AffineTransform { AffineTransform(a: xx, b: yx, c: xy, d: yy, tx: x0, ty: y0) }
    /// Device pixels per point: √|det|.
    var deviceScale: Double { abs(xx * yy - yx * xy).squareRoot() }
    /// Whether it only scales and translates (no rotation or skew).
    var isAxisAligned: Bool { abs(yx) < 1e-9 && abs(xy) < 1e-9 }
}
