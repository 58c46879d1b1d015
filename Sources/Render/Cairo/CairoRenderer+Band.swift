import CCairo
import FoundationEssentials
import Geometry

/// One band: the display list replayed into a Cairo context of its own, clipped to its rows.
extension CairoRenderer {
    /// Draws `list` into `target` within `clip` (device pixels; nil: everywhere), which is
    /// first cleared to `background`. Safe to run on several threads at once with disjoint clips.
    /// Returns what its photo draws used, for `ImageCache.endFrame`.
    func drawBand(_ list: DisplayList, into target: RenderTarget, scale: Double, clip: Rect?, background: Color) -> [ImageUse] {
        // A surface of its own over the shared pixels: bands share no Cairo or pixman state.
        let surface = cairo_image_surface_create_for_data(target.pixels.assumingMemoryBound(to: UInt8.self),
                                                          CAIRO_FORMAT_ARGB32, Int32(target.width), Int32(target.height),
                                                          Int32(target.stride))!
        let root = cairo_create(surface)!
        if let r = clip {
            cairo_rectangle(root, r.x, r.y, r.width, r.height)
            cairo_clip(root)
        }
        cairo_set_operator(root, CAIRO_OPERATOR_SOURCE)
        setColor(root, background)
        cairo_paint(root)
        cairo_set_operator(root, CAIRO_OPERATOR_OVER)
        cairo_scale(root, scale, scale)

        var cr = root
        var layers: [CairoLayer] = []
        var uses: [ImageUse] = []
        var index = 0
        while index < list.commands.count {
            let command = list.commands[index]
            index += 1
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
                    setPaint(cr, paint, anchor: shape.bounds.center)
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
                setPaint(cr, paint, anchor: shape.bounds.center)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .image(let draw) where draw.image.isLive:
                drawLiveFrame(draw, cr)
            case .image(let draw):
                drawImage(draw, cr, uses: &uses)
            case .text(let layout, let origin, let paint):
                cairo_save(cr)
                cairo_translate(cr, origin.x, origin.y)
                cairo_move_to(cr, 0, 0)
                setPaint(cr, paint, anchor: Point(layout.size.width / 2, layout.size.height / 2))
                layout.show(in: cr)
                cairo_new_path(cr)
                cairo_restore(cr)
            case .shadow(let shape, let color, let blur, let offset):
                drawShadow(shape, color: color, blur: blur, offset: offset, cr)
            case .pushClip(let shape):
                cairo_save(cr)
                CairoPath.add(shape, to: cr)
                cairo_clip(cr)
            case .pushTransform(let t):
                cairo_save(cr)
                var m = cairo_matrix_t(t)
                cairo_transform(cr, &m)
            case .popClip, .popTransform:
                cairo_restore(cr)
            case .pushLayer(let effect, let bounds):
                let start = index - 1
                // Only a drop-shadow layer can be kept: its end is looked for, no other's.
                let end: Int? = if case .dropShadow = effect { list.matchingPop(from: start) } else { nil }
                if case .dropShadow(let color, let radius, let offset) = effect, let end,
                   drawKeptShadowLayer(list, start: start, end: end, color: color, radius: radius, offset: offset, bounds: bounds, cr) {
                    index = end + 1
                    break
                }
                var layer = openLayer(effect, bounds: bounds, cr)
                if case .shadow = layer.kind, let end {
                    layer.rasterKey = LayerRasterCache.key(list, start: start, end: end, effect: effect, bounds: layer.bounds,
                                                           layerMatrix: CairoMatrix.current(layer.cr))
                }
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
        return uses
    }
}
