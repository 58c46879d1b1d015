import CCairo
import Effects
import Geometry

/// Blurred shadow masks (A8), cached per shape size, corner, blur and device scale, so a still
/// or moving shadow costs one mask paint per frame. The masks count against the app's image
/// memory budget (and there are at most 64).
final class ShadowCache {
    struct Key: Hashable { let kind: Int; let w: Int; let h: Int; let radius: Int; let sigma: Int }
    final class Mask: SurfaceOwner {
        let surface: OpaquePointer
        let pad: Int
        init(surface: OpaquePointer, pad: Int) { self.surface = surface; self.pad = pad }
        deinit { cairo_surface_destroy(surface) }
    }
    private let masks: SurfaceCache<Key, Mask>

    init(memory: ImageMemory) { masks = SurfaceCache(limit: 64, memory: memory) }

    /// Bytes of the masks held now.
    var byteCount: Int { masks.byteCount }

    /// The mask for `shape` (its size only; position is applied when drawing) at `ds` device
    /// pixels per point with a blur of σ = `sigma` device pixels.
    func mask(for shape: Shape, ds: Double, sigma: Double, threads: Int = 1) -> Mask {
        let b = shape.bounds
        let w = max(Int((b.width * ds).rounded()), 1), h = max(Int((b.height * ds).rounded()), 1)
        var kind = 0, radius = 0
        switch shape {
        case .rect: kind = 0
        case .ellipse: kind = 1
        case .roundedRect(_, let r, let style): kind = style == .circular ? 2 : 3; radius = Int((r * ds * 4).rounded())
        case .path(let elements): kind = 4; radius = elements.hashValue
        }
        let key = Key(kind: kind, w: w, h: h, radius: radius, sigma: Int((sigma * 4).rounded()))
        if let m = masks[key] { return m }
        let pad = Int((sigma * 3).rounded(.up)) + 1
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w + 2 * pad), Int32(h + 2 * pad))!
        let cr = cairo_create(surface)
        let local: Shape
        let r = Rect(x: Double(pad), y: Double(pad), width: Double(w), height: Double(h))
        switch shape {
        case .rect: local = .rect(r)
        case .ellipse: local = .ellipse(r)
        case .roundedRect(_, let rad, let style): local = .roundedRect(r, radius: rad * ds, style: style)
        case .path(let elements):
            // Scale to device pixels about the shape's origin, then move into the padded mask.
            let o = shape.bounds.origin
            func map(_ p: Point) -> Point { Point((p.x - o.x) * ds + Double(pad), (p.y - o.y) * ds + Double(pad)) }
            local = .path(elements.map { e in
                switch e {
                case .move(let p): return .move(map(p))
                case .line(let p): return .line(map(p))
                case .curve(let a, let b, let c): return .curve(map(a), map(b), map(c))
                case .close: return .close
                }
            })
        }
        CairoPath.add(local, to: cr!)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            BoxBlur.blur(data, width: w + 2 * pad, height: h + 2 * pad,
                         stride: Int(cairo_image_surface_get_stride(surface)), sigma: sigma, threads: threads)
        }
        cairo_surface_mark_dirty(surface)
        let m = Mask(surface: surface, pad: pad)
        masks.insert(m, for: key)
        return m
    }
}
