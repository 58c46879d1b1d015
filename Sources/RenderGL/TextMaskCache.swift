import CCairo
import Geometry
import Render

/// Text as alpha masks: each `TextLayout` drawn by Pango/Cairo into an A8 surface under the
/// device transform at its sub-pixel phase (Cairo's image compositor puts glyphs on whole
/// pixels, so a mask at the same phase has the same pixels as Cairo's own text), uploaded once.
/// Keyed by the layout's identity (layouts are immutable), the transform's linear part and the
/// phase in 1/256 px; masks no frame drew for a while are let go. Each counts in `ImageMemory`.
///
/// Text that moves by fractions of a pixel every frame (a scrolled list) would make a mask a
/// frame for each label. In the window (`usesStandIns`) it follows the rest rule of photos and
/// shadows (`FrameRuns`): until a phase has been drawn `ImageCache.restFrames` frames in a row,
/// the layout's last mask made stands in, at the same whole pixel (glyphs within a pixel of their
/// place); at rest the exact mask is made.
final class TextMaskCache {
    /// A transform's linear part, in millionths (a key without an array to allocate and hash).
    struct Linear: Hashable {
        let a: Int64, b: Int64, c: Int64, d: Int64
        init(_ m: AffineTransform) {
            func q(_ v: Double) -> Int64 { Int64((v * 1e6).rounded()) }
            a = q(m.a); b = q(m.b); c = q(m.c); d = q(m.d)
        }
    }
    struct Key: Hashable {
        let layout: ObjectIdentifier
        let linear: Linear
        let phaseX: Int, phaseY: Int
    }
    /// A mask and where its pixel (0, 0) lies from the whole pixel of the text's device origin.
    /// It holds its layout (not weakly: a weak reference would give every layout a side table,
    /// and every retain of it, a frame's many, an atomic detour); a layout that only its mask
    /// holds any more has gone, and the sweep lets both go.
    final class Mask {
        let texture: GLTexture
        let offsetX: Int, offsetY: Int
        var layout: TextLayout
        init(texture: GLTexture, offsetX: Int, offsetY: Int, layout: TextLayout) {
            self.texture = texture; self.offsetX = offsetX; self.offsetY = offsetY; self.layout = layout
        }
    }
    private var masks: [Key: Mask] = [:]
    private let memory: ImageMemory
    private(set) var made = 0
    var usesStandIns = false
    /// Whether a frame drew a stand-in: the next frames decide whether its phase rests.
    private(set) var settling = false
    private var runs = FrameRuns<Key>()
    private struct LayoutKey: Hashable { let layout: ObjectIdentifier; let linear: Linear }
    private struct WeakMask { weak var mask: Mask? }
    private var lastMask: [LayoutKey: WeakMask] = [:]
    private var frame = 0

    func beginFrame(_ frame: Int) {
        self.frame = frame
        settling = false
        if runs.count > 4096 { runs.forget(before: frame - 1) }
        if lastMask.count > 4096 { lastMask = lastMask.filter { $0.value.mask != nil } }
    }

    init(memory: ImageMemory) { self.memory = memory }

    /// The mask of `layout` drawn at `origin` (points) under `m` (user → device).
    func mask(_ layout: TextLayout, origin: Point, _ m: AffineTransform, frame: Int) -> (Mask, deviceX: Int, deviceY: Int)? {
        let o = m.apply(origin)
        let wholeX = o.x.rounded(.down), wholeY = o.y.rounded(.down)
        let phaseX = Int(((o.x - wholeX) * 256).rounded()), phaseY = Int(((o.y - wholeY) * 256).rounded())
        let key = Key(layout: ObjectIdentifier(layout), linear: Linear(m), phaseX: phaseX, phaseY: phaseY)
        if let found = masks[key], found.layout === layout {
            found.texture.lastUsed = frame
            memory.touch(found)
            return (found, Int(wholeX), Int(wholeY))
        }
        // No mask at this phase yet: how long has it been drawn there?
        let inARow = runs.note(key, frame: frame)
        let layoutKey = LayoutKey(layout: key.layout, linear: key.linear)
        if usesStandIns, inARow < ImageCache.restFrames, let standIn = lastMask[layoutKey]?.mask, standIn.layout === layout {
            settling = true
            standIn.texture.lastUsed = frame
            return (standIn, Int(wholeX), Int(wholeY))
        }
        // The ink under the linear part, from the phase: the mask's whole-pixel box.
        let fx = Double(phaseX) / 256, fy = Double(phaseY) / 256
        let linear = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: fx, ty: fy)
        let ink = linear.apply(layout.inkBounds.insetBy(dx: -1, dy: -1)).integral()
        let w = Int(ink.width), h = Int(ink.height)
        guard w > 0, h > 0, w < 1 << 14, h < 1 << 14 else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        let cr = cairo_create(surface)!
        var cm = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: fx - ink.minX, y0: fy - ink.minY)
        cairo_set_matrix(cr, &cm)
        cairo_move_to(cr, 0, 0)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        layout.show(in: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let texture = GLTexture.mask(cairo_image_surface_get_data(surface), width: w, height: h,
                                     stride: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_destroy(surface)
        texture.lastUsed = frame
        let mask = Mask(texture: texture, offsetX: Int(ink.minX), offsetY: Int(ink.minY), layout: layout)
        masks[key] = mask
        lastMask[layoutKey] = WeakMask(mask: mask)
        made += 1
        memory.add(mask, bytes: texture.bytes) { [weak self, weak mask] in
            guard let self, let mask else { return }
            self.memory.remove(mask)
            self.masks = self.masks.filter { $0.value !== mask }
        }
        return (mask, Int(wholeX), Int(wholeY))
    }

    /// Lets go of masks whose layout went (only the mask holds it) or that no frame drew for
    /// `idleFrames` frames (looked for every 16 frames: a list scrolled through holds hundreds).
    func sweep(frame: Int, idleFrames: Int = 60) {
        guard frame % 16 == 0 else { return }
        for (key, mask) in masks where isKnownUniquelyReferenced(&mask.layout) || frame - mask.texture.lastUsed > idleFrames {
            memory.remove(mask)
            masks.removeValue(forKey: key)
        }
    }

    var byteCount: Int { masks.values.reduce(0) { $0 + $1.texture.bytes } }
}
