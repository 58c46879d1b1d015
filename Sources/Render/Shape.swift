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
    /// A rectangle.
    case rect(Rect)
    /// A rectangle with rounded corners of `radius` points, circular or continuous.
    case roundedRect(Rect, radius: Double, style: CornerStyle)
    /// The ellipse inside the rectangle.
    case ellipse(Rect)
    /// Any outline (lines and cubic curves), e.g. a plotted curve; open unless it ends in `.close`.
    case path([PathElement])

    /// The rectangle the shape is drawn in (for a path, the box of its points and control points).
    public var bounds: Rect {
        switch self {
        case .rect(let r), .ellipse(let r): return r
        case .roundedRect(let r, _, _): return r
        case .path(let elements):
            return Rect.bounding(elements.flatMap { e -> [Point] in
                switch e {
                case .move(let p), .line(let p): return [p]
                case .curve(let a, let b, let c): return [a, b, c]
                case .close: return []
                }
            })
        }
    }

    /// The same shape moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Shape {
        switch self {
        case .rect(let r): return .rect(r.offsetBy(dx: dx, dy: dy))
        case .ellipse(let r): return .ellipse(r.offsetBy(dx: dx, dy: dy))
        case .roundedRect(let r, let radius, let style): return .roundedRect(r.offsetBy(dx: dx, dy: dy), radius: radius, style: style)
        case .path(let elements):
            let d = Point(dx, dy)
            return .path(elements.map { e in
                switch e {
                case .move(let p): return .move(p + d)
                case .line(let p): return .line(p + d)
                case .curve(let a, let b, let c): return .curve(a + d, b + d, c + d)
                case .close: return .close
                }
            })
        }
    }
}
