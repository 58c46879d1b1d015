import CCairo
import Geometry

/// Large gradient fills rasterized once per size and replayed as a copy: pixman evaluates a
/// gradient per pixel (about 6 ms for a 1280×800 window here) while copying a cached raster
/// costs a fraction of a millisecond. Keyed by the gradient relative to the filled
/// rectangle and the device size, so a gradient that moves with its shape stays cached. The
/// rasters count against the app's image memory budget (and there are at most 8).
final class GradientCache {
    struct Key: Hashable {
        let stops: [GradientStop]
        let start: Point, end: Point
        let width: Int, height: Int
        let sx: Double, sy: Double
    }
    /// Smaller fills are drawn directly: the cache would not pay for itself.
    static let minimumPixels = 128 * 128
    final class Raster: SurfaceOwner {
        let surface: OpaquePointer
        init(_ surface: OpaquePointer) { self.surface = surface }
        deinit { cairo_surface_destroy(surface) }
    }
    private let surfaces: SurfaceCache<Key, Raster>

    init(memory: ImageMemory) { surfaces = SurfaceCache(limit: 8, memory: memory) }

    /// Bytes of the rasters held now.
    var byteCount: Int { surfaces.byteCount }

    /// A pattern reproducing `gradient` over `bounds` (points) at device scale (sx, sy), or
    /// nil when the fill is too small to be worth caching.
    func pattern(_ gradient: LinearGradient, bounds: Rect, sx: Double, sy: Double) -> OpaquePointer? {
        let w = Int((bounds.width * sx).rounded(.up)), h = Int((bounds.height * sy).rounded(.up))
        guard w * h >= GradientCache.minimumPixels, w <= 8192, h <= 8192 else { return nil }
        let o = bounds.origin
        let key = Key(stops: gradient.stops, start: gradient.start - o, end: gradient.end - o, width: w, height: h, sx: sx, sy: sy)
        let surface: OpaquePointer
        if let r = surfaces[key] {
            surface = r.surface
        } else {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
            let cr = cairo_create(surface)
            cairo_scale(cr, sx, sy)
            let p = cairo_pattern_create_linear(key.start.x, key.start.y, key.end.x, key.end.y)
            for s in gradient.stops {
                cairo_pattern_add_color_stop_rgba(p, s.offset, s.color.red, s.color.green, s.color.blue, s.color.alpha)
            }
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, p)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_pattern_destroy(p)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            surfaces.insert(Raster(surface), for: key)
        }
        let pattern = cairo_pattern_create_for_surface(surface)!
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, sx, sy)
        cairo_matrix_translate(&m, -o.x, -o.y)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_FAST)
        return pattern
    }
}
