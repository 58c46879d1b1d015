import CCairo

/// Something that owns a Cairo image surface (and destroys it when it goes).
protocol SurfaceOwner: AnyObject {
    var surface: OpaquePointer { get }
    /// The bytes it holds (its surface's, unless it holds more).
    var byteCount: Int { get }
}

extension SurfaceOwner {
    var byteCount: Int { Int(cairo_image_surface_get_stride(surface) * cairo_image_surface_get_height(surface)) }
}

/// Cairo surfaces cached by key for the renderer's effects (gradient rasters, shadow masks):
/// at most `limit` of them, oldest first out, and every one counted against the app's image
/// memory budget, which may take any of them back when it needs the bytes.
final class SurfaceCache<Key: Hashable, Value: SurfaceOwner> {
    private var values: [Key: Value] = [:]
    private var order: [Key] = []
    private let limit: Int
    private let memory: ImageMemory

    init(limit: Int, memory: ImageMemory) { self.limit = limit; self.memory = memory }

    /// A renderer that goes gives its bytes back to the budget, which outlives it.
    deinit { for v in values.values { memory.remove(v) } }

    /// The value for `key` (counted as used just now), or nil.
    subscript(key: Key) -> Value? {
        guard let v = values[key] else { return nil }
        memory.touch(v)
        return v
    }

    /// Keeps `value` for `key`, letting the oldest go past the limit.
    func insert(_ value: Value, for key: Key) {
        drop(key)
        values[key] = value
        order.append(key)
        if order.count > limit { drop(order[0]) }
        memory.add(value, bytes: value.byteCount) { [weak self] in self?.drop(key) }
    }

    /// How many are held now.
    var count: Int { values.count }

    /// Bytes of the surfaces held now.
    var byteCount: Int {
        values.values.reduce(0) { $0 + $1.byteCount }
    }

    private func drop(_ key: Key) {
        guard let v = values.removeValue(forKey: key) else { return }
        order.removeAll { $0 == key }
        memory.remove(v)
    }
}
