import Geometry

/// A colour at a position 0…1 along a gradient.
public struct GradientStop: Sendable, Hashable {
    /// Where along the gradient, 0…1.
    public var offset: Double
    /// The colour there.
    public var color: Color
    /// The colour `color` at `offset`.
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// A linear gradient between two points (in the drawing's points).
public struct LinearGradient: Sendable, Hashable {
    /// The colours and where they sit, in order.
    public var stops: [GradientStop]
    /// Where offset 0 is, in the shape's coordinates (points).
    public var start: Point
    /// Where offset 1 is.
    public var end: Point
    /// A gradient of `stops` from `start` to `end`.
    public init(stops: [GradientStop], start: Point, end: Point) { self.stops = stops; self.start = start; self.end = end }
    /// Evenly spaced colours, as SwiftUI's `LinearGradient(colors:startPoint:endPoint:)`.
    public init(colors: [Color], start: Point, end: Point) {
        let n = max(colors.count - 1, 1)
        self.init(stops: colors.enumerated().map { GradientStop(Double($0.offset) / Double(n), $0.element) }, start: start, end: end)
    }
    /// Evenly spaced colours between unit points of `rect`.
    public init(colors: [Color], from: UnitPoint, to: UnitPoint, in rect: Rect) {
        self.init(colors: colors, start: from.point(in: rect), end: to.point(in: rect))
    }
}

/// What a shape is filled or stroked with.
public enum Paint: Sendable, Hashable {
    /// One colour.
    case color(Color)
    /// A linear gradient.
    case linearGradient(LinearGradient)
}
