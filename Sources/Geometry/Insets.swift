/// Distances inward from each edge of a rectangle, in points.
public struct Insets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on all four edges.
    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
    public static let zero = Insets(0)
}
