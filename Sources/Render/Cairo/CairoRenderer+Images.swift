import CCairo
import FoundationEssentials
import Geometry

/// Photos: scaled copies drawn 1:1, the gray and colour pair for saturation, stand-ins.
extension CairoRenderer {
    /// Draws a photo; what it used is added to `uses` (noted after the frame, see `ImageCache`).
    func drawImage(_ d: ImageDraw, _ cr: OpaquePointer, uses: inout [ImageUse]) {
        guard let size = d.image.pixelSize, d.opacity > 0, d.destination.width > 0, d.destination.height > 0 else { return }
        // Nil when the photo's pixels went back to the memory budget: cached copies still draw.
        let background = images.scalesInBackground
        let pixels = background ? d.image.peekPixels : locked { d.image.pixels }
        let m = CairoMatrix.current(cr)
        let saturation = min(max(d.saturation.isFinite ? d.saturation : 1, 0), 1)

        guard let place = ImagePlacement(d, imageSize: size, transform: m.affine) else { return }
        let cw = place.copyWidth, ch = place.copyHeight, exact = place.exact, clipRect = place.clipRect
        let moving = !d.contentTransform.isIdentity
        // Exact: device → copy pixels; else user → copy pixels (ImagePlacement).
        var pm = cairo_matrix_t(place.toCopy)

        // Photos are sampled in device space through a matrix on pixman's fixed-point grid,
        // so a band of the frame samples exactly as the whole frame does (see `onFixedGrid`).
        var toUser = exact ? cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0) : m
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return }
        let deviceRect = exact ? clipRect : m.affine.apply(clipRect)
        let anchor = Point(deviceRect.midX, deviceRect.midY)
        func devicePattern(_ userToPixels: cairo_matrix_t) -> cairo_matrix_t {
            var u = userToPixels, combined = cairo_matrix_t()
            cairo_matrix_multiply(&combined, &toUser, &u)
            return combined.onFixedGrid(exactAt: anchor)
        }

        /// What to draw from: an exact copy, or a picture of another size (a mip level for a
        /// moving size, or a stand-in).
        func drawable(gray: Bool) -> (entry: ImageCache.Entry, exact: Bool, moving: Bool)? {
            guard background else {
                return locked { images.drawableNow(d.image, pixels: pixels, width: cw, height: ch, gray: gray) }.map { ($0.entry, $0.exact, false) }
            }
            guard let found = images.drawable(d.image, pixels: pixels, width: cw, height: ch, gray: gray) else {
                uses.append(ImageUse(image: d.image, size: PhotoCopies.Size(width: cw, height: ch, gray: gray), copy: nil))
                return nil
            }
            uses.append(found.use)
            return (found.entry, found.exact, found.moving)
        }

        func pattern(_ surface: OpaquePointer, size: (width: Int, height: Int), ready: Bool) -> OpaquePointer {
            let p = cairo_pattern_create_for_surface(surface)!
            var pattern: cairo_matrix_t
            if ready {
                pattern = devicePattern(pm)
            } else {
                // Another size (a mip level, a stand-in): the same mapping, rescaled to its pixels.
                var s = cairo_matrix_t(), combined = cairo_matrix_t()
                cairo_matrix_init_scale(&s, Double(size.width) / Double(cw), Double(size.height) / Double(ch))
                cairo_matrix_multiply(&combined, &pm, &s)
                pattern = devicePattern(combined)
            }
            cairo_pattern_set_matrix(p, &pattern)
            // A copy shown through a moving transform is filtered bilinearly: its scale is
            // within cacheScale of 1, and GOOD would re-sample the whole picture every frame.
            // So is a mip level or a stand-in: less than 2× from the size drawn.
            cairo_pattern_set_filter(p, d.filter == .nearest ? CAIRO_FILTER_NEAREST
                                        : (exact || moving || !ready ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD))
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
            return p
        }

        /// Paints the photo in gray or colour with `alpha`.
        func paintLayer(gray: Bool, alpha: Double) {
            // (A copy without pixels was handed to a GPU renderer's texture: never one of Cairo's.)
            guard let (e, ready, sizeMoves) = drawable(gray: gray), let buffer = e.buffer, let surface = e.surface else {
                // Nothing to draw yet: the placeholder's colour for the frame or two it takes.
                cairo_set_source_rgba(cr, 209.0 / 255, 209.0 / 255, 214.0 / 255, 1)
                cairo_paint_with_alpha(cr, alpha)
                return
            }
            // A mip level for a moving size, drawn upright: the rows of the exact copy this band
            // shows, made from it as the copy would be, then drawn as the copy would be (see
            // `bandCopy`). A size that may be coming to rest, or a photo whose levels have not
            // landed, is drawn from a stand-in filtered bilinearly for the frame or two that takes.
            if sizeMoves && exact, let band = bandCopy(of: buffer, width: cw, height: ch, copyPattern: devicePattern(pm), cr) {
                cairo_set_source(cr, band.pattern)
                cairo_paint_with_alpha(cr, alpha)
                band.release()
                return
            }
            let p = pattern(surface, size: (e.width, e.height), ready: ready)
            cairo_set_source(cr, p)
            cairo_paint_with_alpha(cr, alpha)
            cairo_pattern_destroy(p)
        }

        cairo_save(cr)
        let r = clipRect
        if exact { cairo_identity_matrix(cr) }
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        let needsGroup = d.opacity < 1 && saturation > 0 && saturation < 1
        if needsGroup { cairo_push_group(cr) }
        let baseAlpha = needsGroup ? 1 : d.opacity
        if saturation < 1 { paintLayer(gray: true, alpha: baseAlpha) }
        if saturation > 0 { paintLayer(gray: false, alpha: baseAlpha * saturation) }
        if needsGroup {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, d.opacity)
        }
        cairo_restore(cr)
    }
}

