import CCairo
import Geometry
import Render

/// Outlines of shapes in device pixels, flattened into polygons by Cairo with its own
/// tolerance (0.1 px), so the GPU covers the same polygon Cairo's rasteriser fills.
final class ShapeFlattener {
    /// A subpath: its points and whether it was closed.
    struct Contour { var points: [Point]; var closed: Bool }

    private let surface: OpaquePointer
    private let cr: OpaquePointer

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        cr = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The contours of `shape` under `transform` (user → device).
    func contours(_ shape: Shape, _ transform: AffineTransform) -> [Contour] {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_new_path(cr)
        cairo_set_matrix(cr, &m)
        CairoPath.add(shape, to: cr)
        cairo_identity_matrix(cr)
        guard let path = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        var out: [Contour] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            if current.count > 1 { out.append(Contour(points: current, closed: closed)) }
            current = []
        }
        var i = 0
        let data = path.pointee.data!
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish(closed: false)
                current = [Point(data[i + 1].point.x, data[i + 1].point.y)]
            case CAIRO_PATH_LINE_TO:
                current.append(Point(data[i + 1].point.x, data[i + 1].point.y))
            case CAIRO_PATH_CLOSE_PATH:
                let start = current.first
                finish(closed: true)
                // Cairo moves to the subpath's start after a close.
                if let start { current = [start] }
            default: break
            }
            i += Int(header.length)
        }
        finish(closed: false)
        return out
    }
}
