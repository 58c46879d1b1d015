/// A location in points (x right, y down).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Points across, from the left.
    public var x: Double
    /// Points down, from the top.
    public var y: Double
    /// The point (x, y).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The point (x, y).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    /// The sum, coordinate by coordinate.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, coordinate by coordinate.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Each coordinate times `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// Euclidean length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(x.short), \(y.short))" }
}

extension Double {
    /// A compact decimal rendering for logs and dumps (at most 3 decimals, no trailing zeros).
    public var short: String {
        if self == rounded() && abs(self) < 1e15 { return String(Int(self)) }
        let scaled = (self * 1000).rounded() / 1000
        return String(scaled)
    }
}
