import Testing
@testable import App

@Suite("Percentiles")
struct PercentilesTests {
    @Test func percentilesByNearestRank() {
        let s = (1...100).map(Double.init)
        #expect(Percentiles.percentile(s, 99) == 99)
        #expect(Percentiles.percentile(s, 100) == 100)
        #expect(Percentiles.median(s) == 50.5)
        #expect(Percentiles.median([3, 1, 2]) == 2)
        #expect(Percentiles.percentile([], 50) == 0)
    }
}
