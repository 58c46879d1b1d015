import CCairo
import FoundationEssentials
import Geometry

/// Colours and gradients as Cairo sources.
extension CairoRenderer {
    func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// Sets `paint` as the source. A gradient is set in device space through a matrix on
    /// pixman's fixed-point grid, exact at `anchor` (user space; the drawn shape's centre), so
    /// that it is evaluated alike in every band of a frame (see `onFixedGrid`).
    func setPaint(_ cr: OpaquePointer, _ paint: Paint, anchor: Point) {
        switch paint {
        case .color(let c): setColor(cr, c)
        case .linearGradient(let g):
            let p = cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y)!
            for s in g.stops {
                cairo_pattern_add_color_stop_rgba(p, s.offset, s.color.red, s.color.green, s.color.blue, s.color.alpha)
            }
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
            var m = CairoMatrix.current(cr), toUser = m
            if cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS {
                var grid = toUser.onFixedGrid(exactAt: m.affine.apply(anchor))
                cairo_pattern_set_matrix(p, &grid)
                cairo_identity_matrix(cr)
                cairo_set_source(cr, p)
                cairo_set_matrix(cr, &m)
            } else {
                cairo_set_source(cr, p)
            }
            cairo_pattern_destroy(p)
        }
    }

    /// A cached raster of a large gradient under an axis-aligned transform.
    func cachedGradient(_ g: LinearGradient, bounds: Rect, _ cr: OpaquePointer) -> OpaquePointer? {
        let m = CairoMatrix.current(cr)
        guard m.isAxisAligned, m.xx > 0, m.yy > 0 else { return nil }
        return locked { gradients.pattern(g, bounds: bounds, sx: m.xx, sy: m.yy) }
    }
}
