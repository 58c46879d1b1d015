import Geometry

/// The damage of the last frames a window showed, for redrawing only what a reused back buffer
/// lacks. A back buffer of age *n* (`EGL_EXT_buffer_age`, `GLX_EXT_buffer_age`) holds the
/// frame shown *n* frames ago: it lacks what the *n* − 1 frames since changed, besides what
/// the frame being drawn changes. Age 0 means its contents are unknown (a new buffer); an age
/// older than the ring remembers is treated the same. Rectangles are in the frame's pixels.
package struct DamageRing {
    /// Frames remembered (a quadruple-buffered swap chain needs three).
    public let capacity: Int
    /// Newest last.
    private var recent: [Rect] = []

    /// A ring remembering the damage of the last `capacity` frames (1 at least).
    public init(capacity: Int = 4) { self.capacity = max(capacity, 1) }

    /// A frame was shown whose damage was `rect`.
    public mutating func add(_ rect: Rect) {
        recent.append(rect)
        if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
    }

    /// Forgets every frame (the window's size changed: no old buffer is of use).
    public mutating func reset() { recent.removeAll() }

    /// What a back buffer of `age` lacks besides the coming frame's own damage: empty for age 1
    /// (it holds the last frame), the union of the last `age` − 1 frames' damage, or nil when
    /// the whole buffer must be drawn (age 0 or unknown, or older than the ring).
    public func stale(age: Int) -> Rect? {
        guard age >= 1, age - 1 <= recent.count else { return nil }
        return recent.suffix(age - 1).reduce(Rect.zero) { $0.union($1) }
    }
}
