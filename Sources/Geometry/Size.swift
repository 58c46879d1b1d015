/// A width and height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    /// Width over height; 0 for an empty height.
    public var aspectRatio: Double { height > 0 ? width / height : 0 }
    public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
    public var description: String { "\(width.short)×\(height.short)" }
}
