/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2):
/// CSS's `cubic-bezier()` and Core Animation's CAMediaTimingFunction.
///
/// y for a given x is found by solving x(s) = x for the curve parameter s with Newton's method
/// (8 steps), then bisection if Newton did not converge, to within 1e-7 (so values are exact to
/// 1e-6). Source: WebKit's UnitBezier.h (Apple, BSD licence): the same polynomial form
/// x(s) = ((ax·s + bx)·s + cx)·s and the same Newton-then-bisection strategy.
public struct UnitBezier: Hashable, Sendable {
    /// The control points (x1, y1) and (x2, y2); x1 and x2 are within 0…1.
    public let x1: Double, y1: Double, x2: Double, y2: Double
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    /// x1 and x2 are clamped into 0…1 so that x is monotonic and y is a function of x.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let cx1 = min(max(x1.isFinite ? x1 : 0, 0), 1), cx2 = min(max(x2.isFinite ? x2 : 1, 0), 1)
        let fy1 = y1.isFinite ? y1 : 0, fy2 = y2.isFinite ? y2 : 1
        self.x1 = cx1; self.y1 = fy1; self.x2 = cx2; self.y2 = fy2
        cx = 3 * cx1; bx = 3 * (cx2 - cx1) - cx; ax = 1 - cx - bx
        cy = 3 * fy1; by = 3 * (fy2 - fy1) - cy; ay = 1 - cy - by
    }

    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s at which x(s) = x.
    public func solveCurveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < epsilon { return s }
            let d = sampleDerivativeX(s)
            if abs(d) < 1e-6 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        if s < lo { return lo }
        if s > hi { return hi }
        while lo < hi {
            let v = sampleX(s)
            if abs(v - x) < epsilon { return s }
            if x > v { lo = s } else { hi = s }
            s = (hi - lo) / 2 + lo
            if hi - lo < 1e-15 { break }
        }
        return s
    }

    /// y at x (x in 0…1; outside, the ends). Endpoints are exact: y(0) = 0, y(1) = 1.
    public func value(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveCurveX(x))
    }

    /// dy/dx at x, the slope of the curve (velocity per unit of progress).
    public func slope(_ x: Double) -> Double {
        let s = solveCurveX(min(max(x, 0), 1))
        let dx = sampleDerivativeX(s)
        if abs(dx) < 1e-12 {
            // A vertical tangent at an end (x1 = 0 or x2 = 1 with y ≠ 0): use the control slope.
            return s < 0.5 ? (x1 > 0 ? y1 / x1 : (y1 == 0 ? 0 : .infinity)) : (x2 < 1 ? (1 - y2) / (1 - x2) : 0)
        }
        return sampleDerivativeY(s) / dx
    }
}
