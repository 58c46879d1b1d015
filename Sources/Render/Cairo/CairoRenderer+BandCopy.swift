import CCairo
import Glibc
import Pixels

/// Photos whose size moves, drawn upright from a mip level: the band makes, in scratch memory,
/// just the rows of the exact copy it shows (and two more each side for the bilinear filter),
/// from the level the copy itself would start from (`CairoSurface.scaled` halves the photo
/// down the same chain), with the copy's filter and sample positions. So a moving frame is the
/// frame an exact copy would give, pixel for pixel, with no copy kept and the work split
/// between the bands instead of done once per size on a background queue.
extension CairoRenderer {
    /// The band's part of the `width × height` copy made from `level`, as a pattern to paint
    /// with `copyPattern` (device → copy pixels, axis-aligned, as the exact path draws), and
    /// what to call once painted. Nil when the band shows none of it.
    func bandCopy(of level: PixelBuffer, width cw: Int, height ch: Int, copyPattern m: cairo_matrix_t,
                  _ cr: OpaquePointer) -> (pattern: OpaquePointer, release: () -> Void)? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)   // device pixels: the matrix is the identity here
        let i0 = max(Int((m.xx * x1 + m.x0).rounded(.down)) - 2, 0), i1 = min(Int((m.xx * x2 + m.x0).rounded(.up)) + 2, cw)
        let j0 = max(Int((m.yy * y1 + m.y0).rounded(.down)) - 2, 0), j1 = min(Int((m.yy * y2 + m.y0).rounded(.up)) + 2, ch)
        guard i1 > i0, j1 > j0 else { return nil }
        bandCopiesMade.add(1, ordering: .relaxed)
        let rw = i1 - i0, rh = j1 - j0
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(rw)))
        let memory = scratch.take(bytes: stride * rh)
        let part = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                       Int32(rw), Int32(rh), Int32(stride))!
        CairoSurface.resample(level, into: part, fullWidth: cw, fullHeight: ch, from: (i0, j0))
        let pattern = cairo_pattern_create_for_surface(part)!
        var shifted = m
        shifted.x0 -= Double(i0)
        shifted.y0 -= Double(j0)
        cairo_pattern_set_matrix(pattern, &shifted)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let pool = scratch
        return (pattern, {
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(part)
            pool.give(memory)
        })
    }
}
