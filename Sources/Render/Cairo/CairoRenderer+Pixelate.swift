import CCairo
import FoundationEssentials
import Geometry

/// The pixelate compositor (Pixelate Shader Effect).
extension CairoRenderer {
    /// Each block of `size` points takes the colour at its centre (clamped inside the layer):
    /// a NEAREST downsample at 1/size, then a NEAREST upsample (the Pixelate Shader Effect's blocks, each one sample).
    func compositePixelated(_ surface: OpaquePointer, size: Double, layer: CairoLayer) {
        let ds = layer.matrix.deviceScale
        let block = size * ds
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let bw = max(Int((Double(w) / block).rounded(.up)), 1), bh = max(Int((Double(h) / block).rounded(.up)), 1)
        let small = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bw), Int32(bh))!
        let scr = cairo_create(small)!
        let down = cairo_pattern_create_for_surface(surface)!
        // pixman's NEAREST picks the lower pixel on an exact boundary (floor(x − ε)); nudging
        // samples by 1/256 px makes it floor(x), the component's rule, for centres and block edges.
        let nudge = 1.0 / 256
        var dm = cairo_matrix_t()
        cairo_matrix_init_translate(&dm, nudge, nudge)
        cairo_matrix_scale(&dm, block, block)
        cairo_pattern_set_matrix(down, &dm)
        cairo_pattern_set_filter(down, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(down, CAIRO_EXTEND_PAD)
        cairo_set_operator(scr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(scr, down)
        cairo_paint(scr)
        cairo_pattern_destroy(down)
        cairo_destroy(scr)
        cairo_surface_flush(small)

        let parent = layer.parent
        cairo_save(parent)
        cairo_identity_matrix(parent)
        let up = cairo_pattern_create_for_surface(small)!
        var um = cairo_matrix_t()
        cairo_matrix_init_scale(&um, 1 / block, 1 / block)
        cairo_matrix_translate(&um, Double(-layer.ox) + nudge, Double(-layer.oy) + nudge)
        cairo_pattern_set_matrix(up, &um)
        cairo_pattern_set_filter(up, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(up, CAIRO_EXTEND_PAD)
        cairo_set_source(parent, up)
        cairo_rectangle(parent, Double(layer.ox), Double(layer.oy), Double(w), Double(h))
        cairo_fill(parent)
        cairo_pattern_destroy(up)
        cairo_restore(parent)
        cairo_surface_destroy(small)
    }
}
