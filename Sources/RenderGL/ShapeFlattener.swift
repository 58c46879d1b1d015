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

    private struct Key: Hashable {
        let shape: Shape
        let a: Double, b: Double, c: Double, d: Double
        /// The stroke's width in device pixels; 0 for the shape's own outline.
        let stroke: Double
    }
    private var kept: [Key: [[Point]]] = [:]
    static let keptLimit = 1024
    /// Outlines Cairo flattened (not found kept).
    private(set) var flattened = 0

    /// The polygons (nonzero) that cover `shape` under `transform` (user → device), or with
    /// `strokeWidth` (device pixels) its stroke (`StrokeOutline`). Kept across frames by the
    /// shape moved to the origin, the transform's linear part and the width, and moved to
    /// where the origin lands, to 1/256 px: Cairo flattens in 24.8 fixed point, so an outline
    /// moved by a multiple of 1/256 px is flattened into the same points moved. The same badge
    /// on every row of a list, or a card moving by fractions of a pixel, is flattened once.
    func polygons(_ shape: Shape, _ transform: AffineTransform, strokeWidth: Double? = nil) -> [[Point]] {
        let (local, offset) = outline(shape, transform, strokeWidth: strokeWidth)
        guard offset != .zero else { return local }
        return local.map { $0.map { Point($0.x + offset.x, $0.y + offset.y) } }
    }

    /// The polygons `polygons` gives, as kept, and where they are to be moved to (no copy made).
    func outline(_ shape: Shape, _ transform: AffineTransform, strokeWidth: Double? = nil) -> (polygons: [[Point]], offset: Point) {
        let (moved, origin) = ShapeFlattener.atOrigin(shape)
        let o = transform.apply(origin)
        let dx = (o.x * 256).rounded() / 256, dy = (o.y * 256).rounded() / 256
        let key = Key(shape: moved, a: transform.a, b: transform.b, c: transform.c, d: transform.d, stroke: strokeWidth ?? 0)
        let local: [[Point]]
        if let found = kept[key] { local = found } else {
            let contours = flatten(moved, AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0))
            if let w = strokeWidth {
                local = contours.flatMap { StrokeOutline.polygons($0.points, closed: $0.closed, width: w) }
            } else {
                local = contours.map(\.points)
            }
            if kept.count >= ShapeFlattener.keptLimit { kept.removeAll(keepingCapacity: true) }
            kept[key] = local
        }
        return (local, Point(dx, dy))
    }

    /// The shape moved so that its box starts at the origin, and where it was (a path stays).
    static func atOrigin(_ shape: Shape) -> (Shape, Point) {
        switch shape {
        case .rect(let r): return (.rect(Rect(origin: .zero, size: r.size)), r.origin)
        case .roundedRect(let r, let radius, let style): return (.roundedRect(Rect(origin: .zero, size: r.size), radius: radius, style: style), r.origin)
        case .ellipse(let r): return (.ellipse(Rect(origin: .zero, size: r.size)), r.origin)
        case .path: return (shape, .zero)
        }
    }

    /// The contours of `shape` under `transform`, flattened by Cairo now.
    func flatten(_ shape: Shape, _ transform: AffineTransform) -> [Contour] {
        flattened += 1
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
