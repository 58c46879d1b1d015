import Testing
import Animation

@Suite("Frame pacing on the display's grid")
struct FramePacerTests {
    /// Frames of 5, 5, 20 (late), 5, 40 (two periods late) and 5 ms at 60 Hz from t = 10 s: each
    /// frame starts at its deadline (the loop waits for it) or when the previous one ended.
    @Test func deadlinesStayOnTheGridAndLateFramesSkip() {
        var pacer = FramePacer(rate: 60, origin: 10)
        let p = 1.0 / 60
        var presented: [Double] = []
        var end = 10.0
        for ms in [5.0, 5, 20, 5, 40, 5] {
            let start = max(pacer.deadline, end)
            presented.append(pacer.deadline)
            end = start + ms / 1000
            pacer.frameFinished(at: end)
        }
        // Every presented time is origin + k·period, with whole k.
        let ks = presented.map { ($0 - 10) / p }
        for k in ks { #expect(abs(k - k.rounded()) < 1e-6, "on the grid: \(k)") }
        // k by hand: 0, 1, 2 (the 20-ms frame ends at 2p + 20 ms = 53.3 ms, past 3p = 50 ms),
        // then 4, then 5 (the 40-ms frame ends at 5p + 40 ms = 123.3 ms, past 6p and 7p), then 8.
        #expect(ks.map { Int($0.rounded()) } == [0, 1, 2, 4, 5, 8])
        // Animation time advances by whole periods.
        var q = FramePacer(rate: 60, origin: 10)
        q.frameFinished(at: 10.001)
        #expect(abs(q.animationTime - p) < 1e-12)
    }

    @Test func motionAfterIdleStartsOnTheNextGridPoint() {
        var pacer = FramePacer(rate: 60, origin: 0)
        pacer.frameFinished(at: 0.002)          // next deadline 1/60
        pacer.resume(at: 5.0101)                 // idle for seconds
        let k = pacer.deadline * 60
        #expect(abs(k - k.rounded()) < 1e-6 && pacer.deadline >= 5.0101 && pacer.deadline - 5.0101 < 1.0 / 60)
        #expect(abs(pacer.deadline - 301.0 / 60) < 1e-9, "5.0101 s → the 301st period, 5.01667 s")
        pacer.resume(at: 5.0)                    // a deadline still ahead is kept
        #expect(abs(pacer.deadline - 301.0 / 60) < 1e-9)
        pacer.resume(at: 301.0 / 60 + 0.00002)   // and one the wait overshot by 20 µs: drawn now
        #expect(abs(pacer.deadline - 301.0 / 60) < 1e-9)
    }

    @Test func otherRatesAndUnknownOnes() {
        #expect(abs(FramePacer(rate: 144, origin: 0).period - 1.0 / 144) < 1e-12)
        #expect(abs(FramePacer(rate: 0, origin: 0).period - 1.0 / 60) < 1e-12, "unknown: 60 Hz")
        #expect(abs(FramePacer(rate: .nan, origin: 0).period - 1.0 / 60) < 1e-12)
    }
}
