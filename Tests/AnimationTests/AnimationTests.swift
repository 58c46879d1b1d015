import Geometry
import Testing
@testable import Animation

@Suite("Animations: delay, speed, repeats, retargeting, completion")
struct AnimationTests {
    @Test func curveProgressWithDelayAndSpeed() {
        let a = Animation.linear(duration: 1).delay(0.5).speed(2)
        #expect(a.progress(at: 0.4).value == 0)
        #expect(abs(a.progress(at: 0.75).value - 0.5) < 1e-12, "0.25 s after the delay at double speed")
        #expect(a.progress(at: 1.0).value == 1)
        #expect(abs(a.progress(at: 0.75).rate - 2) < 1e-12)
        #expect(a.totalDuration == 1.0)
    }

    @Test func defaultDurationIs035() {
        if case .curve(_, let d) = Animation.easeInOut.motion { #expect(d == 0.35) } else { Issue.record() }
        #expect(Animation.default.isSimpleSpring)
    }

    @Test func repeatCountWithAutoreverse() {
        let a = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        #expect(abs(a.progress(at: 0.25).value - 0.25) < 1e-12)
        #expect(abs(a.progress(at: 1.25).value - 0.75) < 1e-12, "second pass plays backwards")
        #expect(abs(a.progress(at: 2.25).value - 0.25) < 1e-12)
        #expect(a.progress(at: 3.5).value == 1, "three passes end forward")
        #expect(Animation.linear(duration: 1).repeatCount(2).progress(at: 5).value == 0, "an even count ends where it began")
        #expect(a.totalDuration == 3)
    }

    @Test func repeatForeverAutoreversesByDefault() {
        let a = Animation.easeInOut(duration: 2).repeatForever()
        #expect(a.totalDuration == nil)
        let forward = a.progress(at: 1).value, backward = a.progress(at: 3).value
        #expect(abs(forward - 0.5) < 1e-9 && abs(backward - 0.5) < 1e-9)
        #expect(a.progress(at: 1).rate > 0 && a.progress(at: 3).rate < 0)
        #expect(abs(a.progress(at: 101).value - 0.5) < 1e-9, "still going")
        let noReverse = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        #expect(abs(noReverse.progress(at: 7.25).value - 0.25) < 1e-12)
    }

    @Test func valueAnimatesAlongTheCurve() {
        let v = AnimatedValue(0.0)
        v.set(100, animation: .easeInOut(duration: 1), at: 0)
        #expect(v.value(at: 0) == 0)
        #expect(abs(v.value(at: 0.5) - 50) < 1e-9)
        #expect(abs(v.value(at: 0.3) - 100 * TimingCurve.easeInOut.value(0.3)) < 1e-9)
        #expect(v.step(to: 0.99))
        #expect(!v.step(to: 1))
        #expect(v.value(at: 2) == 100)
    }

    /// Value and finite-difference velocity just before and just after a retarget.
    func continuity(_ v: AnimatedValue<Double>, retargetAt t: Double, _ retarget: () -> Void) -> (jump: Double, velocityJump: Double) {
        let h = 1e-4
        let before = v.value(at: t), vBefore = (v.value(at: t) - v.value(at: t - h)) / h
        retarget()
        let after = v.value(at: t), vAfter = (v.value(at: t + h) - v.value(at: t)) / h
        return (abs(after - before), abs(vAfter - vBefore))
    }

    @Test func springRetargetKeepsValueAndVelocity() {
        let v = AnimatedValue(0.0)
        v.set(100, animation: .spring, at: 0)
        let vel = v.velocity(at: 0.1)
        let c = continuity(v, retargetAt: 0.1) { v.set(-50, animation: .bouncy, at: 0.1) }
        #expect(c.jump < 1e-9)
        #expect(c.velocityJump < abs(vel) * 0.02 + 1, "velocity carried: jump \(c.velocityJump) of \(vel)")
        #expect(abs(v.velocity(at: 0.1) - vel) < 1e-6)
        // And it ends at the new target.
        #expect(abs(v.value(at: 5) - -50) < 0.01)
    }

    @Test func curveRetargetAddsTheRemainingChange() {
        let v = AnimatedValue(0.0)
        v.set(100, animation: .linear(duration: 1), at: 0)
        let c = continuity(v, retargetAt: 0.5) { v.set(200, animation: .linear(duration: 1), at: 0.5) }
        #expect(c.jump < 1e-9, "no jump")
        // At 1.0 the first is done (100) and the second is half way through its +100: 150.
        #expect(abs(v.value(at: 1.0) - 150) < 1e-9)
        #expect(v.value(at: 1.5) == 200)
    }

    @Test func curveAfterSpringAndSpringAfterCurveDoNotJump() {
        let v = AnimatedValue(0.0)
        v.set(100, animation: .spring, at: 0)
        #expect(continuity(v, retargetAt: 0.2) { v.set(0, animation: .easeInOut, at: 0.2) }.jump < 1e-9)
        #expect(continuity(v, retargetAt: 0.3) { v.set(40, animation: .smooth, at: 0.3) }.jump < 1e-9)
        #expect(abs(v.value(at: 5) - 40) < 0.01)
    }

    @Test func vectorValuesAnimateComponentWise() {
        let v = AnimatedValue(Point(0, 0))
        v.set(Point(10, -20), animation: .linear(duration: 2), at: 0)
        #expect(v.value(at: 1) == Point(5, -10))
        let c = AnimatedValue(Color(red: 1, green: 0, blue: 0, alpha: 1))
        c.set(.clear, animation: .linear(duration: 1), at: 0)
        let mid = c.value(at: 0.5)
        #expect(abs(mid.alpha - 0.5) < 1e-12 && abs(mid.red - 1) < 1e-12, "premultiplied: fading to clear keeps the hue")
    }

    @Test func completionFiresOnceWhenEverythingFinished() {
        var fired = 0
        let done = AnimationCompletion { fired += 1 }
        let a = AnimatedValue(0.0), b = AnimatedValue(0.0)
        a.set(1, animation: .linear(duration: 1), at: 0, completion: done)
        b.set(1, animation: .linear(duration: 2), at: 0, completion: done)
        done.seal()
        a.step(to: 1.5)
        #expect(fired == 0)
        b.step(to: 2)
        #expect(fired == 1)
        b.step(to: 3)
        #expect(fired == 1)
    }

    @Test func springCompletionCarriesOverARetarget() {
        var fired = 0
        let first = AnimationCompletion { fired += 1 }
        let v = AnimatedValue(0.0)
        v.set(1, animation: .spring, at: 0, completion: first)
        first.seal()
        v.set(2, animation: .spring, at: 0.1)
        v.step(to: 0.2)
        #expect(fired == 0)
        v.step(to: 10)
        #expect(fired == 1)
    }

    @Test func immediateChangeEndsAnimationsAndFiresTheirCompletion() {
        var fired = false
        let done = AnimationCompletion { fired = true }
        let v = AnimatedValue(0.0)
        v.set(1, animation: .linear(duration: 1), at: 0, completion: done)
        done.seal()
        v.set(5, animation: nil, at: 0.5)
        #expect(fired && !v.isAnimating && v.value(at: 0.5) == 5)
    }
}
