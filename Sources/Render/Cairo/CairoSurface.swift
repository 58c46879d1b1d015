import CCairo
import Pixels

/// Bridges between `PixelBuffer` and Cairo image surfaces, and high-quality resampling.
package enum CairoSurface {
    /// A Cairo surface over the buffer's memory (no copy). The buffer must outlive it.
    package static func wrap(_ b: PixelBuffer) -> OpaquePointer {
        cairo_image_surface_create_for_data(UnsafeMutableRawPointer(b.pixels).assumingMemoryBound(to: UInt8.self),
                                            CAIRO_FORMAT_ARGB32, Int32(b.width), Int32(b.height), Int32(b.stride * 4))
    }

    /// A new surface of `format` (ARGB32, or A8 for its alpha alone) with `source`'s pixels.
    static func copy(_ source: OpaquePointer, format: cairo_format_t) -> OpaquePointer {
        let copy = cairo_image_surface_create(format, cairo_image_surface_get_width(source), cairo_image_surface_get_height(source))!
        let cr = cairo_create(copy)!
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(copy)
        return copy
    }

    /// `source` resampled to w×h pixels with Cairo's GOOD filter (box-filtered when shrinking).
    /// Large reductions first halve the picture (a bilinear sample between four pixels is their
    /// average: an exact 2×2 box) until less than 2× remains, since GOOD's convolution gets
    /// slower with the ratio (an 800 → 320 pixel photo: ~4× faster this way).
    public static func scaled(_ source: PixelBuffer, width w: Int, height h: Int, fast: Bool = false) -> PixelBuffer {
        var source = source
        while source.width >= 2 * w && source.height >= 2 * h && source.width >= 4 && source.height >= 4 {
            source = halved(source)
        }
        return resampled(source, width: w, height: h, fast: fast)
    }

    /// Half the size, each pixel the mean of a 2×2 block.
    static func halved(_ source: PixelBuffer) -> PixelBuffer {
        resample(source, width: source.width / 2, height: source.height / 2, filter: CAIRO_FILTER_BILINEAR)
    }

    static func resampled(_ source: PixelBuffer, width w: Int, height h: Int, fast: Bool = false) -> PixelBuffer {
        if w == source.width && h == source.height {
            let out = PixelBuffer(width: w, height: h)
            for y in 0..<h { (out.pixels + y * out.stride).update(from: source.pixels + y * source.stride, count: w) }
            return out
        }
        return resample(source, width: w, height: h, filter: fast ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
    }

    /// Part of `source` resampled to fullWidth × fullHeight as `resampled` does it (GOOD; a
    /// plain copy at the same size): the pixels from `origin` on that fit `part`.
    static func resample(_ source: PixelBuffer, into part: OpaquePointer, fullWidth w: Int, fullHeight h: Int, from origin: (Int, Int)) {
        let same = w == source.width && h == source.height
        resample(source, into: part, fullWidth: w, fullHeight: h, from: origin, filter: same ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
    }

    /// `source` stretched over a new w×h buffer through Cairo with `filter`, edges padded.
    private static func resample(_ source: PixelBuffer, width w: Int, height h: Int, filter: cairo_filter_t) -> PixelBuffer {
        let out = PixelBuffer(width: w, height: h)
        let dst = wrap(out)
        resample(source, into: dst, fullWidth: w, fullHeight: h, from: (0, 0), filter: filter)
        cairo_surface_destroy(dst)
        return out
    }

    /// The pixels of `source` stretched to fullWidth × fullHeight through Cairo with `filter`
    /// (edges padded), from `origin` on, written into `part`.
    private static func resample(_ source: PixelBuffer, into part: OpaquePointer, fullWidth w: Int, fullHeight h: Int,
                                 from origin: (Int, Int), filter: cairo_filter_t) {
        let src = wrap(source)
        let cr = cairo_create(part)
        let pattern = cairo_pattern_create_for_surface(src)
        let sx = Double(source.width) / Double(w), sy = Double(source.height) / Double(h)
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, sx, 0, 0, sy, Double(origin.0) * sx, Double(origin.1) * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
        cairo_destroy(cr)
        cairo_surface_flush(part)
        cairo_surface_destroy(src)
    }
}
