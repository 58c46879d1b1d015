import Render

/// Textures of pictures the CPU made (photos' copies, shadow masks): one per picture, found by
/// the picture's identity and held while it lives. A texture counts in the app's `ImageMemory`
/// like the CPU copy it mirrors: by a holding of its own, or, for a photo's copy whose CPU
/// pixels were let go once uploaded (`ImageCache.Entry.handOver`), by the copy's holding,
/// which the texture then stands for. When the budget evicts one, it is deleted at the next
/// frame (GL calls stay on the drawing thread).
final class TextureCache {
    private struct Held { weak var owner: AnyObject?; let texture: GLTexture; let token: Token? }
    /// What `ImageMemory` holds for a texture: its eviction only marks it.
    final class Token {}
    private var held: [ObjectIdentifier: Held] = [:]
    /// What the budget evicted (on the drawing thread too: `ImageMemory` is used there only).
    private final class Evicted { var ids: [ObjectIdentifier] = [] }
    private let evicted = Evicted()
    private let memory: ImageMemory
    private(set) var uploads = 0

    init(memory: ImageMemory) { self.memory = memory }

    /// The texture of `owner`, made by `make` the first time (nil: nothing to make it from).
    /// `counted` false: the owner's own holding in the budget counts it (a handed-over copy),
    /// and it lives as long as the owner does, however long no frame draws it.
    func texture(for owner: AnyObject, frame: Int, counted: Bool = true, make: () -> GLTexture?) -> GLTexture? {
        let id = ObjectIdentifier(owner)
        if let h = held[id], h.owner === owner {
            h.texture.lastUsed = frame
            if let token = h.token { memory.touch(token) }
            return h.texture
        }
        guard let t = make() else { return nil }
        t.lastUsed = frame
        uploads += 1
        let token = counted ? Token() : nil
        held[id] = Held(owner: owner, texture: t, token: token)
        if let token {
            memory.add(token, bytes: t.bytes) { [evicted, weak memory, weak token] in
                evicted.ids.append(id)
                if let token { memory?.remove(token) }
            }
        }
        return t
    }

    /// Deletes the textures whose picture went, that the budget evicted, or that no frame drew
    /// for `idleFrames` frames.
    func sweep(frame: Int, idleFrames: Int = 120) {
        let gone = evicted.ids
        evicted.ids.removeAll()
        for id in gone { drop(id) }
        for (id, h) in held where h.owner == nil || (h.token != nil && frame - h.texture.lastUsed > idleFrames) { drop(id) }
    }

    private func drop(_ id: ObjectIdentifier) {
        guard let h = held.removeValue(forKey: id) else { return }
        if let token = h.token { memory.remove(token) }
    }

    /// Bytes of the textures held (those counted by a copy's holding too).
    var byteCount: Int { held.values.reduce(0) { $0 + $1.texture.bytes } }
    var count: Int { held.count }
}
