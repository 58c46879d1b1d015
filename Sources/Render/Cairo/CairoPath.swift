import CCairo
import Geometry

/// Emits `ShapePath` outlines into a Cairo context.
package enum CairoPath {
    /// Adds `shape` to the current path of the Cairo context `cr`.
    package static func add(_ shape: Shape, to cr: OpaquePointer) {
        if case .rect(let r) = shape {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        for e in ShapePath.elements(shape) {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
