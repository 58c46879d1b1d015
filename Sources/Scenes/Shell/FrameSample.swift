import Geometry

/// What one frame cost, as the window measured it: milliseconds for layout and the display
/// list, for rendering, and for presenting, and the area redrawn (window points).
public struct FrameSample: Sendable, Equatable {
    public var time: Double
    public var layoutMs: Double
    public var renderMs: Double
    public var presentMs: Double
    public var damage: Rect
    public var totalMs: Double { layoutMs + renderMs + presentMs }
    public init(time: Double, layoutMs: Double, renderMs: Double, presentMs: Double, damage: Rect) {
        self.time = time; self.layoutMs = layoutMs; self.renderMs = renderMs; self.presentMs = presentMs; self.damage = damage
    }
}
