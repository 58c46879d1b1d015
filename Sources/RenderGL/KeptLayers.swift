import Geometry
import Render

/// Drop-shadow layers kept for the next frames, as Cairo's `LayerRasterCache` keeps them: a
/// layer drawn and blurred once is composited from its two textures for as long as its
/// commands, effect, bounds and place on the pixel grid stay the same (a caption over the
/// moving hero, the spoiler's icon), instead of drawing it and running its six blur passes
/// every frame. Layers drawing photos are not kept (a photo's pixels may still be on their
/// way), nor ones drawn while a text or shadow mask stood in. At most 8, each counted in
/// `ImageMemory`; one no frame drew for 60 frames goes.
final class KeptLayers {
    struct Key: Hashable {
        /// A copy of the layer's own commands.
        let commands: [DrawCommand]
        let effect: LayerEffect
        let bounds: Rect
        /// The user → layer-pixel matrix (the device matrix less the layer's whole-pixel origin).
        let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
        let width: Int, height: Int
    }

    /// A layer as drawn and its blurred silhouette (R8).
    final class Kept {
        let layer: GLFramebuffer
        let mask: GLFramebuffer
        var lastUsed: Int
        init(layer: GLFramebuffer, mask: GLFramebuffer, frame: Int) { self.layer = layer; self.mask = mask; lastUsed = frame }
        var bytes: Int { layer.texture.bytes + mask.texture.bytes }
    }

    static let limit = 8
    private var kept: [Key: Kept] = [:]
    private let memory: ImageMemory

    init(memory: ImageMemory) { self.memory = memory }

    /// The key for the drop-shadow layer opened at `start` and closed at `end`, drawn under
    /// `m` into the device pixels `region`; nil when it is not to be kept.
    static func key(_ list: DisplayList, start: Int, end: Int, effect: LayerEffect, bounds: Rect, m: AffineTransform, region: Rect) -> Key? {
        guard case .dropShadow = effect, end > start else { return nil }
        let inner = Array(list.commands[(start + 1)..<end])
        guard !inner.contains(where: { if case .image = $0 { return true } else { return false } }) else { return nil }
        return Key(commands: inner, effect: effect, bounds: bounds, a: m.a, b: m.b, c: m.c, d: m.d,
                   tx: m.tx - region.minX, ty: m.ty - region.minY, width: Int(region.width), height: Int(region.height))
    }

    func find(_ key: Key, frame: Int) -> Kept? {
        guard let k = kept[key] else { return nil }
        k.lastUsed = frame
        memory.touch(k)
        return k
    }

    func keep(_ layer: GLFramebuffer, mask: GLFramebuffer, for key: Key, frame: Int) {
        if kept.count >= KeptLayers.limit, let oldest = kept.min(by: { $0.value.lastUsed < $1.value.lastUsed }) { drop(oldest.key) }
        let k = Kept(layer: layer, mask: mask, frame: frame)
        kept[key] = k
        memory.add(k, bytes: k.bytes) { [weak self, weak k] in
            guard let self, let k else { return }
            self.memory.remove(k)
            self.kept = self.kept.filter { $0.value !== k }
        }
    }

    /// Lets go of layers no frame drew for `idleFrames` frames.
    func sweep(frame: Int, idleFrames: Int = 60) {
        for (key, k) in kept where frame - k.lastUsed > idleFrames { drop(key) }
    }

    private func drop(_ key: Key) {
        guard let k = kept.removeValue(forKey: key) else { return }
        memory.remove(k)
    }

    var count: Int { kept.count }
    var byteCount: Int { kept.values.reduce(0) { $0 + $1.bytes } }
}
