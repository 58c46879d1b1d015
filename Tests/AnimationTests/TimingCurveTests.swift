import Testing
@testable import Animation

/// An independent reference: the Bézier in Bernstein form, solved for x by 200 bisection steps.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return b(y1, y2, (lo + hi) / 2)
}

@Suite("Timing curves")
struct TimingCurveTests {
    static let curves: [(String, TimingCurve, (Double, Double, Double, Double))] = [
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInOut", .easeInOut, (0.42, 0, 0.58, 1)),
        ("custom", .bezier(0.25, 0.1, 0.25, 1), (0.25, 0.1, 0.25, 1)),
        ("overshoot", .bezier(0.34, 1.56, 0.64, 1), (0.34, 1.56, 0.64, 1)),
    ]

    @Test func endpointsAreExact() {
        for (name, c, _) in Self.curves + [("linear", .linear, (0, 0, 1, 1))] {
            #expect(c.value(0) == 0, "\(name)")
            #expect(c.value(1) == 1, "\(name)")
            #expect(c.value(-0.5) == 0 && c.value(1.5) == 1, "\(name) clamps time")
        }
    }

    @Test func valuesMatchTheReferenceTo1e6() {
        for (name, c, p) in Self.curves {
            for i in 0...40 {
                let x = Double(i) / 40
                let expected = referenceBezier(p.0, p.1, p.2, p.3, at: x)
                #expect(abs(c.value(x) - expected) < 1e-6, "\(name) at \(x): \(c.value(x)) vs \(expected)")
            }
        }
    }

    @Test func handPickedValues() {
        // easeInOut is symmetric: y(0.5) = 0.5, y(1 − x) = 1 − y(x).
        #expect(abs(TimingCurve.easeInOut.value(0.5) - 0.5) < 1e-9)
        for x in [0.1, 0.25, 0.4] { #expect(abs(TimingCurve.easeInOut.value(1 - x) - (1 - TimingCurve.easeInOut.value(x))) < 1e-9) }
        #expect(TimingCurve.linear.value(0.3) == 0.3)
    }

    @Test func monotoneCurvesAreMonotone() {
        for c in [TimingCurve.easeIn, .easeOut, .easeInOut, .linear] {
            var last = -1.0
            for i in 0...1000 {
                let v = c.value(Double(i) / 1000)
                #expect(v >= last - 1e-12)
                last = v
            }
        }
    }

    @Test func roundTripOfTheCurveParameter() {
        let b = UnitBezier(0.42, 0, 0.58, 1)
        for i in 0...50 {
            let x = Double(i) / 50
            #expect(abs(b.sampleX(b.solveCurveX(x)) - x) < 1e-6)
        }
    }

    @Test func controlPointsOutsideTheUnitIntervalAreClamped() {
        let b = UnitBezier(-0.5, 0, 1.7, 1)
        #expect(b.x1 == 0 && b.x2 == 1)
        var last = -1.0
        for i in 0...100 { let v = b.value(Double(i) / 100); #expect(v >= last - 1e-12); last = v }
    }

    @Test func slopeMatchesFiniteDifferences() {
        for (_, c, _) in Self.curves {
            for x in [0.1, 0.3, 0.5, 0.7, 0.9] {
                let h = 1e-6
                let fd = (c.value(x + h) - c.value(x - h)) / (2 * h)
                #expect(abs(c.slope(x) - fd) < 1e-4)
            }
        }
    }
}
