/// A width and height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Points across.
    public var width: Double
    /// Points down.
    public var height: Double
    /// The size `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The size `width` × `height`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// No size.
    public static let zero = Size(width: 0, height: 0)
    /// Whether either side is 0 or less (or not a number).
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    /// Width over height; 0 for an empty height.
    public var aspectRatio: Double { height > 0 ? width / height : 0 }
    /// Both sides times `s`.
    public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
    public var description: String { "\(width.short)×\(height.short)" }
}
