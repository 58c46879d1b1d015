import Foundation
import Testing
import Animation

@Suite("Scroll physics")
struct ScrollPhysicsTests {
    @Test func momentumDecaysByTheRatePerMillisecond() {
        #expect(abs(ScrollPhysics.momentumVelocity(v0: 1000, t: 0.001) - 998) < 1e-9)
        #expect(abs(ScrollPhysics.momentumVelocity(v0: 1000, t: 1) - 1000 * pow(0.998, 1000)) < 1e-9)
        // Rest point: x0 − v0/(1000·ln 0.998) ≈ x0 + 0.4995·v0.
        #expect(abs(ScrollPhysics.restPosition(x0: 100, v0: 2000) - (100 + 2000 * 0.49950)) < 0.01)
        // Position is the integral of velocity: compare with a fine Riemann sum.
        var x = 0.0
        let dt = 1e-5
        for i in 0..<50_000 { x += ScrollPhysics.momentumVelocity(v0: 1500, t: (Double(i) + 0.5) * dt) * dt }
        #expect(abs(ScrollPhysics.momentumPosition(x0: 0, v0: 1500, t: 0.5) - x) < 1e-6)
    }

    @Test func rubberBandValues() {
        // (1 − 1/(x·0.55/d + 1))·d, by hand for d = 800.
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 800) - (1 - 1 / (100 * 0.55 / 800 + 1)) * 800) < 1e-12)
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 800) - 51.4620) < 1e-3)
        #expect(abs(ScrollPhysics.rubberBand(800, dimension: 800) - 283.8710) < 1e-3)
        #expect(ScrollPhysics.rubberBand(1e9, dimension: 800) < 800)
        #expect(ScrollPhysics.rubberBand(0, dimension: 800) == 0 && ScrollPhysics.rubberBand(-5, dimension: 800) == 0)
        let range = 0.0...1000.0
        for raw in [-300.0, -10, 0, 500, 1000, 1200] {
            let shown = ScrollPhysics.rubberBanded(raw, range: range, dimension: 600)
            #expect(abs(ScrollPhysics.unRubberBanded(shown, range: range, dimension: 600) - raw) < 1e-6)
        }
    }

    @Test func springBackSettlesAtTheEdge() {
        let m = ScrollMotion.release(x0: -80, v0: 0, range: 0...1000, at: 2)
        let mid = m.state(at: 2.1)
        #expect(mid.position > -80 && mid.position < 0 && !mid.finished)
        let end = m.state(at: 5)
        #expect(end.position == 0 && end.finished)
        // Critically damped: never crosses the edge on the way back.
        for i in 0..<300 { #expect(m.state(at: 2 + Double(i) / 100).position <= 1e-9) }
    }

    @Test func flingAcrossAnEdgeHandsItsVelocityToTheSpring() {
        let m = ScrollMotion.release(x0: 900, v0: 3000, range: 0...1000, at: 0)
        guard let tc = ScrollPhysics.timeToReach(1000, x0: 900, v0: 3000) else { Issue.record("reaches the edge"); return }
        let before = m.state(at: tc - 1e-6), after = m.state(at: tc + 1e-6)
        #expect(abs(before.position - 1000) < 0.01 && abs(after.position - 1000) < 0.01)
        #expect(abs(before.velocity - after.velocity) < 1, "velocity is continuous: \(before.velocity) → \(after.velocity)")
        let peak = (0..<2000).map { m.state(at: tc + Double($0) / 1000).position }.max()!
        #expect(peak > 1010 && peak < 1200, "bounces past the edge by \(peak - 1000)")
        #expect(m.state(at: 10).position == 1000)
    }

    @Test func momentumInsideTheBoundsStopsAtItsRestPoint() {
        let m = ScrollMotion.release(x0: 0, v0: 1000, range: 0...10_000, at: 0)
        let end = m.state(at: 30)
        #expect(end.finished)
        #expect(abs(end.position - ScrollPhysics.restPosition(x0: 0, v0: 1000)) < 0.3)
    }

    @Test func velocityTrackerUsesTheLast100msAndStopsAtAPause() {
        var tr = VelocityTracker()
        for i in 0..<20 { tr.add(time: Double(i) * 0.01, position: Double(i) * 10) } // 1000 pt/s
        #expect(abs(tr.velocity() - 1000) < 1e-6)
        tr.add(time: 0.30, position: 190) // stopped for 110 ms
        #expect(tr.velocity() == 0, "a single sample after a pause has no velocity")
        // A flick that speeds up: x = ½·a·t² reaching 3000 pt/s at 0.1 s. The quadratic fit
        // gives the speed at the end, where a straight line would give about half of it.
        var fast = VelocityTracker()
        for i in 0...12 { let t = Double(i) * 0.1 / 12; fast.add(time: t, position: 0.5 * 30_000 * t * t) }
        #expect(abs(fast.velocity() - 3000) < 1e-6, "\(fast.velocity())")
    }

    @Test func snapTargets() {
        let items = stride(from: 0.0, through: 2000, by: 250).map { $0 }
        #expect(ScrollPhysics.snapTarget(x: 260, v: 0, positions: items) == 250)
        #expect(ScrollPhysics.snapTarget(x: 260, v: 600, positions: items) == 500, "a short fling moves one item")
        #expect(ScrollPhysics.snapTarget(x: 260, v: -600, positions: items) == 0)
        // A long fling goes where momentum would stop: 260 + 0.4995·3000 ≈ 1758 → 1750.
        #expect(ScrollPhysics.snapTarget(x: 260, v: 3000, positions: items) == 1750)
        #expect(ScrollPhysics.snapTarget(x: 1990, v: 5000, positions: items) == 2000)
        #expect(ScrollPhysics.snapTarget(x: 0, v: 0, positions: []) == nil)
    }

    @Test func wheelEaseEndsOnItsTarget() {
        let m = ScrollMotion(.ease(from: 0, to: 60, duration: ScrollPhysics.wheelEase, curve: .easeOut), start: 1)
        #expect(m.state(at: 1).position == 0)
        #expect(m.state(at: 1.075).position > 30)
        #expect(m.state(at: 1.151).position == 60 && m.state(at: 1.151).finished)
    }
}

@Suite("Motion ends below a quarter of a device pixel")
struct MotionEndTests {
    /// The first frame (60 Hz) at which a motion reports finished.
    func end(_ m: ScrollMotion, restTravel: Double) -> Double? {
        var t = 0.0
        while t < 10 { if m.state(at: t, restTravel: restTravel).finished { return t }; t += 1.0 / 60 }
        return nil
    }

    @Test(arguments: [0.25, 0.125])
    func aSpringBackEndsOnceLessThanAQuarterPixelIsLeft(restTravel: Double) throws {
        let m = ScrollMotion(.spring(x0: 100, v0: 0, target: 0, response: ScrollPhysics.springBackResponse), start: 0)
        let t = try #require(end(m, restTravel: restTravel))
        let before = m.state(at: t - 1.0 / 60, restTravel: restTravel)
        #expect(abs(before.position) > restTravel * 0.5, "still visibly moving a frame before: \(before.position)")
        #expect(m.state(at: t, restTravel: restTravel).position == 0, "ends at its destination")
        // Spring's own unit tolerance (0.001 pt) would keep redrawing much longer.
        let unit = try #require(end(m, restTravel: Spring.restDisplacement))
        #expect(unit - t > 0.15, "\(unit - t) s of sub-pixel frames saved")
    }

    @Test func aFlingEndsWithLessThanAQuarterPixelToGo() throws {
        let m = ScrollMotion(.momentum(x0: 0, v0: 3000, range: 0...100_000), start: 0)
        let t = try #require(end(m, restTravel: 0.25))
        let rest = ScrollPhysics.restPosition(x0: 0, v0: 3000)
        let before = m.state(at: t - 1.0 / 60, restTravel: 0.25)
        #expect(rest - before.position > 0.25 && rest - before.position < 0.3, "a frame before the end \(rest - before.position) pt were left")
        #expect(rest - m.state(at: t, restTravel: 0.25).position <= 0.25)
        #expect(try #require(end(m, restTravel: 0.125)) > t, "at scale 2 (a quarter pixel is 0.125 pt) it runs a little longer")
    }
}
