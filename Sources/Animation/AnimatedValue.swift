/// One animatable property's motion: its target (the model value) and the animations still
/// moving its presented value there.
///
/// Curve animations are additive: each carries the change it was asked for (new target − old
/// target) and presents the part still to go, so a curve interrupted by another curve keeps
/// running and the value never jumps. A single spring pass instead takes over: it starts from
/// the current value and velocity (summed over everything running), so nothing jumps and no
/// velocity is lost.
public final class AnimatedValue<Value: Animatable> {
    typealias Data = Value.AnimatableData

    private struct CurveSegment {
        var delta: Data
        var animation: Animation
        var start: Double
        var completion: AnimationCompletion?
    }
    private struct SpringSegment {
        var x0: Data
        var v0: Data
        var animation: Animation
        var spring: Spring
        var start: Double
        /// Local seconds after which it is at rest.
        var settle: Double
        var completions: [AnimationCompletion]
        func local(_ t: Double) -> Double { max(t - start - animation.delay, 0) * animation.speed }
    }

    /// The value animations are heading to.
    public private(set) var target: Value
    private var curves: [CurveSegment] = []
    private var spring: SpringSegment?

    /// A value resting at `value`, nothing in flight.
    public init(_ value: Value) { target = value }

    /// Whether anything is still moving.
    public var isAnimating: Bool { !curves.isEmpty || spring != nil }

    /// Sets a new target at time `t` (seconds on the animation clock). Without an animation the
    /// value jumps there and running animations end (their completions fire).
    public func set(_ newTarget: Value, animation: Animation?, at t: Double, completion: AnimationCompletion? = nil) {
        guard let animation else {
            finishAll()
            target = newTarget
            return
        }
        if animation.isSimpleSpring, case .spring(let s) = animation.motion {
            let current = data(at: t), velocity = self.velocity(at: t)
            var carried = curves.compactMap(\.completion) + (spring?.completions ?? [])
            if let c = completion { c.retain(); carried.append(c) }
            curves.removeAll()
            let x0 = current - newTarget.animatableData
            let settle = AnimatedValue.settlingTime(s, x0: x0, v0: velocity)
            spring = SpringSegment(x0: x0, v0: velocity, animation: animation, spring: s, start: t, settle: settle, completions: carried)
        } else {
            completion?.retain()
            curves.append(CurveSegment(delta: newTarget.animatableData - target.animatableData, animation: animation,
                                       start: t, completion: completion))
        }
        target = newTarget
    }

    /// When a vector motion x0·A(t) + v0·B(t) is at rest: the later of its two parts' rest
    /// times, each with the magnitude of its vector.
    static func settlingTime(_ s: Spring, x0: Data, v0: Data) -> Double {
        max(s.settlingTime(x0: x0.magnitudeSquared.squareRoot(), v0: 0),
            s.settlingTime(x0: 0, v0: v0.magnitudeSquared.squareRoot()))
    }

    /// The presented value at time t.
    public func value(at t: Double) -> Value {
        var v = target
        v.animatableData = data(at: t)
        return v
    }

    func data(at t: Double) -> Data {
        var d = target.animatableData
        for c in curves {
            let p = c.animation.progress(at: t - c.start).value
            d = d - c.delta.scaled(by: 1 - p)
        }
        if let s = spring {
            let (a, _) = s.spring.basis(s.local(t), x0: 1, v0: 0), (b, _) = s.spring.basis(s.local(t), x0: 0, v0: 1)
            d = d + s.x0.scaled(by: a) + s.v0.scaled(by: b)
        }
        return d
    }

    /// The presented value's velocity at time t (units per second).
    public func velocity(at t: Double) -> Value.AnimatableData {
        var v = Data.zero
        for c in curves { v = v + c.delta.scaled(by: c.animation.progress(at: t - c.start).rate) }
        if let s = spring {
            let (_, da) = s.spring.basis(s.local(t), x0: 1, v0: 0), (_, db) = s.spring.basis(s.local(t), x0: 0, v0: 1)
            v = v + (s.x0.scaled(by: da) + s.v0.scaled(by: db)).scaled(by: s.animation.speed)
        }
        return v
    }

    /// Drops the animations that have logically finished by time t, firing their completions.
    /// Returns whether anything is still moving.
    @discardableResult
    public func step(to t: Double) -> Bool {
        var finished: [AnimationCompletion] = []
        curves.removeAll { c in
            guard let total = c.animation.totalDuration, t - c.start >= total else { return false }
            if let done = c.completion { finished.append(done) }
            return true
        }
        if let s = spring, s.local(t) >= s.settle {
            finished += s.completions
            spring = nil
        }
        for f in finished { f.release() }
        return isAnimating
    }

    private func finishAll() {
        let done = curves.compactMap(\.completion) + (spring?.completions ?? [])
        curves.removeAll()
        spring = nil
        for d in done { d.release() }
    }
}
