import Foundation
import Testing
import Animation

/// Independent reference: integrate x'' = −k·x − c·x' with RK4 at 10 µs steps.
func integrate(k: Double, c: Double, x0: Double, v0: Double, until t: Double) -> (Double, Double) {
    var x = x0, v = v0
    let dt = 1e-5
    var time = 0.0
    func acc(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
    while time < t - 1e-12 {
        let h = min(dt, t - time)
        let k1x = v, k1v = acc(x, v)
        let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        time += h
    }
    return (x, v)
}

@Suite("Springs")
struct SpringTests {
    @Test func durationAndBounceConversions() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - 157.91) < 0.005)
        #expect(abs(s.damping - 17.59) < 0.005)
        #expect(abs(s.dampingFraction - 0.7) < 1e-12)
        #expect(abs(Spring(duration: 1, bounce: -0.5).dampingFraction - 2) < 1e-12, "negative bounce: 1 / (1 + bounce)")
        #expect(Spring.standard.response == 0.5 && Spring.standard.dampingFraction == 0.825)
        #expect(Spring.interactive.response == 0.15 && Spring.interactive.dampingFraction == 0.86)
        #expect(Spring.smooth.dampingFraction == 1 && abs(Spring.snappy.dampingFraction - 0.85) < 1e-12 && abs(Spring.bouncy.dampingFraction - 0.7) < 1e-12)
    }

    @Test(arguments: [0.3, 0.7, 1.0, 1.6, 3.0])
    func closedFormMatchesIntegration(zeta: Double) {
        let s = Spring(response: 0.4, dampingFraction: zeta)
        for (x0, v0) in [(1.0, 0.0), (0.0, 5.0), (-2.0, 3.0)] {
            for t in [0.01, 0.05, 0.13, 0.3, 0.7] {
                let exact = s.state(x0: x0, v0: v0, t: t)
                let ref = integrate(k: s.stiffness, c: s.damping, x0: x0, v0: v0, until: t)
                #expect(abs(exact.position - ref.0) < 1e-6, "ζ \(zeta) x at \(t)")
                #expect(abs(exact.velocity - ref.1) < 1e-5, "ζ \(zeta) v at \(t)")
            }
        }
    }

    @Test(arguments: [0.3, 0.825, 1.0, 2.0])
    func settlesAndStaysSettled(zeta: Double) {
        let s = Spring(response: 0.5, dampingFraction: zeta)
        let t = s.settlingTime(x0: 1, v0: 0)
        #expect(t > 0.1 && t < 10)
        for dt in stride(from: 0.0, to: 3.0, by: 0.001) {
            let st = s.state(x0: 1, v0: 0, t: t + dt)
            if abs(st.position) > Spring.restDisplacement || abs(st.velocity) > Spring.restVelocity {
                Issue.record("moved again at \(t + dt)"); break
            }
        }
        let before = s.state(x0: 1, v0: 0, t: t - 0.002)
        #expect(abs(before.position) > Spring.restDisplacement || abs(before.velocity) > Spring.restVelocity, "not settled earlier")
    }

    @Test func bouncierSpringsOvershoot() {
        let bouncy = Spring.bouncy
        let minimum = stride(from: 0.0, to: 2, by: 0.001).map { bouncy.state(x0: 1, v0: 0, t: $0).position }.min() ?? 0
        // First overshoot of an underdamped spring: e^(−ζπ/√(1−ζ²)) = 0.0460 for ζ = 0.7.
        let z = bouncy.dampingFraction
        #expect(abs(minimum + exp(-z * .pi / (1 - z * z).squareRoot())) < 1e-4, "overshoot \(minimum)")
        let smooth = Spring.smooth
        let smoothMin = stride(from: 0.0, to: 2, by: 0.001).map { smooth.state(x0: 1, v0: 0, t: $0).position }.min() ?? 0
        #expect(smoothMin > -1e-9, "critically damped never crosses")
    }
}
