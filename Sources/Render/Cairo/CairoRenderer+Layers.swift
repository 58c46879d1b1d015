import CCairo
import FoundationEssentials
import Geometry

/// An open layer: where its commands go and how it comes back.
struct CairoLayer {
    enum Kind { case passthrough, group(Double), pixelate(Double), projection(Projection), shadow(Color, Double, Point), hidden }
    let kind: Kind
    let parent: OpaquePointer
    let cr: OpaquePointer
    let surface: OpaquePointer?
    /// The pooled pixel memory under `surface`, given back when the layer closes.
    var memory: UnsafeMutableRawPointer? = nil
    /// Device-pixel origin of the layer's surface in the parent's device space.
    let ox: Int, oy: Int
    /// The layer's user → parent-device matrix when it was opened.
    let matrix: cairo_matrix_t
    /// The layer's extent in its user space (points).
    var bounds: Rect = .zero
    /// Where the drawn layer is kept for the next frames, if it is kept.
    var rasterKey: LayerRasterCache.Key?
}

/// Layers: group opacity, and offscreen surfaces that pixelate, projection and content shadows composite.
extension CairoRenderer {
    func openLayer(_ effect: LayerEffect, bounds: Rect, _ cr: OpaquePointer) -> CairoLayer {
        let m = CairoMatrix.current(cr)
        func passthrough(_ kind: CairoLayer.Kind = .passthrough) -> CairoLayer {
            cairo_save(cr)
            return CairoLayer(kind: kind, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
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
                return CairoLayer(kind: .hidden, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
            }
            return CairoLayer(kind: .group(a), parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
        case .pixelate(let size):
            if !(size > 1) { return passthrough() }
            return offscreen(.pixelate(size), bounds: bounds, m, cr)
        case .projection(let p):
            if p.isIdentity { return passthrough() }
            return offscreen(.projection(p), bounds: bounds, m, cr)
        case .dropShadow(let color, let radius, let offset):
            return offscreen(.shadow(color, radius, offset), bounds: CairoRenderer.shadowLayerBounds(bounds, radius: radius), m, cr)
        }
    }

    /// A drop-shadow layer's extent: room for the blur around it.
    static func shadowLayerBounds(_ bounds: Rect, radius: Double) -> Rect {
        let pad = max(radius, 0) * 1.5 + 2
        return bounds.insetBy(dx: -pad, dy: -pad)
    }

    /// Where an offscreen layer covering `bounds` lies: its surface's whole-pixel origin and
    /// size in device pixels, and the user → surface matrix (the device matrix shifted by that
    /// origin, so content lands on the same pixel grid as without the layer).
    static func layerPlacement(_ bounds: Rect, _ m: cairo_matrix_t) -> (ox: Int, oy: Int, w: Int, h: Int, matrix: cairo_matrix_t) {
        let device = m.affine.apply(bounds).integral()
        let ox = Int(device.minX), oy = Int(device.minY)
        var lm = m
        lm.x0 -= Double(ox)
        lm.y0 -= Double(oy)
        return (ox, oy, max(Int(device.width), 1), max(Int(device.height), 1), lm)
    }

    /// The current clip's extents in device pixels.
    func deviceClip(_ cr: OpaquePointer) -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let m = CairoMatrix.current(cr)
        let t = m.affine
        return t.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Where a layer lands in device pixels (through its projection, if any).
    func deviceBounds(_ kind: CairoLayer.Kind, bounds: Rect, _ m: cairo_matrix_t) -> Rect {
        let t = m.affine
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
    func offscreen(_ kind: CairoLayer.Kind, bounds: Rect, _ m: cairo_matrix_t, _ cr: OpaquePointer) -> CairoLayer {
        var reach = deviceBounds(kind, bounds: bounds, m)
        if case .shadow(_, let radius, let offset) = kind {
            let ds = m.deviceScale
            reach = reach.union(reach.offsetBy(dx: offset.x * ds, dy: offset.y * ds)).insetBy(dx: -radius * ds, dy: -radius * ds)
        }
        if !reach.intersects(deviceClip(cr)) {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
            return CairoLayer(kind: .passthrough, parent: cr, cr: cr, surface: nil, ox: 0, oy: 0, matrix: m)
        }
        // The surface covers the bounds' whole device pixels; the layer draws in the parent's
        // own space shifted by a whole number of pixels, so content lands on the same pixel
        // grid as it would without the layer (photos still copy 1:1, nothing is resampled).
        var (ox, oy, w, h, lm) = CairoRenderer.layerPlacement(bounds, m)
        let device = Rect(x: Double(ox), y: Double(oy), width: Double(w), height: Double(h))
        var needed = device
        if case .projection(let p) = kind, let part = projectionSource(p, bounds: bounds, m, visible: reach.intersection(deviceClip(cr))) {
            needed = part
        }
        let (surface, memory) = scratchSurface(width: w, height: h, clearingRows: Int(needed.minY) - oy..<Int(needed.maxY) - oy)
        let lcr = cairo_create(surface)!
        cairo_set_matrix(lcr, &lm)
        if needed != device {
            // Draw only what the visible part samples (a band of the frame needs a band of the
            // card); the rest of the surface is neither cleared nor drawn.
            cairo_save(lcr)
            cairo_identity_matrix(lcr)
            cairo_rectangle(lcr, needed.x - Double(ox), needed.y - Double(oy), needed.width, needed.height)
            cairo_restore(lcr)
            cairo_clip(lcr)
        }
        var layer = CairoLayer(kind: kind, parent: cr, cr: lcr, surface: surface, ox: ox, oy: oy, matrix: m, bounds: bounds)
        layer.memory = memory
        return layer
    }

    /// A w×h ARGB32 surface over pooled memory whose rows `rows` are cleared (transparent),
    /// and that memory, to give back to `scratch` when the surface is destroyed.
    func scratchSurface(width w: Int, height h: Int, clearingRows rows: Range<Int>) -> (OpaquePointer, UnsafeMutableRawPointer) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        let memory = scratch.take(bytes: stride * h)
        let clear = rows.clamped(to: 0..<h)
        if !clear.isEmpty { memset(memory + clear.lowerBound * stride, 0, clear.count * stride) }
        let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(w), Int32(h), Int32(stride))!
        return (surface, memory)
    }

    /// The device pixels of a projection layer (before projecting) that the `visible` part of
    /// its projected quad samples, with a margin for the bilinear filter; nil when that cannot
    /// be bounded (a corner behind the viewer).
    func projectionSource(_ p: Projection, bounds: Rect, _ m: cairo_matrix_t, visible: Rect) -> Rect? {
        let parentM = Projection([m.xx, m.xy, m.x0, m.yx, m.yy, m.y0, 0, 0, 1])
        guard !visible.isEmpty, let toUser = parentM.inverted(),
              let back = toUser.concatenating(p).concatenating(parentM).inverted() else { return nil }
        let corners = [Point(visible.minX, visible.minY), Point(visible.maxX, visible.minY),
                       Point(visible.minX, visible.maxY), Point(visible.maxX, visible.maxY)].compactMap { back.apply($0) }
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let device = m.affine.apply(bounds).integral()
        return Rect.bounding(corners).insetBy(dx: -2, dy: -2).integral().intersection(device)
    }

    func closeLayer(_ layer: CairoLayer) {
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
            if let memory = layer.memory { scratch.give(memory) }
        }
    }
}
