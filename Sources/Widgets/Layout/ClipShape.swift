import Geometry
import Render

/// A shape in a node's own bounds, for clipping, hit areas, shadows and backgrounds.
public enum ClipShape: Sendable, Hashable {
    /// The node's bounds.
    case rect
    /// The bounds with rounded corners.
    case roundedRect(radius: Double, style: CornerStyle)
    /// The ellipse inside the bounds.
    case ellipse

    /// The concrete shape filling `bounds`.
    public func shape(in bounds: Rect) -> Shape {
        switch self {
        case .rect: return .rect(bounds)
        case .roundedRect(let r, let style): return .roundedRect(bounds, radius: max(r, 0), style: style)
        case .ellipse: return .ellipse(bounds)
        }
    }

    /// Whether `p` lies inside the shape filling `bounds` (corners taken as circular arcs).
    public func contains(_ p: Point, in bounds: Rect) -> Bool {
        guard bounds.contains(p) else { return false }
        switch self {
        case .rect: return true
        case .ellipse:
            let dx = (p.x - bounds.midX) / (bounds.width / 2), dy = (p.y - bounds.midY) / (bounds.height / 2)
            return dx * dx + dy * dy <= 1
        case .roundedRect(let radius, _):
            let r = min(max(radius, 0), min(bounds.width, bounds.height) / 2)
            let cx = min(max(p.x, bounds.minX + r), bounds.maxX - r)
            let cy = min(max(p.y, bounds.minY + r), bounds.maxY - r)
            let dx = p.x - cx, dy = p.y - cy
            return dx * dx + dy * dy <= r * r
        }
    }
}

/// A drop shadow under a node's shape.
public struct ShadowStyle: Sendable, Hashable {
    /// The shadow's colour.
    public var color: Color
    /// Blur radius in points (σ = radius / 2).
    public var radius: Double
    /// How far the shadow is moved, in points.
    public var offset: Point
    /// A shadow of `color`, blurred `radius` points, moved by (x, y) (SwiftUI's
    /// `.shadow(color:radius:x:y:)`).
    public init(color: Color = Color.black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color; self.radius = radius; offset = Point(x, y)
    }
    /// How far the shadow reaches beyond the shape, in points.
    public var extent: Double { max(radius, 0) * 1.5 + 1 }
}

/// How a node takes part in hit testing.
public enum HitTestBehavior: Sendable, Hashable {
    /// Hit when an interactive node or one that paints content is under the point.
    case automatic
    /// Hit anywhere in the node's shape, even where nothing is drawn.
    case opaque
    /// Never hit itself; its children may be.
    case transparent
    /// Neither it nor its children are hit.
    case none
}
