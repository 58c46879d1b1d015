import Geometry

/// What a parent offers a child in layout. A proposed dimension is nil for "your ideal size", `.infinity` for
/// "as
/// much as you like", or a number of points.
public struct ProposedSize: Hashable, Sendable {
    /// The width offered, in points (nil: the child's ideal).
    public var width: Double?
    /// The height offered, in points (nil: the child's ideal).
    public var height: Double?
    /// A proposal of `width` × `height`.
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    /// A proposal of exactly `size`.
    public init(_ size: Size) { width = size.width; height = size.height }
    /// "Your ideal size".
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// As much as the child wants.
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)
    /// As little as the child can take.
    public static let zero = ProposedSize(width: 0, height: 0)

    /// The proposal along an axis.
    public func value(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
    /// A proposal with `main` along `axis` and `cross` across it.
    public static func along(_ axis: Axis, _ main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
    /// The proposal with nil replaced by `fallback` (e.g. an ideal size).
    public func replacingUnspecified(with fallback: Size) -> Size {
        Size(width: width ?? fallback.width, height: height ?? fallback.height)
    }
}

/// A layout direction.
public enum Axis: Sendable, Hashable {
    /// Across: left to right.
    case horizontal
    /// Down: top to bottom.
    case vertical
    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Where a child sits inside a larger space: a unit point (0 leading/top … 1 trailing/bottom).
public typealias Alignment = UnitPoint

extension UnitPoint {
    /// Where a child of size `child` goes inside `space` so that this unit point of both
    /// coincides (`.center` centres it; `.topLeading` pins it to the origin).
    public func origin(of child: Size, in space: Size) -> Point {
        Point(x: (space.width - child.width) * x, y: (space.height - child.height) * y)
    }
}

extension Point {
    /// The coordinate along an axis.
    public func value(_ axis: Axis) -> Double { axis == .horizontal ? x : y }
}

extension Size {
    /// The size along an axis.
    public func value(_ axis: Axis) -> Double { axis == .horizontal ? width : height }
    /// A size `main` long along `axis` and `cross` across it.
    public static func along(_ axis: Axis, _ main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}
