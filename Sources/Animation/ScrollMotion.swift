/// A scroll view's motion once the finger has let go, as a pure function of time: momentum
/// that may run into an edge and bounce back, a spring (back to an edge, or to a snap
/// target), or an ease (a wheel notch, a key). Sampling it at any rate gives the same path.
package struct ScrollMotion: Sendable, Equatable {
    /// Which motion: momentum, a spring or an ease.
    public enum Kind: Sendable, Equatable {
        /// Momentum from x₀ with v₀; beyond `range` it hands over to a spring back to the edge.
        case momentum(x0: Double, v0: Double, range: ClosedRange<Double>)
        /// A critically damped spring from x₀ with v₀ to `target`.
        case spring(x0: Double, v0: Double, target: Double, response: Double)
        /// From one offset to another along `curve` in `duration` seconds.
        case ease(from: Double, to: Double, duration: Double, curve: TimingCurve)
        /// From one offset to another by any `Animation` (`scroll(to:animation:)`): a single
        /// spring pass starts with velocity v₀ (points per second), so a move retargeted while
        /// running keeps its speed; curves, delays, speeds and repeats follow
        /// `Animation.progress(at:)`, ending where the last pass ends.
        case animation(from: Double, to: Double, v0: Double, Animation)
    }

    /// Which motion, from where.
    public let kind: Kind
    /// Clock time (s) at which the motion started.
    public let start: Double

    /// The motion `kind` starting at clock time `start` (seconds).
    public init(_ kind: Kind, start: Double) { self.kind = kind; self.start = start }

    /// Momentum after a release at `x0` with `v0`, or straight into the spring back when the
    /// release happens beyond an edge.
    public static func release(x0: Double, v0: Double, range: ClosedRange<Double>, at t: Double) -> ScrollMotion {
        if x0 < range.lowerBound || x0 > range.upperBound {
            let edge = min(max(x0, range.lowerBound), range.upperBound)
            return ScrollMotion(.spring(x0: x0, v0: v0, target: edge, response: ScrollPhysics.springBackResponse), start: t)
        }
        return ScrollMotion(.momentum(x0: x0, v0: v0, range: range), start: t)
    }

    /// Position (points), velocity (points per second) and whether the motion has ended, at
    /// clock time t. The motion ends once what is left of it is under `restTravel` points (a
    /// quarter of a device pixel: 0.25 at scale 1), at its destination, instead of redrawing
    /// for movements nobody can see.
    public func state(at t: Double, restTravel: Double = ScrollPhysics.restTravel) -> (position: Double, velocity: Double, finished: Bool) {
        let dt = max(t - start, 0)
        switch kind {
        case .momentum(let x0, let v0, let range):
            let edge = v0 < 0 ? range.lowerBound : range.upperBound
            if let tc = ScrollPhysics.timeToReach(edge, x0: x0, v0: v0), dt > tc {
                // Past the edge: a spring pulls back, starting at the edge with the velocity
                // momentum had there.
                let vc = ScrollPhysics.momentumVelocity(v0: v0, t: tc)
                return ScrollMotion(.spring(x0: edge, v0: vc, target: edge, response: ScrollPhysics.springBackResponse),
                                    start: start + tc).state(at: t, restTravel: restTravel)
            }
            let end = ScrollPhysics.momentumDuration(v0: v0, restTravel: restTravel)
            if dt >= end {
                return (ScrollPhysics.momentumPosition(x0: x0, v0: v0, t: end), 0, true)
            }
            return (ScrollPhysics.momentumPosition(x0: x0, v0: v0, t: dt), ScrollPhysics.momentumVelocity(v0: v0, t: dt), false)
        case .spring(let x0, let v0, let target, let response):
            let s = Spring(response: response, dampingFraction: 1)
            // Resting within restTravel (and slow enough to stay there): Spring's tolerances
            // scaled from its unit ones.
            let settle = s.settlingTime(x0: x0 - target, v0: v0, scale: restTravel / Spring.restDisplacement)
            if dt >= settle { return (target, 0, true) }
            let st = s.state(x0: x0 - target, v0: v0, t: dt)
            return (target + st.position, st.velocity, false)
        case .ease(let from, let to, let duration, let curve):
            guard duration > 0, dt < duration else { return (to, 0, true) }
            let x = dt / duration
            return (from + (to - from) * curve.value(x), (to - from) * curve.slope(x) / duration, false)
        case .animation(let from, let to, let v0, let animation):
            return Self.animated(from: from, to: to, v0: v0, animation, elapsed: dt, restTravel: restTravel)
        }
    }

    /// An `Animation` from `from` to `to` at `elapsed` seconds: a spring pass as a spring
    /// (Spring.state, with v₀ and the animation's delay and speed), else the animation's
    /// progress between the two.
    private static func animated(from: Double, to: Double, v0: Double, _ animation: Animation, elapsed: Double,
                                 restTravel: Double) -> (position: Double, velocity: Double, finished: Bool) {
        if case .spring(let s) = animation.motion, animation.isSimpleSpring {
            let t = max(elapsed - animation.delay, 0) * animation.speed
            let settle = s.settlingTime(x0: from - to, v0: v0 / animation.speed, scale: restTravel / Spring.restDisplacement)
            if t >= settle { return (to, 0, true) }
            let st = s.state(x0: from - to, v0: v0 / animation.speed, t: t)
            return (to + st.position, st.velocity * animation.speed, false)
        }
        guard let total = animation.totalDuration else {
            let p = animation.progress(at: elapsed)
            return (from + (to - from) * p.value, (to - from) * p.rate, false)
        }
        if elapsed >= total { return (from + (to - from) * animation.finalProgress, 0, true) }
        let p = animation.progress(at: elapsed)
        return (from + (to - from) * p.value, (to - from) * p.rate, false)
    }

    /// Where the motion ends.
    public var destination: Double {
        switch kind {
        case .momentum(let x0, let v0, let range):
            return min(max(ScrollPhysics.momentumPosition(x0: x0, v0: v0, t: ScrollPhysics.momentumDuration(v0: v0, restTravel: ScrollPhysics.restTravel)),
                           range.lowerBound), range.upperBound)
        case .spring(_, _, let target, _): return target
        case .ease(_, let to, _, _): return to
        case .animation(let from, let to, _, let animation):
            return animation.totalDuration == nil ? to : from + (to - from) * animation.finalProgress
        }
    }
}
