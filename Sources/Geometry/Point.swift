/// A location in points (x right, y down).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
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
