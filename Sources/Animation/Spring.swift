import FoundationEssentials
import Glibc

/// A damped spring of mass 1, described as SwiftUI does by its response (seconds: the period
/// of the undamped oscillation) and damping fraction ζ (1 = critically damped, < 1 bounces).
///
/// Stiffness k = (2π / response)², damping c = 4π·ζ / response (SwiftUI's spring parameters). From a duration
/// and a bounce: response = duration, ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) for
/// bounce < 0 (SwiftUI's `Spring(duration:bounce:)`).
///
/// Motion is the closed-form solution of x'' + c·x' + k·x = 0 for displacement x from rest
/// (under-, critically and over-damped), so position and velocity are exact at any t.
/// Source: any mechanics text, e.g. Taylor, "Classical Mechanics", §5.4.
public struct Spring: Hashable, Sendable {
    /// Seconds.
    public let response: Double
    /// ζ ≥ 0.
    public let dampingFraction: Double

    /// Displacement below which (in the value's own units) a spring counts as at rest…
    public static let restDisplacement = 1e-3
    /// …when its speed is also below this (units per second).
    public static let restVelocity = 1e-2

    /// A spring of `response` seconds and `dampingFraction` (1: no overshoot; below 1 it bounces); a response
    /// that is not positive is 0.5 s.
    public init(response: Double, dampingFraction: Double) {
        self.response = response.isFinite && response > 0 ? response : 0.5
        self.dampingFraction = dampingFraction.isFinite ? max(dampingFraction, 0) : 1
    }

    /// A spring of perceptual `duration` seconds and `bounce` (−1…1; 0 none): SwiftUI's
    /// `Spring(duration:bounce:)`, as response = duration and damping 1 − bounce (1 / (1 + bounce) below 0).
    public init(duration: Double, bounce: Double = 0) {
        let b = bounce.isFinite ? min(max(bounce, -1 + 1e-9), 1) : 0
        self.init(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// SwiftUI's `.spring`: response 0.5, ζ 0.825.
    public static let standard = Spring(response: 0.5, dampingFraction: 0.825)
    /// SwiftUI's `.interactiveSpring`: response 0.15, ζ 0.86.
    public static let interactive = Spring(response: 0.15, dampingFraction: 0.86)
    /// `.smooth`: 0.5 s, no bounce.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// `.snappy`: 0.5 s, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// `.bouncy`: 0.5 s, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// k = (2π / response)², newtons per metre for a mass of 1.
    public var stiffness: Double { let w = 2 * Double.pi / response; return w * w }
    /// c = 4π·ζ / response.
    public var damping: Double { 4 * Double.pi * dampingFraction / response }
    /// The undamped angular frequency ω₀ = √k (radians per second).
    var omega: Double { 2 * Double.pi / response }

    /// Displacement and velocity at time t (seconds) from displacement x0 and velocity v0.
    public func state(x0: Double, v0: Double, t: Double) -> (position: Double, velocity: Double) {
        let (a, da) = basis(t, x0: 1, v0: 0), (b, db) = basis(t, x0: 0, v0: 1)
        return (x0 * a + v0 * b, x0 * da + v0 * db)
    }

    /// The two basis solutions: (position, velocity) for unit initial displacement or velocity.
    /// Any motion is x0·A(t) + v0·B(t).
    public func basis(_ t: Double, x0: Double, v0: Double) -> (Double, Double) {
        let w = omega, z = dampingFraction
        if t <= 0 { return (x0, v0) }
        if abs(z - 1) < 1e-9 {
            let bcoef = v0 + w * x0, e = exp(-w * t)
            return ((x0 + bcoef * t) * e, (v0 - w * bcoef * t) * e)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot(), e = exp(-z * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            let bcoef = (v0 + z * w * x0) / wd
            let x = e * (x0 * c + bcoef * s)
            let v = e * ((-z * w) * (x0 * c + bcoef * s) + (-x0 * wd * s + bcoef * wd * c))
            return (x, v)
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// The time after which the motion from (x0, v0) stays within the rest tolerances
    /// (`restDisplacement`, `restVelocity`, scaled by `scale`, the size of the change, when it
    /// is larger than 1): found by scanning back in 1 ms steps from a bound given by the
    /// decay envelope.
    public func settlingTime(x0: Double, v0: Double, scale: Double = 1) -> Double {
        let tolX = Spring.restDisplacement * max(scale, 1), tolV = Spring.restVelocity * max(scale, 1)
        func resting(_ t: Double) -> Bool {
            let s = state(x0: x0, v0: v0, t: t)
            return abs(s.position) <= tolX && abs(s.velocity) <= tolV
        }
        if x0 == 0 && v0 == 0 { return 0 }
        // Slowest decay rate of the solution.
        let w = omega, z = max(dampingFraction, 1e-3)
        let rate = z < 1 ? z * w : w * (z - (max(z * z - 1, 0)).squareRoot())
        let amplitude = abs(x0) + abs(v0) / w + abs(v0 + z * w * x0) / w
        var bound = max(log(max(amplitude * max(w, 1) * (1 + z) * 4 / min(tolX, tolV), 1)) / max(rate, 1e-6), 0.001)
        bound = min(bound, 600)
        var t = bound
        while t > 0 && resting(t) { t -= 0.001 }
        return min(t + 0.001, bound)
    }
}
