import Testing
@testable import App

@Suite("Giving heap pages back")
struct HeapTrimScheduleTests {
    @Test func trimsAfterEvictionsAtMostEveryFiveSeconds() {
        var s = HeapTrimSchedule()
        // (evictions so far, host seconds, whether a trim is due)
        let passes: [(Int, Double, Bool, String)] = [
            (0, 100, false, "nothing evicted"),
            (3, 100, true, "evictions"),
            (7, 103, false, "3 s later: too soon"),
            (7, 105, false, "5 s is not more than 5 s"),
            (7, 105.5, true, "more evictions, 5.5 s later"),
            (7, 200, false, "nothing new evicted"),
        ]
        for (evictions, now, due, why) in passes {
            let trims = s.isDue(evictions: evictions, at: now)
            #expect(trims == due, "\(why)")
        }
    }
}
