import CCairo
import Effects
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
        let imageW = size.width, imageH = size.height
        let pixelW = Int(imageW), pixelH = Int(imageH)
        let src = d.source ?? Rect(x: 0, y: 0, width: imageW, height: imageH)
        guard src.width > 0, src.height > 0 else { return }
        let m = CairoMatrix.current(cr)
        let saturation = min(max(d.saturation.isFinite ? d.saturation : 1, 0), 1)

        // Device pixels per image pixel along each axis.
        let axisAligned = m.isAxisAligned
        let kx = d.destination.width * (axisAligned ? abs(m.xx) : (m.xx * m.xx + m.yx * m.yx).squareRoot()) / src.width
        let ky = d.destination.height * (axisAligned ? abs(m.yy) : (m.xy * m.xy + m.yy * m.yy).squareRoot()) / src.height
        let extra = max(d.cacheScale.isFinite ? d.cacheScale : 1, 1)
        let sw = max(Int((imageW * kx * extra).rounded()), 1), sh = max(Int((imageH * ky * extra).rounded()), 1)
        // Scaled copies for sizes up to the source's own (beyond that, draw the source filtered).
        let useCache = sw <= pixelW && sh <= pixelH
        let cw = useCache ? sw : pixelW, ch = useCache ? sh : pixelH

        let moving = !d.contentTransform.isIdentity
        let exact = useCache && axisAligned && m.xx > 0 && m.yy > 0 && !moving
        let fx = Double(cw) / imageW, fy = Double(ch) / imageH
        // user (points) → cached pixels: (u − dest.origin)·(src/dest)·(cached/image) + src.origin·(cached/image)
        var pm = cairo_matrix_t()
        let sx = src.width / d.destination.width * fx, sy = src.height / d.destination.height * fy
        cairo_matrix_init(&pm, sx, 0, 0, sy, src.x * fx - d.destination.x * sx, src.y * fy - d.destination.y * sy)
        var clipRect = d.destination
        if exact {
            // Draw in device space so the cached copy lands 1:1: the scale, off by rounding the
            // cached size to whole pixels, snaps to exactly 1, and a translation within 1/32 px
            // of a whole pixel snaps to it. pixman then copies instead of resampling.
            let devX = d.destination.x * m.xx + m.x0, devY = d.destination.y * m.yy + m.y0
            let dw = d.destination.width * m.xx, dh = d.destination.height * m.yy
            var kx = src.width * fx / dw, ky = src.height * fy / dh
            if abs(kx - 1) < 2e-3 { kx = 1 }
            if abs(ky - 1) < 2e-3 { ky = 1 }
            func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1.0 / 32 ? v.rounded() : v }
            cairo_matrix_init(&pm, kx, 0, 0, ky, snap(src.x * fx - devX * kx), snap(src.y * fy - devY * ky))
            clipRect = Rect(x: devX, y: devY, width: dw, height: dh)
        }

        if moving, let inverse = d.contentTransform.inverted() {
            // user → (undo the content transform) → cached pixels.
            var tinv = cairo_matrix_t(inverse)
            var combined = cairo_matrix_t()
            cairo_matrix_multiply(&combined, &tinv, &pm)
            pm = combined
            clipRect = d.contentTransform.apply(d.destination)
        }

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

