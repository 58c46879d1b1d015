import Geometry

/// The corner shape of a rounded rectangle.
public enum CornerStyle: Sendable, Hashable {
    /// Quarter-circle corners.
    case circular
    /// Apple's "continuous" corners: the curvature ramps up smoothly from the straight edge
    /// (a squircle-like curve), approximated with three Bézier segments per corner.
    case continuous
}

/// The closed set of shapes the renderer fills, strokes, clips to and casts shadows from.
public enum Shape: Sendable, Hashable {
    case rect(Rect)
    case roundedRect(Rect, radius: Double, style: CornerStyle)
    case ellipse(Rect)

    /// The rectangle the shape is drawn in.
    public var bounds: Rect {
        switch self {
        case .rect(let r), .ellipse(let r): return r
        case .roundedRect(let r, _, _): return r
        }
    }

    /// The same shape moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Shape {
        switch self {
        case .rect(let r): return .rect(r.offsetBy(dx: dx, dy: dy))
        case .ellipse(let r): return .ellipse(r.offsetBy(dx: dx, dy: dy))
        case .roundedRect(let r, let radius, let style): return .roundedRect(r.offsetBy(dx: dx, dy: dy), radius: radius, style: style)
        }
    }
}
