import Geometry

/// Tells a person moving the mouse from the window system reporting where it already is: SDL
/// sends a motion event, with no button down, when a window appears under a still pointer or
/// gains focus. A kiosk must not take that for a visitor (it would show the cursor and stop
/// the attract loop at start-up). The first hover position is only noted; later hover moves
/// count from `threshold` points away from the last one. Presses, drags and fingers always count.
package struct MouseMotionFilter: Sendable, Equatable {
    /// Points a hovering mouse must move to count (jitter below it does not).
    public var threshold: Double
    private var last: Point?

    /// A filter that lets through a motion of `threshold` points or more.
    public init(threshold: Double = 2) { self.threshold = threshold }

    /// Whether `event` is someone using the input devices (notes the hover position).
    public mutating func isPresence(_ event: InputEvent) -> Bool {
        guard case .pointer(let p) = event, p.kind == .mouse, p.phase == .move, !p.isPressed else { return true }
        let previous = last
        last = p.location
        guard let previous else { return false }
        return (p.location - previous).length >= threshold
    }
}
