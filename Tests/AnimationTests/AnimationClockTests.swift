import Testing
import Animation

@Suite("Animation clock")
struct AnimationClockTests {
    @Test func advancesMonotonically() {
        let c = AnimationClock()
        c.advance(to: 1)
        #expect(c.now == 1)
        c.advance(to: 0.5)
        #expect(c.now == 1, "earlier times are ignored")
        c.advance(by: 0.25)
        #expect(c.now == 1.25)
        c.advance(to: .nan)
        #expect(c.now == 1.25)
    }

    @Test func slowdownDividesElapsedTime() {
        let c = AnimationClock(slowdown: 10)
        c.advance(to: 2)
        #expect(abs(c.now - 0.2) < 1e-12)
        #expect(AnimationClock(slowdown: 0).slowdown == 1)
        #expect(AnimationClock(slowdown: -.infinity).slowdown == 1)
    }
}
