/// An axis-aligned rectangle in points: origin at its top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size
    /// The rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rectangle with its top-left corner at (x, y).
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The rectangle of `size` at the origin.
    public init(size: Size) { self.init(origin: .zero, size: size) }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var x: Double { origin.x }
    /// The top edge.
    public var y: Double { origin.y }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Halfway across.
    public var midX: Double { origin.x + size.width / 2 }
    /// Halfway down.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre.
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether it has no area.
    public var isEmpty: Bool { size.isEmpty }

    /// Whether `p` is inside: the left and top edges are, the right and bottom are not.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// Whether `r` lies wholly inside.
    public func contains(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
    /// Whether the two share any area.
    public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }
    /// The overlap of two rectangles; `.zero`-sized when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle holding both; an empty rectangle contributes nothing.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }
    /// The rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// Shrinks (positive) or grows (negative) every side.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(width - 2 * dx, 0), height: max(height - 2 * dy, 0))
    }
    /// The rectangle with each edge moved in by `e` (out, where negative).
    public func inset(by e: Insets) -> Rect {
        Rect(x: x + e.leading, y: y + e.top,
             width: max(width - e.horizontal, 0), height: max(height - e.vertical, 0))
    }
    /// The smallest rectangle of whole units (pixels at `scale`) that covers this one.
    public func integral(scale: Double = 1) -> Rect {
        let x0 = (minX * scale).rounded(.down) / scale, y0 = (minY * scale).rounded(.down) / scale
        let x1 = (maxX * scale).rounded(.up) / scale, y1 = (maxY * scale).rounded(.up) / scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public var description: String { "[\(x.short), \(y.short), \(width.short)×\(height.short)]" }
}
