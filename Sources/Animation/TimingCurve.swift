/// How progress (0…1) follows time (0…1) in a curve animation.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// A cubic Bézier curve.
    case bezier(UnitBezier)

    /// CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.bezier(UnitBezier(0.42, 0, 1, 1))
    /// CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.bezier(UnitBezier(0, 0, 0.58, 1))
    /// CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve.bezier(UnitBezier(0.42, 0, 0.58, 1))

    /// Any cubic Bézier (x1, y1, x2, y2); x1 and x2 are clamped into 0…1.
    public static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
        .bezier(UnitBezier(x1, y1, x2, y2))
    }

    /// Progress at time fraction x (clamped into 0…1).
    public func value(_ x: Double) -> Double {
        switch self {
        case .linear: return min(max(x, 0), 1)
        case .bezier(let b): return b.value(x)
        }
    }

    /// d(progress)/d(time fraction) at x.
    public func slope(_ x: Double) -> Double {
        switch self {
        case .linear: return 1
        case .bezier(let b): return b.slope(x)
        }
    }
}
