import Testing
@testable import App

@Suite("Giving heap pages back")
struct HeapTrimScheduleTests {
    @Test func trimsAfterPixelsGoAtMostEveryFiveSecondsAndWhileDrawingEveryThirty() {
        var s = HeapTrimSchedule()
        // (bytes given back so far, frames so far, host seconds, whether a trim is due)
        let passes: [(Int, Int, Double, Bool, String)] = [
            (0, 0, 100, false, "nothing given back, nothing drawn"),
            (3_000_000, 0, 100, true, "pixels given back"),
            (7_000_000, 5, 103, false, "3 s later: too soon"),
            (7_000_000, 5, 105, false, "5 s is not more than 5 s"),
            (7_000_000, 5, 105.5, true, "more given back, 5.5 s later"),
            (7_000_000, 900, 130, false, "drawing, 24.5 s later"),
            (7_000_000, 1_000, 136, true, "drawing, 30.5 s later"),
            (7_000_000, 1_000, 300, false, "nothing given back, nothing drawn"),
        ]
        for (givenBack, frames, now, due, why) in passes {
            let trims = s.isDue(givenBack: givenBack, frames: frames, at: now)
            #expect(trims == due, "\(why)")
        }
    }
}
