import CCairo
import Effects
import Foundation
import Geometry

/// Draws display lists with Cairo (pixman SIMD) into premultiplied ARGB32 pixels.
/// Layers with pixelate and projection effects are composited by hand (DESIGN §3).
public final class CairoRenderer: Renderer {
    /// Scaled colour and gray copies of photos.
    public let images: ImageCache
    let shadows: ShadowCache
    let gradients: GradientCache

    /// A renderer whose scaled photo copies count against `memory` (the app's one budget,
    /// shared with the loader). With `scalesInBackground` (windows, bench) a photo's copy at a
    /// new size is made off the main thread and `wake` is called when it lands; headless
    /// renders scale at once so their pixels are repeatable.
    public init(memory: ImageMemory = ImageMemory(), scalesInBackground: Bool = false, wake: (@Sendable () -> Void)? = nil) {
        images = ImageCache(memory: memory)
        shadows = ShadowCache(memory: memory)
        gradients = GradientCache(memory: memory)
        images.scalesInBackground = scalesInBackground
        images.wake = wake
    }

    public var hasArrivals: Bool { images.hasArrivals }

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
        var layers: [CairoLayer] = []
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
            case .text(let layout, let origin, let paint):
                cairo_save(cr)
                cairo_translate(cr, origin.x, origin.y)
                cairo_move_to(cr, 0, 0)
                setPaint(cr, paint)
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
}
