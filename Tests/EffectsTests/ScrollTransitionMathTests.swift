import Animation
import Testing
import Effects

@Suite("Scroll transition phases from frames against a viewport")
struct ScrollTransitionMathTests {
    let ease: (Double) -> Double = { $0 }  // linear shaping, so values are easy to check by hand

    @Test func fullyInsideIsIdentity() {
        #expect(ScrollTransitionMath.interactivePhase(item: 100...340, viewport: 700, curve: ease) == .identity)
        #expect(ScrollTransitionMath.discretePhase(item: 100...340, viewport: 700) == .identity)
    }

    @Test func halfOutAtTheTop() {
        let p = ScrollTransitionMath.interactivePhase(item: -120...120, viewport: 700, curve: ease)
        #expect(p.kind == .topLeading && abs(p.value - -0.5) < 1e-12)
        #expect(ScrollTransitionMath.discretePhase(item: -120...120, viewport: 700) == ScrollTransitionPhase(.topLeading, value: -1))
    }

    @Test func halfOutAtTheBottom() {
        let p = ScrollTransitionMath.interactivePhase(item: 580...820, viewport: 700, curve: ease)
        #expect(p.kind == .bottomTrailing && abs(p.value - 0.5) < 1e-12)
        // Shaped by ease-in-out, half visible is still half way (the curve is symmetric).
        let eased = ScrollTransitionMath.interactivePhase(item: 580...820, viewport: 700, curve: TimingCurve.easeInOut.value)
        #expect(abs(eased.value - 0.5) < 1e-9)
        let quarter = ScrollTransitionMath.interactivePhase(item: 640...880, viewport: 700, curve: TimingCurve.easeInOut.value)
        #expect(quarter.value > 0.75, "a quarter visible is mostly transitioned under ease-in-out: \(quarter.value)")
    }

    @Test func farAwayIsTheFullEdgeValue() {
        #expect(ScrollTransitionMath.interactivePhase(item: -2000 ... -1760, viewport: 700, curve: ease) == ScrollTransitionPhase(.topLeading, value: -1))
        #expect(ScrollTransitionMath.interactivePhase(item: 5000...5240, viewport: 700, curve: ease) == ScrollTransitionPhase(.bottomTrailing, value: 1))
    }

    @Test func tallerThanTheViewportIsIdentityWhileItFillsIt() {
        #expect(ScrollTransitionMath.interactivePhase(item: -300...1200, viewport: 700, curve: ease) == .identity)
        let leaving = ScrollTransitionMath.interactivePhase(item: -1150...350, viewport: 700, curve: ease)
        #expect(leaving.kind == .topLeading && abs(leaving.value - -0.5) < 1e-12, "350 of 700 visible")
    }

    @Test func otherThresholds() {
        // visible(0.5): identity from half visible.
        #expect(ScrollTransitionMath.interactivePhase(item: 580...820, viewport: 700, threshold: .visibleFraction(0.5), curve: ease) == .identity)
        let q = ScrollTransitionMath.interactivePhase(item: 640...880, viewport: 700, threshold: .visibleFraction(0.5), curve: ease)
        #expect(abs(q.value - 0.5) < 1e-12, "a quarter visible is half way to a half")
        // centered: identity only at the centre.
        #expect(ScrollTransitionMath.interactivePhase(item: 230...470, viewport: 700, threshold: .centered, curve: ease) == .identity)
        let c = ScrollTransitionMath.interactivePhase(item: 0...240, viewport: 700, threshold: .centered, curve: ease)
        #expect(c.kind == .topLeading && abs(c.value - -230.0 / 470) < 1e-12)
    }
}

