/// Estimates pointer velocity from recent samples by least squares: a quadratic
/// x(t) ≈ a + b·t + c·t² fitted with t = 0 at the latest sample, whose slope there, b, is the
/// velocity (a line when only two samples are usable). The quadratic follows a flick that
/// speeds up at its end, which a straight line would average away.
///
/// Uses the samples of the last 100 ms, ignoring any before a pause of more than 40 ms (a
/// finger that stopped, then flicked), as Flutter's VelocityTracker does
/// (`_horizonMilliseconds = 100`, `_assumePointerMoveStoppedMilliseconds = 40`).
package struct VelocityTracker: Sendable {
    /// Seconds of history used.
    public static let horizon = 0.100
    /// A gap longer than this (seconds) means the pointer had stopped.
    public static let stopGap = 0.040

    private var samples: [(t: Double, x: Double)] = []

    /// A tracker with no samples.
    public init() {}

    /// Records the pointer position `x` (points, along one axis) at time `t` (seconds).
    public mutating func add(time t: Double, position x: Double) {
        samples.append((t, x))
        if samples.count > 64 { samples.removeFirst(samples.count - 64) }
    }

    /// Forgets every sample (a new press).
    public mutating func reset() { samples.removeAll() }

    /// Velocity in points per second at the last sample; 0 with fewer than two usable samples.
    public func velocity() -> Double {
        guard let last = samples.last else { return 0 }
        var used: [(Double, Double)] = []
        var previous = last.t
        for s in samples.reversed() {
            if last.t - s.t > VelocityTracker.horizon || previous - s.t > VelocityTracker.stopGap { break }
            used.append((s.t - last.t, s.x))
            previous = s.t
        }
        guard used.count >= 2 else { return 0 }
        return used.count >= 3 ? (VelocityTracker.quadraticSlopeAtZero(used) ?? VelocityTracker.slope(used)) : VelocityTracker.slope(used)
    }

    /// b of the least-squares quadratic a + b·t + c·t² through the points (normal equations,
    /// solved by Cramer's rule); nil when they are degenerate.
    public static func quadraticSlopeAtZero(_ points: [(Double, Double)]) -> Double? {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        for (t, y) in points {
            let t2 = t * t
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            y0 += y; y1 += y * t; y2 += y * t2
        }
        func det(_ m: [Double]) -> Double {
            m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
        }
        let a = [s0, s1, s2, s1, s2, s3, s2, s3, s4]
        let d = det(a)
        guard abs(d) > 1e-18 else { return nil }
        // Replace the second column (b's) with the right-hand side.
        return det([s0, y0, s2, s1, y1, s3, s2, y2, s4]) / d
    }

    /// Least-squares slope of y over t: Σ(t − t̄)(y − ȳ) / Σ(t − t̄)².
    public static func slope(_ points: [(Double, Double)]) -> Double {
        let n = Double(points.count)
        let mt = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
        var num = 0.0, den = 0.0
        for (t, y) in points { num += (t - mt) * (y - my); den += (t - mt) * (t - mt) }
        return den > 1e-12 ? num / den : 0
    }
}
