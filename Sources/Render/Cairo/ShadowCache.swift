import CCairo
import Geometry
import Pixels

/// Blurred shadow masks (A8), cached per shape size, corner, blur and device scale, so a still
/// or moving shadow costs one mask paint per frame. The masks count against the app's image
/// memory budget (and there are at most 64).
///
/// A shadow whose device scale moves (a card scaling in a scroll transition casts it in its own,
/// scaled coordinates) is the same shadow in points, only scaled: until its scale has stayed the
/// same for `restFrames` frames, the last mask made for that shape in points is drawn scaled to
/// fit (a blurred mask scales smoothly), instead of blurring a new one every frame; at rest the
/// exact mask is made, as for a photo (`ImageCache`).
package final class ShadowCache {
    struct Key: Hashable { let kind: Int; let w: Int; let h: Int; let radius: Int; let sigma: Int }
    /// A blurred shape's mask, kept for reuse.
    package final class Mask: SurfaceOwner {
        /// An A8 Cairo image surface.
        package let surface: OpaquePointer
        /// Pixels of blur around the shape on each side.
        package let pad: Int
        /// The device pixels per point it was made at.
        package let ds: Double
        init(surface: OpaquePointer, pad: Int, ds: Double) { self.surface = surface; self.pad = pad; self.ds = ds }
        deinit { cairo_surface_destroy(surface) }
    }
    /// Frames a device scale must stay for its exact mask to be made.
    static let restFrames = ImageCache.restFrames
    /// The shape, its corner and blur in points, in 1/16 (what stays when only the scale moves).
    private struct PointKey: Hashable { let kind: Int; let w: Int; let h: Int; let radius: Int; let blur: Int }
    private struct WeakMask { weak var mask: Mask? }
    /// The frames in a row each device key was drawn in.
    private var runs = FrameRuns<Key>()
    /// The last mask made for each shape in points.
    private var standIns: [PointKey: WeakMask] = [:]
    /// What each key drew this frame (every band draws the same).
    private var thisFrame: [Key: Mask] = [:]
    /// Stand-ins are used by windows (`scalesInBackground`); headless renders make every mask exactly.
    package var usesStandIns = false
    private var frame = 0
    /// Whether the frame drew a stand-in mask: one more frame decides whether its scale rests.
    package private(set) var settling = false
    private let masks: SurfaceCache<Key, Mask>
    /// The small masks large rounded rectangles are copied together from (`ShadowNinePatch`),
    /// one per corner, blur and scale: kept apart, so that a scaling card's masks of new
    /// sizes every frame do not push them out.
    private let templates: SurfaceCache<Key, Mask>

    /// An empty cache whose masks count in `memory`.
    package init(memory: ImageMemory) {
        masks = SurfaceCache(limit: 64, memory: memory)
        templates = SurfaceCache(limit: 16, memory: memory)
    }

    /// Bytes of the masks held now.
    var byteCount: Int { masks.byteCount + templates.byteCount }

    /// Masks made so far (blurred or put together), for tests.
    private(set) var made = 0

    /// A frame ended: what it drew is let go.
    package func endFrame() { thisFrame.removeAll(keepingCapacity: true) }

    /// A frame begins (before its bands draw).
    package func beginFrame() {
        frame += 1
        settling = false
        thisFrame.removeAll(keepingCapacity: true)
        if runs.count > 256 { runs.forget(before: frame - 1) }
        if standIns.count > 256 { standIns = standIns.filter { $0.value.mask != nil } }
    }

    /// The mask for `shape` (its size only; position is applied when drawing) at `ds` device
    /// pixels per point with a blur of σ = `sigma` device pixels.
    package func mask(for shape: Shape, ds: Double, sigma: Double, threads: Int = 1) -> Mask {
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
        let pk = PointKey(kind: kind, w: Int((b.width * 16).rounded()), h: Int((b.height * 16).rounded()),
                          radius: kind == 4 ? radius : Int((Double(radius) / 4 / ds * 16).rounded()), blur: Int((sigma / ds * 16).rounded()))
        if let m = thisFrame[key] { return m }
        let inARow = runs.note(key, frame: frame)
        if let m = masks[key] {
            standIns[pk] = WeakMask(mask: m)
            thisFrame[key] = m
            return m
        }
        if usesStandIns, inARow < Self.restFrames, let s = standIns[pk]?.mask {
            settling = true
            thisFrame[key] = s
            return s
        }
        let pad = Int((sigma * 3).rounded(.up)) + 1
        let surface: OpaquePointer
        if let core = ShadowNinePatch.core(shape, ds: ds, sigma: sigma, w: w, h: h), min(w, h) >= ShadowNinePatch.templateSide(core: core) {
            // A large (rounded) rectangle: copied together from one small blurred mask, exactly.
            let side = ShadowNinePatch.templateSide(core: core)
            let tkey = Key(kind: kind, w: -side, h: -side, radius: radius, sigma: key.sigma)
            let template = templates[tkey] ?? {
                let t = Mask(surface: blurred(shape, w: side, h: side, ds: ds, sigma: sigma, pad: pad, threads: threads), pad: pad, ds: ds)
                templates.insert(t, for: tkey)
                return t
            }()
            surface = withExtendedLifetime(template) { ShadowNinePatch.compose(template.surface, core: core, pad: pad, w: w, h: h) }
        } else {
            surface = blurred(shape, w: w, h: h, ds: ds, sigma: sigma, pad: pad, threads: threads)
        }
        let m = Mask(surface: surface, pad: pad, ds: ds)
        made += 1
        masks.insert(m, for: key)
        standIns[pk] = WeakMask(mask: m)
        thisFrame[key] = m
        return m
    }

    /// `shape` at w × h device pixels (its kind and corner), filled in a mask padded by `pad`
    /// on every side and blurred with σ = `sigma`.
    func blurred(_ shape: Shape, w: Int, h: Int, ds: Double, sigma: Double, pad: Int, threads: Int = 1) -> OpaquePointer {
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
        return surface
    }
}
