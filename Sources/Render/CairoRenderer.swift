import CCairo
import Effects
import Foundation
import Geometry

/// Draws display lists with Cairo (pixman SIMD) into premultiplied ARGB32 pixels.
/// Layers with pixelate and projection effects are composited by hand (DESIGN §3).
public final class CairoRenderer: Renderer {
    /// Scaled colour and gray copies of photos.
    public let images: ImageCache
    let shadows = ShadowCache()
    let gradients = GradientCache()

    /// A renderer whose photo copies take at most `imageCacheBytes`. With `scalesInBackground`
    /// (windows, bench) a photo's copy at a new size is made off the main thread and `wake` is
    /// called when it lands; headless renders scale at once so their pixels are repeatable.
    public init(imageCacheBytes: Int = 256 << 20, scalesInBackground: Bool = false, wake: (@Sendable () -> Void)? = nil) {
        images = ImageCache(byteLimit: imageCacheBytes)
        images.scalesInBackground = scalesInBackground
        images.wake = wake
    }

    public var hasArrivals: Bool { images.hasArrivals }

    /// An open layer: where its commands go and how it comes back.
    private struct Layer {
        enum Kind { case passthrough, group(Double), pixelate(Double), projection(Projection), shadow(Color, Double, Point), hidden }
        let kind: Kind
        let parent: OpaquePointer
        let cr: OpaquePointer
        let surface: OpaquePointer?
        /// Device-pixel origin of the layer's surface in the parent's device space.
        let ox: Int, oy: Int
        /// The layer's user → parent-device matrix when it was opened.
        let matrix: cairo_matrix_t
        /// The layer's extent in its user space (points).
        var bounds: Rect = .zero
    }

    public func render(_ list: DisplayList, into target: RenderTarget, scale: Double, damage: Rect?, background: Color) {
        guard target.width > 0, target.height > 0 else { return }
        images.takeArrivals()
        let surface = cairo_image_surface_create_for_data(target.pixels.assumingMemoryBound(to: UInt8.self),
                                                          CAIRO_FORMAT_ARGB32, Int32(target.width), Int32(target.height),
                                                          Int32(target.stride))!
        let root = cairo_create(surface)!
        if let d = damage {
            let r = Rect(x: d.x * scale, y: d.y * scale, width: d.width * scale, height: d.height * scale).integral()
            cairo_rectangle(root, r.x, r.y, r.width, r.height)
            cairo_clip(root)
        }
        cairo_set_operator(root, CAIRO_OPERATOR_SOURCE)
        setColor(root, background)
        cairo_paint(root)
        cairo_set_operator(root, CAIRO_OPERATOR_OVER)
        cairo_scale(root, scale, scale)

        var cr = root
        var layers: [Layer] = []
        for command in list.commands {
            switch command {
            case .fill(let shape, let paint, let opacity):
                guard opacity > 0 else { break }
                CairoPath.add(shape, to: cr)
                if case .color(let c) = paint {
                    setColor(cr, c.opacity(opacity))
                    cairo_fill(cr)
                    break
                }
                if case .linearGradient(let g) = paint, let cached = cachedGradient(g, bounds: shape.bounds, cr) {
                    cairo_set_source(cr, cached)
                    cairo_pattern_destroy(cached)
                } else {
                    setPaint(cr, paint)
                }
                if opacity < 1 {
                    cairo_save(cr)
                    cairo_clip(cr)
                    cairo_paint_with_alpha(cr, opacity)
                    cairo_restore(cr)
                } else {
                    cairo_fill(cr)
                }
            case .stroke(let shape, let paint, let width):
                CairoPath.add(shape, to: cr)
                setPaint(cr, paint)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .image(let draw):
                drawImage(draw, cr)
            case .text(let layout, let origin, let color):
                cairo_move_to(cr, origin.x, origin.y)
                setColor(cr, color)
                layout.show(in: cr)
                cairo_new_path(cr)
            case .shadow(let shape, let color, let blur, let offset):
                drawShadow(shape, color: color, blur: blur, offset: offset, cr)
            case .pushClip(let shape):
                cairo_save(cr)
                CairoPath.add(shape, to: cr)
                cairo_clip(cr)
            case .pushTransform(let t):
                cairo_save(cr)
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_transform(cr, &m)
            case .popClip, .popTransform:
                cairo_restore(cr)
            case .pushLayer(let effect, let bounds):
                let layer = openLayer(effect, bounds: bounds, cr)
                layers.append(layer)
                cr = layer.cr
            case .popLayer:
                guard let layer = layers.popLast() else { break }
                closeLayer(layer)
                cr = layer.parent
            }
        }
        // An unbalanced list leaves layers open: close them so nothing leaks.
        while let layer = layers.popLast() { closeLayer(layer) }
        cairo_destroy(root)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    // MARK: - Paint

    private func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private func setPaint(_ cr: OpaquePointer, _ paint: Paint) {
        switch paint {
        case .color(let c): setColor(cr, c)
        case .linearGradient(let g):
            let p = cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y)
            for s in g.stops {
                cairo_pattern_add_color_stop_rgba(p, s.offset, s.color.red, s.color.green, s.color.blue, s.color.alpha)
            }
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, p)
            cairo_pattern_destroy(p)
        }
    }

    /// A cached raster of a large gradient under an axis-aligned transform.
    private func cachedGradient(_ g: LinearGradient, bounds: Rect, _ cr: OpaquePointer) -> OpaquePointer? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard abs(m.yx) < 1e-9, abs(m.xy) < 1e-9, m.xx > 0, m.yy > 0 else { return nil }
        return gradients.pattern(g, bounds: bounds, sx: m.xx, sy: m.yy)
    }

    // MARK: - Images

    private func drawImage(_ d: ImageDraw, _ cr: OpaquePointer) {
        guard let pixels = d.image.pixels, d.opacity > 0, d.destination.width > 0, d.destination.height > 0 else { return }
        let imageW = Double(pixels.width), imageH = Double(pixels.height)
        let src = d.source ?? Rect(x: 0, y: 0, width: imageW, height: imageH)
        guard src.width > 0, src.height > 0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let saturation = min(max(d.saturation.isFinite ? d.saturation : 1, 0), 1)

        // Device pixels per image pixel along each axis.
        let axisAligned = abs(m.yx) < 1e-9 && abs(m.xy) < 1e-9
        let kx = d.destination.width * (axisAligned ? abs(m.xx) : (m.xx * m.xx + m.yx * m.yx).squareRoot()) / src.width
        let ky = d.destination.height * (axisAligned ? abs(m.yy) : (m.xy * m.xy + m.yy * m.yy).squareRoot()) / src.height
        let extra = max(d.cacheScale.isFinite ? d.cacheScale : 1, 1)
        let sw = max(Int((imageW * kx * extra).rounded()), 1), sh = max(Int((imageH * ky * extra).rounded()), 1)
        // Scaled copies for sizes up to the source's own (beyond that, draw the source filtered).
        let useCache = sw <= pixels.width && sh <= pixels.height
        let cw = useCache ? sw : pixels.width, ch = useCache ? sh : pixels.height

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
            var tinv = cairo_matrix_t(xx: inverse.a, yx: inverse.b, xy: inverse.c, yy: inverse.d, x0: inverse.tx, y0: inverse.ty)
            var combined = cairo_matrix_t()
            cairo_matrix_multiply(&combined, &tinv, &pm)
            pm = combined
            clipRect = d.contentTransform.apply(d.destination)
        }

        func layer(gray: Bool) -> OpaquePointer {
            let (e, ready) = images.drawable(d.image, pixels: pixels, width: cw, height: ch, gray: gray)
            let p = cairo_pattern_create_for_surface(e.surface)!
            if ready {
                cairo_pattern_set_matrix(p, &pm)
            } else {
                // A stand-in of another size: the same mapping, rescaled to its pixels.
                var s = cairo_matrix_t(), combined = cairo_matrix_t()
                cairo_matrix_init_scale(&s, Double(e.buffer.width) / Double(cw), Double(e.buffer.height) / Double(ch))
                cairo_matrix_multiply(&combined, &pm, &s)
                cairo_pattern_set_matrix(p, &combined)
            }
            // A copy shown through a moving transform is filtered bilinearly: its scale is
            // within cacheScale of 1, and GOOD would re-sample the whole picture every frame.
            // So is a stand-in, which shows for a frame or two.
            cairo_pattern_set_filter(p, d.filter == .nearest ? CAIRO_FILTER_NEAREST
                                        : (exact || moving || !ready ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD))
            cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
            return p
        }

        cairo_save(cr)
        if exact { cairo_identity_matrix(cr) }
        let r = clipRect
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_clip(cr)
        let needsGroup = d.opacity < 1 && saturation > 0 && saturation < 1
        if needsGroup { cairo_push_group(cr) }
        let baseAlpha = needsGroup ? 1 : d.opacity
        if saturation < 1 {
            let g = layer(gray: true)
            cairo_set_source(cr, g)
            cairo_paint_with_alpha(cr, baseAlpha)
            cairo_pattern_destroy(g)
        }
        if saturation > 0 {
            let c = layer(gray: false)
            cairo_set_source(cr, c)
            cairo_paint_with_alpha(cr, baseAlpha * saturation)
            cairo_pattern_destroy(c)
        }
        if needsGroup {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, d.opacity)
        }
        cairo_restore(cr)
    }

    // MARK: - Shadows

    private func drawShadow(_ shape: Shape, color: Color, blur: Double, offset: Point, _ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ds = max(abs(m.xx * m.yy - m.yx * m.xy).squareRoot(), 1e-6)
        let sigma = max(blur, 0) / 2 * ds
        let mask = shadows.mask(for: shape, ds: ds, sigma: sigma)
        let b = shape.bounds
        cairo_save(cr)
        cairo_translate(cr, b.x + offset.x, b.y + offset.y)
        cairo_scale(cr, 1 / ds, 1 / ds)
        setColor(cr, color)
        cairo_mask_surface(cr, mask.surface, Double(-mask.pad), Double(-mask.pad))
        cairo_restore(cr)
    }

    // MARK: - Layers

    private func openLayer(_ effect: LayerEffect, bounds: Rect, _ cr: OpaquePointer) -> Layer {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        func passthrough(_ kind: Layer.Kind = .passthrough) -> Layer {
            cairo_save(cr)
            return Layer(kind: kind, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
        }
        switch effect {
        case .opacity(let a):
            if a >= 1 { return passthrough() }
            // The group surface covers the clip's extents: clip to the layer first, so a faded
            // card costs its own size, not the window's.
            cairo_save(cr)
            cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
            cairo_clip(cr)
            cairo_push_group(cr)
            if !(a > 0) {
                // Invisible: draw into a throwaway group and drop it.
                return Layer(kind: .hidden, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
            }
            return Layer(kind: .group(a), parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
        case .pixelate(let size):
            if !(size > 1) { return passthrough() }
            return offscreen(.pixelate(size), bounds: bounds, m, cr)
        case .projection(let p):
            if p.isIdentity { return passthrough() }
            return offscreen(.projection(p), bounds: bounds, m, cr)
        case .dropShadow(let color, let radius, let offset):
            // Room for the blur around the layer.
            let pad = max(radius, 0) * 1.5 + 2
            return offscreen(.shadow(color, radius, offset), bounds: bounds.insetBy(dx: -pad, dy: -pad), m, cr)
        }
    }

    /// The current clip's extents in device pixels.
    private func deviceClip(_ cr: OpaquePointer) -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let t = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        return t.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Where a layer lands in device pixels (through its projection, if any).
    private func deviceBounds(_ kind: Layer.Kind, bounds: Rect, _ m: cairo_matrix_t) -> Rect {
        let t = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        if case .projection(let p) = kind {
            let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                           Point(bounds.minX, bounds.maxY), Point(bounds.maxX, bounds.maxY)].compactMap { p.apply($0) }
            guard corners.count == 4 else { return .zero }
            return t.apply(Rect.bounding(corners))
        }
        return t.apply(bounds)
    }

    /// A surface covering `bounds` in device pixels, drawn with the same device scale. A layer
    /// entirely outside the clip (a card in a lazy list's margin) is not drawn at all.
    private func offscreen(_ kind: Layer.Kind, bounds: Rect, _ m: cairo_matrix_t, _ cr: OpaquePointer) -> Layer {
        var reach = deviceBounds(kind, bounds: bounds, m)
        if case .shadow(_, let radius, let offset) = kind {
            let ds = abs(m.xx * m.yy - m.yx * m.xy).squareRoot()
            reach = reach.union(reach.offsetBy(dx: offset.x * ds, dy: offset.y * ds)).insetBy(dx: -radius * ds, dy: -radius * ds)
        }
        if !reach.intersects(deviceClip(cr)) {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
            return Layer(kind: .passthrough, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
        }
        // The surface covers the bounds' whole device pixels; the layer draws in the parent's
        // own space shifted by a whole number of pixels, so content lands on the same pixel
        // grid as it would without the layer (photos still copy 1:1, nothing is resampled).
        let t = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let device = t.apply(bounds).integral()
        let ox = Int(device.minX), oy = Int(device.minY)
        let w = max(Int(device.width), 1), h = max(Int(device.height), 1)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        let lcr = cairo_create(surface)!
        var lm = m
        lm.x0 -= Double(ox)
        lm.y0 -= Double(oy)
        cairo_set_matrix(lcr, &lm)
        return Layer(kind: kind, parent: cr, cr: lcr, surface: surface, ox: ox, oy: oy, matrix: m, bounds: bounds)
    }

    private func closeLayer(_ layer: Layer) {
        let parent = layer.parent
        switch layer.kind {
        case .passthrough:
            cairo_restore(parent)
        case .hidden:
            cairo_pattern_destroy(cairo_pop_group(parent))
            cairo_restore(parent)
        case .group(let a):
            cairo_pop_group_to_source(parent)
            cairo_paint_with_alpha(parent, a)
            cairo_restore(parent)
        case .pixelate, .projection, .shadow:
            guard let surface = layer.surface else { return }
            cairo_destroy(layer.cr)
            cairo_surface_flush(surface)
            if case .pixelate(let size) = layer.kind { compositePixelated(surface, size: size, layer: layer) }
            if case .projection(let p) = layer.kind { compositeProjected(surface, projection: p, layer: layer) }
            if case .shadow(let color, let radius, let offset) = layer.kind {
                compositeWithShadow(surface, color: color, radius: radius, offset: offset, layer: layer)
            }
            cairo_surface_destroy(surface)
        }
    }

    /// The layer's alpha, blurred, in `color` at `offset`, then the layer itself on top.
    private func compositeWithShadow(_ surface: OpaquePointer, color: Color, radius: Double, offset: Point, layer: Layer) {
        let ds = abs(layer.matrix.xx * layer.matrix.yy - layer.matrix.yx * layer.matrix.xy).squareRoot()
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        let mcr = cairo_create(mask)!
        cairo_set_source_surface(mcr, surface, 0, 0)
        cairo_set_operator(mcr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(mcr)
        cairo_destroy(mcr)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            BoxBlur.blur(data, width: w, height: h, stride: Int(cairo_image_surface_get_stride(mask)), sigma: max(radius, 0) / 2 * ds)
        }
        cairo_surface_mark_dirty(mask)
        let parent = layer.parent
        cairo_save(parent)
        cairo_identity_matrix(parent)
        setColor(parent, color)
        cairo_mask_surface(parent, mask, Double(layer.ox) + offset.x * ds, Double(layer.oy) + offset.y * ds)
        cairo_set_source_surface(parent, surface, Double(layer.ox), Double(layer.oy))
        cairo_paint(parent)
        cairo_restore(parent)
        cairo_surface_destroy(mask)
    }

    /// Each block of `size` points takes the colour at its centre (clamped inside the layer):
    /// a NEAREST downsample at 1/size, then a NEAREST upsample (DESIGN §3, seed 001).
    private func compositePixelated(_ surface: OpaquePointer, size: Double, layer: Layer) {
        let ds = abs(layer.matrix.xx * layer.matrix.yy - layer.matrix.yx * layer.matrix.xy).squareRoot()
        let block = size * ds
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let bw = max(Int((Double(w) / block).rounded(.up)), 1), bh = max(Int((Double(h) / block).rounded(.up)), 1)
        let small = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bw), Int32(bh))!
        let scr = cairo_create(small)!
        let down = cairo_pattern_create_for_surface(surface)!
        // pixman's NEAREST picks the lower pixel on an exact boundary (floor(x − ε)); nudging
        // samples by 1/256 px makes it floor(x), the seed's rule, for centres and block edges.
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

    /// Composites the layer through `projection` (in the layer's points), resampled bilinearly
    /// (`ProjectiveSampler`, pixman's sampling rule) into a scratch surface covering the visible
    /// part of the projected quad, then paints that into the parent, clipped to the quad, so
    /// the parent's clip applies and the quad's edges are antialiased.
    private func compositeProjected(_ surface: OpaquePointer, projection: Projection, layer: Layer) {
        let m = layer.matrix
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        // layer pixel → parent device pixel (+ the layer's origin) → user point → projected
        // point → parent device.
        let parentM = Projection([m.xx, m.xy, m.x0, m.yx, m.yy, m.y0, 0, 0, 1])
        guard let toUser = parentM.inverted() else { return }
        let pixelToDevice = Projection([1, 0, Double(layer.ox), 0, 1, Double(layer.oy), 0, 0, 1])
        let q = pixelToDevice.concatenating(toUser).concatenating(projection).concatenating(parentM)
        let corners = [Point(0, 0), Point(Double(w), 0), Point(0, Double(h)), Point(Double(w), Double(h))].compactMap { q.apply($0) }
        guard corners.count == 4, let inverse = q.inverted() else { return }
        // Only what the clip lets through needs resampling.
        let bbox = Rect.bounding(corners).integral().intersection(deviceClip(layer.parent).integral())
        guard !bbox.isEmpty else { return }
        let bx = bbox.x, by = bbox.y
        let tw = Int(bbox.width), th = Int(bbox.height)
        guard tw > 0, th > 0, tw < 1 << 14, th < 1 << 14 else { return }
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(tw), Int32(th))!
        cairo_surface_flush(scratch)
        // scratch pixel → parent device (+ bbox origin) → layer pixel.
        let t = Projection([1, 0, bx, 0, 1, by, 0, 0, 1]).concatenating(inverse)
        guard let srcBits = cairo_image_surface_get_data(surface), let dstBits = cairo_image_surface_get_data(scratch) else { return }
        let srcStride = Int(cairo_image_surface_get_stride(surface)) / 4
        let dstStride = Int(cairo_image_surface_get_stride(scratch)) / 4
        // Each scratch row's span across the projected quad (a pixel wider for the filter).
        let edges = [corners[0], corners[1], corners[3], corners[2]]
        let spans: [Range<Int>?] = (0..<th).map { row in
            let yc = by + Double(row) + 0.5
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<4 {
                let a = edges[k], b = edges[(k + 1) % 4]
                guard min(a.y, b.y) <= yc, max(a.y, b.y) >= yc else { continue }
                if abs(b.y - a.y) < 1e-9 { lo = min(lo, a.x, b.x); hi = max(hi, a.x, b.x); continue }
                let x = a.x + (yc - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x); hi = max(hi, x)
            }
            guard lo <= hi else { return nil }
            let xa = max(Int((lo - bx).rounded(.down)) - 1, 0), xb = min(Int((hi - bx).rounded(.up)) + 1, tw)
            return xa < xb ? xa..<xb : nil
        }
        nonisolated(unsafe) let src = UnsafeRawPointer(srcBits).assumingMemoryBound(to: UInt32.self)
        nonisolated(unsafe) let dst = UnsafeMutableRawPointer(dstBits).assumingMemoryBound(to: UInt32.self)
        // Split the rows over the cores.
        let bands = th >= 64 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            ProjectiveSampler.sample(source: src, width: w, height: h, stride: srcStride, into: dst, width: tw, stride: dstStride,
                                     inverse: t.m, rows: (th * band / bands)..<(th * (band + 1) / bands)) { spans[$0] }
        }
        cairo_surface_mark_dirty(scratch)

        // Only the projected quad: outside it pixman's inverse mapping can land back inside
        // the source (where w changes sign), so clip to the quad's outline.
        let parent = layer.parent
        cairo_save(parent)
        cairo_identity_matrix(parent)
        let quad = [corners[0], corners[1], corners[3], corners[2]]
        cairo_move_to(parent, quad[0].x, quad[0].y)
        for p in quad.dropFirst() { cairo_line_to(parent, p.x, p.y) }
        cairo_close_path(parent)
        cairo_clip(parent)
        cairo_set_source_surface(parent, scratch, bx, by)
        cairo_paint(parent)
        cairo_restore(parent)
        cairo_surface_destroy(scratch)
    }
}
