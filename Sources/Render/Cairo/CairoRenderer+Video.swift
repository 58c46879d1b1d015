import CCairo
import Geometry

/// A video's frame: drawn from the pixels the video gave, scaled bilinearly into its place,
/// with no copy kept (the next frame replaces it).
extension CairoRenderer {
    func drawLiveFrame(_ d: ImageDraw, _ cr: OpaquePointer) {
        guard let p = d.image.peekPixels, d.opacity > 0, d.destination.width > 0, d.destination.height > 0 else { return }
        // Opaque video: RGB24 lets pixman copy rather than blend.
        guard let surface = cairo_image_surface_create_for_data(UnsafeMutableRawPointer(p.pixels).assumingMemoryBound(to: UInt8.self),
                                                               CAIRO_FORMAT_RGB24, Int32(p.width), Int32(p.height), Int32(p.stride * 4)) else { return }
        defer { cairo_surface_destroy(surface) }
        let r = d.destination, source = d.source ?? Rect(x: 0, y: 0, width: Double(p.width), height: Double(p.height))
        guard source.width > 0, source.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_clip(cr)
        cairo_translate(cr, r.minX, r.minY)
        cairo_scale(cr, r.width / source.width, r.height / source.height)
        cairo_set_source_surface(cr, surface, -source.minX, -source.minY)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, d.filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        if d.opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, d.opacity) }
        cairo_restore(cr)
    }
}
