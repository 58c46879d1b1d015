import CCairo
import Pixels

/// A rounded rectangle's blurred shadow mask at any size, put together from one mask blurred
/// at a small size (a nine-patch), byte for byte what blurring the large one gives.
///
/// Why it is exact: the shape is drawn at whole-pixel positions, so away from its corners its
/// columns are all the same (and so are its rows), and `BoxBlur`'s running sums treat every
/// column alike; a column further than the blur's reach (the sum of its passes' radii) from
/// the corners stays like its neighbours through every pass. A mask w pixels wide is then the
/// small one's left part, its middle column repeated, and its right part; rows likewise. A
/// scaling card's shadow costs a copy instead of a blur each frame (what Skia and Flutter do for
/// rounded-rectangle shadows, there analytically or with a nine-patch of the blur).
enum ShadowNinePatch {
    /// How far from the shape's edge (pixels, in the padded mask) things vary: the corner's
    /// reach along the edge, its anti-aliasing, and the blur's reach. Nil when the shape is not
    /// a rectangle or rounded rectangle, or its corners would be clamped at size w × h.
    static func core(_ shape: Shape, ds: Double, sigma: Double, w: Int, h: Int) -> Int? {
        let reach = BoxBlur.boxWidths(sigma: sigma).reduce(0) { $0 + ($1 > 1 ? $1 / 2 : 0) }
        let corner: Double
        switch shape {
        case .rect: corner = 0
        case .roundedRect(_, let r, let style):
            let rd = max(r, 0) * ds
            corner = style == .continuous ? rd * ShapePath.continuousExtent : rd
            // A corner larger than the shape allows is shrunk to fit, differently at each size.
            guard Double(min(w, h)) / 2 >= corner + 1 else { return nil }
        case .ellipse, .path: return nil
        }
        return Int(corner.rounded(.up)) + 2 + reach
    }

    /// The shape's size for the small mask: one middle column and row.
    static func templateSide(core: Int) -> Int { 2 * core + 1 }

    /// The padded mask of (w + 2·pad) × (h + 2·pad) made from `template`, the padded mask of a
    /// (2·core + 1)-pixel square shape blurred alike. Both A8.
    static func compose(_ template: OpaquePointer, core: Int, pad: Int, w: Int, h: Int) -> OpaquePointer {
        let side = templateSide(core: core)
        let tw = side + 2 * pad
        let out = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w + 2 * pad), Int32(h + 2 * pad))!
        cairo_surface_flush(template)
        let src = cairo_image_surface_get_data(template)!, dst = cairo_image_surface_get_data(out)!
        let ss = Int(cairo_image_surface_get_stride(template)), ds = Int(cairo_image_surface_get_stride(out))
        let ow = w + 2 * pad, oh = h + 2 * pad
        let edge = pad + core           // the template's middle column and row
        let rightFrom = ow - (tw - edge - 1)   // where the output's right part starts
        for y in 0..<oh {
            let sy = y < edge ? y : (y >= oh - (tw - edge - 1) ? y - (oh - tw) : edge)
            let s = src + sy * ss, d = dst + y * ds
            d.update(from: s, count: edge)
            d.advanced(by: edge).update(repeating: s[edge], count: rightFrom - edge)
            d.advanced(by: rightFrom).update(from: s.advanced(by: edge + 1), count: ow - rightFrom)
        }
        cairo_surface_mark_dirty(out)
        return out
    }
}
