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

extension cairo_matrix_t {
    /// The matrix with its entries on pixman's 16.16 fixed-point grid, its translation chosen so
    /// that it still maps `anchor` where the exact matrix does (to within 1/65536).
    ///
    /// Why: pixman samples through a 16.16 matrix, and Cairo, converting a matrix that is not on
    /// that grid, corrects the translation so that it is exact at the centre of the area being
    /// drawn (cairo-matrix.c, `_cairo_matrix_to_pixman_matrix`). That centre moves with the clip,
    /// so a photo drawn in two bands would sample a hair differently in each (±1–2 levels in
    /// 1 % of its pixels). A matrix already on the grid is taken as it is, wherever the clip is.
    func onFixedGrid(exactAt anchor: Point) -> cairo_matrix_t {
        func fixed(_ v: Double) -> Double { (v * 65536).rounded() / 65536 }
        var q = cairo_matrix_t(xx: fixed(xx), yx: fixed(yx), xy: fixed(xy), yy: fixed(yy), x0: 0, y0: 0)
        let ex = xx * anchor.x + xy * anchor.y + x0, ey = yx * anchor.x + yy * anchor.y + y0
        q.x0 = fixed(ex - (q.xx * anchor.x + q.xy * anchor.y))
        q.y0 = fixed(ey - (q.yx * anchor.x + q.yy * anchor.y))
        return q
    }
}
