/// How a display is mounted: the picture is turned clockwise by this many degrees so that it
/// stands upright on a panel turned the other way (`--rotate 90` for a landscape panel mounted
/// in portrait). Layout happens in the turned (logical) space; the window keeps its own.
package enum DisplayRotation: Int, Sendable, CaseIterable {
    /// Upright.
    case none = 0
    /// Turned 90° clockwise.
    case quarter = 90
    /// Turned 180°.
    case half = 180
    /// Turned 270° clockwise (90° counter-clockwise).
    case threeQuarters = 270

    /// Whether width and height trade places.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The logical size for a window of `size` (and the window's for a logical size: the same swap).
    public func logicalSize(_ size: Size) -> Size { swapsAxes ? Size(width: size.height, height: size.width) : size }

    /// A window point (in a window of `window` size) in logical space.
    public func toLogical(_ p: Point, window: Size) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(p.y, window.width - p.x)
        case .half: Point(window.width - p.x, window.height - p.y)
        case .threeQuarters: Point(window.height - p.y, p.x)
        }
    }

    /// A logical point in a window of `window` size: the inverse of `toLogical`.
    public func toWindow(_ p: Point, window: Size) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(window.width - p.y, p.x)
        case .half: Point(window.width - p.x, window.height - p.y)
        case .threeQuarters: Point(p.y, window.height - p.x)
        }
    }

    /// A logical rectangle in the window (the bounding box of its turned corners).
    public func toWindow(_ r: Rect, window: Size) -> Rect {
        Rect.bounding([Point(r.minX, r.minY), Point(r.maxX, r.maxY)].map { toWindow($0, window: window) })
    }

    /// `toLogical` as an affine transform (window → logical), for a window of `window` size in
    /// any unit (points, or pixels for copying pixels).
    public func windowToLogical(window: Size) -> AffineTransform {
        switch self {
        case .none: .identity
        case .quarter: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: window.width)
        case .half: AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: window.width, ty: window.height)
        case .threeQuarters: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: window.height, ty: 0)
        }
    }
}
