import Geometry

/// A colour at a position 0…1 along a gradient.
public struct GradientStop: Sendable, Hashable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// A linear gradient between two points (in the drawing's points).
public struct LinearGradient: Sendable, Hashable {
    public var stops: [GradientStop]
    public var start: Point
    public var end: Point
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
    case color(Color)
    case linearGradient(LinearGradient)
}
