import FoundationEssentials
import Glibc

/// The scroll view's physics as pure functions, with UIKit's constants (deceleration rate
/// 0.998 a millisecond, its rubber band). Positions are scroll offsets in
/// points along one axis; velocities are points per second; times are seconds.
package enum ScrollPhysics {
    /// Momentum keeps this fraction of its velocity per millisecond (UIKit's
    /// `UIScrollView.DecelerationRate.normal`).
    public static let decelerationRate = 0.998
    /// The rubber-band constant c of shown = (1 − 1/(x·c/d + 1))·d (UIKit's, as measured and
    /// published by many; e.g. Grant Paul's "rubber band" formula).
    public static let rubberBandConstant = 0.55
    /// Response of the critically damped spring that brings an overscrolled view back (s).
    public static let springBackResponse = 0.4
    /// Momentum ends below this speed (pt/s): from there it moves less than 0.25 pt more.
    public static let restSpeed = 0.5
    /// Motion ends when less than this is left of it (points): a quarter of a pixel at scale 1.
    public static let restTravel = 0.25
    /// A mouse wheel notch scrolls this far (about three lines of body text).
    public static let wheelNotch = 60.0
    /// Duration of the ease that plays a wheel notch (s); a new notch retargets it.
    public static let wheelEase = 0.15
    /// Arrow keys scroll this far.
    public static let lineStep = 40.0
    /// Page keys keep this much of the previous page in view.
    public static let pageOverlap = 40.0
    /// Flings slower than this (pt/s) move a snapping list by at most one item.
    public static let shortFling = 1200.0

    /// k = 1000·ln(rate), per second (negative).
    static var k: Double { 1000 * log(decelerationRate) }

    /// Velocity after t seconds of momentum: v₀·rate^(1000t).
    public static func momentumVelocity(v0: Double, t: Double) -> Double { v0 * pow(decelerationRate, 1000 * t) }

    /// Position after t seconds: x₀ + v₀·(rate^(1000t) − 1)/(1000·ln rate).
    public static func momentumPosition(x0: Double, v0: Double, t: Double) -> Double {
        x0 + v0 * (pow(decelerationRate, 1000 * t) - 1) / k
    }

    /// Where momentum comes to rest: x₀ − v₀/(1000·ln rate) ≈ x₀ + 0.4995·v₀.
    public static func restPosition(x0: Double, v0: Double) -> Double { x0 - v0 / k }

    /// Seconds until momentum slows to `restSpeed` (0 when already slower).
    public static func momentumDuration(v0: Double) -> Double { momentumDuration(v0: v0, restTravel: restTravel) }

    /// Seconds until momentum has less than `restTravel` points left to go: what is left at
    /// speed v is v/|k|, so it ends at speed restTravel·|k| (0.5 pt/s for 0.25 pt).
    public static func momentumDuration(v0: Double, restTravel: Double) -> Double {
        let stop = max(restTravel, 1e-6) * abs(k)
        guard abs(v0) > stop else { return 0 }
        return log(stop / abs(v0)) / k
    }

    /// Seconds until momentum from x₀ with v₀ reaches `edge`, or nil if it stops first.
    public static func timeToReach(_ edge: Double, x0: Double, v0: Double) -> Double? {
        guard v0 != 0 else { return nil }
        // x(t) = edge ⇔ rate^(1000t) = 1 + (edge − x₀)·k/v₀
        let q = 1 + (edge - x0) * k / v0
        guard q > 0, q < 1 else { return q == 1 ? 0 : nil }
        return log(q) / k
    }

    /// How far content shows when dragged `overscroll` points past an edge, for a viewport of
    /// `dimension` points: (1 − 1/(x·c/d + 1))·d. Always less than d, and ≈ c·x for small x.
    public static func rubberBand(_ overscroll: Double, dimension d: Double) -> Double {
        guard overscroll > 0, d > 0 else { return 0 }
        return (1 - 1 / (overscroll * rubberBandConstant / d + 1)) * d
    }

    /// The offset shown for a raw (finger-driven) offset: inside `range` as is, beyond it
    /// rubber-banded.
    public static func rubberBanded(_ raw: Double, range: ClosedRange<Double>, dimension d: Double) -> Double {
        if raw < range.lowerBound { return range.lowerBound - rubberBand(range.lowerBound - raw, dimension: d) }
        if raw > range.upperBound { return range.upperBound + rubberBand(raw - range.upperBound, dimension: d) }
        return raw
    }

    /// The inverse of `rubberBanded`: the raw offset that shows `shown` (to resume a drag
    /// that catches a view in its overscroll).
    public static func unRubberBanded(_ shown: Double, range: ClosedRange<Double>, dimension d: Double) -> Double {
        func inverse(_ y: Double) -> Double {
            // y = (1 − 1/(x·c/d + 1))·d ⇔ x = d·(1/(1 − y/d) − 1)/c, for 0 ≤ y < d.
            let f = min(y / d, 0.999)
            return d * (1 / (1 - f) - 1) / rubberBandConstant
        }
        if shown < range.lowerBound { return range.lowerBound - inverse(range.lowerBound - shown) }
        if shown > range.upperBound { return range.upperBound + inverse(shown - range.upperBound) }
        return shown
    }

    /// The snap position for a view released at `x` with velocity `v`: the one nearest to where
    /// momentum would stop, among sorted `positions` (items' leading edges, clamped to the
    /// range). A fling slower than `shortFling` moves at most one item from the nearest to `x`.
    public static func snapTarget(x: Double, v: Double, positions: [Double]) -> Double? {
        guard !positions.isEmpty else { return nil }
        func nearest(_ p: Double) -> Int {
            var best = 0
            for (i, s) in positions.enumerated() where abs(s - p) < abs(positions[best] - p) { best = i }
            return best
        }
        let projected = restPosition(x0: x, v0: v)
        var target = nearest(projected)
        if abs(v) < shortFling {
            let here = nearest(x)
            // Direction of the fling decides the neighbour; a slow release settles on the nearest.
            let limitLo = v < -1 ? here - 1 : here, limitHi = v > 1 ? here + 1 : here
            if abs(v) <= 1 { target = here }
            target = min(max(target, max(limitLo, 0)), min(limitHi, positions.count - 1))
        }
        return positions[target]
    }
}
