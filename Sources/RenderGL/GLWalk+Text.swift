import CCairo
import CGLES
import Geometry
import Render

/// Text (Pango masks) and shadows of shapes (`ShadowCache`'s blurred masks), tinted on the GPU.
extension GLWalk {
    func text(_ layout: TextLayout, origin: Point, paint: Paint) {
        guard let (mask, wx, wy) = renderer.textMasks.mask(layout, origin: origin, m, frame: renderer.frame) else { return }
        let x = wx + mask.offsetX, y = wy + mask.offsetY
        let rect = Rect(x: Double(x), y: Double(y), width: Double(mask.texture.width), height: Double(mask.texture.height))
        // The paint in the layout's own space (a gradient across the text).
        let tint: QuadPaintTint
        switch paint {
        case .color(let c): tint = .color(c)
        case .linearGradient(let g): tint = .gradient(g, toDevice: AffineTransform.translation(origin.x, origin.y).concatenating(m))
        }
        drawQuad(rect, cover: .full, paint: .mask(mask.texture, toTexel: .offset(Double(x), Double(y)), tint: tint), opacity: 1)
    }

    /// A shape's shadow; `hole` (device pixels) is painted over opaquely next and is left out.
    func shadow(_ shape: Shape, color: Color, blur: Double, offset: Point, hole: Rect? = nil) {
        let ds = max(abs(m.determinant).squareRoot(), 1e-6)
        let sigma = max(blur, 0) / 2 * ds
        let mask = renderer.shadows.mask(for: shape, ds: ds, sigma: sigma)
        let surface = mask.surface
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        guard let texture = renderer.textures.texture(for: mask, frame: renderer.frame, make: {
            GLTexture.mask(cairo_image_surface_get_data(surface), width: w, height: h, stride: Int(cairo_image_surface_get_stride(surface)))
        }) else { return }
        // mask pixel → user: the shape's corner plus the offset, at the mask's own scale, less its pad.
        let b = shape.bounds
        let pad = Double(mask.pad)
        let toUser = AffineTransform.translation(-pad, -pad).concatenating(.scale(1 / mask.ds, 1 / mask.ds))
            .concatenating(.translation(b.x + offset.x, b.y + offset.y))
        let toDevice = toUser.concatenating(m)
        guard let inv = toDevice.inverted() else { return }
        let rect = toDevice.apply(Rect(x: 0, y: 0, width: Double(w), height: Double(h))).integral()
        let paint = QuadPaint.mask(texture, toTexel: TexelMap(inv), tint: .color(color))
        for part in GLWalk.around(rect, hole: hole) { drawQuad(part, cover: .full, paint: paint, opacity: 1) }
    }
}

extension GLWalk {
    /// `rect` without `hole` (whole pixels): up to four bands around it.
    static func around(_ rect: Rect, hole: Rect?) -> [Rect] {
        guard let h = hole?.intersection(rect), !h.isEmpty else { return [rect] }
        return [Rect(x: rect.minX, y: rect.minY, width: rect.width, height: h.minY - rect.minY),
                Rect(x: rect.minX, y: h.maxY, width: rect.width, height: rect.maxY - h.maxY),
                Rect(x: rect.minX, y: h.minY, width: h.minX - rect.minX, height: h.height),
                Rect(x: h.maxX, y: h.minY, width: rect.maxX - h.maxX, height: h.height)].filter { !$0.isEmpty }
    }
}
