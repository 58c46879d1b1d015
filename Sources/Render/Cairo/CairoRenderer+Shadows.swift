import CCairo
import FoundationEssentials
import Geometry
import Pixels

/// Shadows: of a shape (a cached blurred mask) and of a layer's content (its alpha, blurred).
extension CairoRenderer {
    func drawShadow(_ shape: Shape, color: Color, blur: Double, offset: Point, _ cr: OpaquePointer) {
        let m = CairoMatrix.current(cr)
        let ds = max(m.deviceScale, 1e-6)
        let sigma = max(blur, 0) / 2 * ds
        let mask = locked { shadows.mask(for: shape, ds: ds, sigma: sigma, threads: threads) }
        let b = shape.bounds
        cairo_save(cr)
        cairo_translate(cr, b.x + offset.x, b.y + offset.y)
        // The mask's own scale: a stand-in made at another one is drawn scaled to fit.
        cairo_scale(cr, 1 / mask.ds, 1 / mask.ds)
        setColor(cr, color)
        // Another band may push the mask out of the cache meanwhile: keep it until painted.
        withExtendedLifetime(mask) {
            guard mask.ds != ds else { return cairo_mask_surface(cr, mask.surface, Double(-mask.pad), Double(-mask.pad)) }
            let p = cairo_pattern_create_for_surface(mask.surface)!
            var m = cairo_matrix_t()
            cairo_matrix_init_translate(&m, Double(mask.pad), Double(mask.pad))
            cairo_pattern_set_matrix(p, &m)
            cairo_pattern_set_filter(p, CAIRO_FILTER_BILINEAR)
            cairo_mask(cr, p)
            cairo_pattern_destroy(p)
        }
        cairo_restore(cr)
    }

    /// The layer's alpha, blurred, in `color` at `offset`, then the layer itself on top; kept
    /// for the next frames when the layer has a raster key.
    func compositeWithShadow(_ surface: OpaquePointer, color: Color, radius: Double, offset: Point, layer: CairoLayer) {
        let ds = layer.matrix.deviceScale
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let mask = CairoSurface.copy(surface, format: CAIRO_FORMAT_A8)
        if let data = cairo_image_surface_get_data(mask) {
            BoxBlur.blur(data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(mask)), sigma: max(radius, 0) / 2 * ds, threads: threads)
        }
        cairo_surface_mark_dirty(mask)
        if let key = layer.rasterKey {
            // The layer's surface is pooled memory the next frame reuses: keep a copy.
            let kept = CairoSurface.copy(surface, format: CAIRO_FORMAT_ARGB32)
            let raster = LayerRasterCache.Raster(surface: kept, mask: mask)
            cairo_surface_destroy(kept)
            locked { layerRasters.insert(raster, for: key) }
        }
        paintShadowed(surface, mask: mask, color: color, offset: offset * ds, at: (layer.ox, layer.oy), into: layer.parent)
        cairo_surface_destroy(mask)
    }

    /// Paints a layer's blurred silhouette `mask` in `color`, moved by `offset` device pixels,
    /// then the layer `surface`, with their origin at device pixel `origin` of `parent`.
    func paintShadowed(_ surface: OpaquePointer, mask: OpaquePointer, color: Color, offset: Point, at origin: (Int, Int),
                       into parent: OpaquePointer) {
        cairo_save(parent)
        cairo_identity_matrix(parent)
        setColor(parent, color)
        cairo_mask_surface(parent, mask, Double(origin.0) + offset.x, Double(origin.1) + offset.y)
        cairo_set_source_surface(parent, surface, Double(origin.0), Double(origin.1))
        cairo_paint(parent)
        cairo_restore(parent)
    }

    /// Draws the drop-shadow layer opened at `start` (closed at `end`) from the raster kept
    /// for it, if there is one: true when it did (the layer's commands are then skipped).
    func drawKeptShadowLayer(_ list: DisplayList, start: Int, end: Int, color: Color, radius: Double, offset: Point,
                             bounds: Rect, _ cr: OpaquePointer) -> Bool {
        let m = CairoMatrix.current(cr)
        let padded = CairoRenderer.shadowLayerBounds(bounds, radius: radius)
        let place = CairoRenderer.layerPlacement(padded, m)
        guard let key = LayerRasterCache.key(list, start: start, end: end, effect: .dropShadow(color: color, radius: radius, offset: offset),
                                             bounds: padded, layerMatrix: place.matrix),
              let raster = locked({ layerRasters[key] }) else { return false }
        withExtendedLifetime(raster) {
            paintShadowed(raster.surface, mask: raster.mask, color: color, offset: offset * m.deviceScale, at: (place.ox, place.oy), into: cr)
        }
        return true
    }
}
