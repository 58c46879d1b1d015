import Geometry

/// What one frame cost, as the window measured it: milliseconds for layout and the display
/// list, for rendering, and for presenting, and the area redrawn (window points).
package struct FrameSample: Sendable, Equatable {
    /// When the frame was shown, seconds on the host's clock.
    public var time: Double
    /// Milliseconds laying out.
    public var layoutMs: Double
    /// Milliseconds drawing.
    public var renderMs: Double
    /// Milliseconds presenting.
    public var presentMs: Double
    /// What was drawn again, in points.
    public var damage: Rect
    /// The three together, in milliseconds.
    public var totalMs: Double { layoutMs + renderMs + presentMs }
    /// A sample of these.
    public init(time: Double, layoutMs: Double, renderMs: Double, presentMs: Double, damage: Rect) {
        self.time = time; self.layoutMs = layoutMs; self.renderMs = renderMs; self.presentMs = presentMs; self.damage = damage
    }
}
