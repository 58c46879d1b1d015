/// Distances inward from each edge of a rectangle, in points.
public struct Insets: Hashable, Sendable {
    /// Each edge's inset, in points.
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    /// Insets of these amounts (0 where not given).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on all four edges.
    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }
    /// `vertical` at the top and bottom, `horizontal` at the sides.
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
    /// Leading plus trailing.
    public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }
    /// No inset.
    public static let zero = Insets(0)
}
