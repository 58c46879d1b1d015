import Testing
import Geometry

@Suite("RectRegion: an area less opaque holes, as disjoint rectangles")
struct RectRegionTests {
    /// How many of `rects` hold each whole pixel of a w × h grid.
    static func counts(_ rects: [Rect], width w: Int, height h: Int) -> [Int] {
        var grid = [Int](repeating: 0, count: w * h)
        for r in rects {
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { grid[y * w + x] += 1 } }
        }
        return grid
    }

    @Test func aHoleInTheMiddleLeavesFourRectangles() {
        let area = Rect(x: 0, y: 0, width: 20, height: 20)
        let left = RectRegion.subtracting([Rect(x: 5, y: 5, width: 10, height: 10)], from: area)
        #expect(left.count == 4)
        #expect(left.reduce(0) { $0 + $1.width * $1.height } == 400 - 100)
    }

    @Test func noHolesLeaveTheAreaAndACoveringHoleLeavesNothing() {
        let area = Rect(x: 2, y: 3, width: 10, height: 10)
        #expect(RectRegion.subtracting([], from: area) == [area])
        #expect(RectRegion.subtracting([Rect(x: 50, y: 50, width: 5, height: 5)], from: area) == [area])
        #expect(RectRegion.subtracting([Rect(x: 0, y: 0, width: 20, height: 20)], from: area).isEmpty)
        #expect(RectRegion.subtracting([area], from: .zero).isEmpty)
    }

    @Test func holesSideBySideLeaveNoSlivers() {
        let area = Rect(x: 0, y: 0, width: 20, height: 20)
        let holes = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10)]
        #expect(RectRegion.subtracting(holes, from: area) == [Rect(x: 0, y: 10, width: 20, height: 10)])
    }

    /// Random holes on a small grid: every pixel outside all holes is in exactly one rectangle,
    /// every pixel in a hole in none.
    @Test(arguments: 0..<40) func everyPixelLeftIsCoveredOnce(seed: Int) {
        var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let w = 40, h = 30
        let area = Rect(x: Double(next(5)), y: Double(next(5)), width: Double(30 + next(10)), height: Double(20 + next(10)))
        let holes = (0..<(1 + next(12))).map { _ in
            Rect(x: Double(next(w)) - 3, y: Double(next(h)) - 3, width: Double(1 + next(20)), height: Double(1 + next(15)))
        }
        let left = RectRegion.subtracting(holes, from: area)
        let got = Self.counts(left, width: w + 10, height: h + 10)
        let inArea = Self.counts([area], width: w + 10, height: h + 10)
        let inHoles = Self.counts(holes.map { $0.intersection(Rect(x: 0, y: 0, width: Double(w + 10), height: Double(h + 10))) }.filter { !$0.isEmpty },
                                  width: w + 10, height: h + 10)
        for i in got.indices {
            let expected = inArea[i] == 1 && inHoles[i] == 0 ? 1 : 0
            #expect(got[i] == expected, "pixel \(i % (w + 10)), \(i / (w + 10))")
            if got[i] != expected { return }
        }
    }

    @Test func intersectingListsKeepsWhatBothHold() {
        let cross = [Rect(x: 0, y: 2, width: 10, height: 6), Rect(x: 2, y: 0, width: 6, height: 10)]
        let box = [Rect(x: 5, y: 0, width: 10, height: 10)]
        #expect(RectRegion.intersecting(cross, box) == [Rect(x: 5, y: 2, width: 5, height: 6), Rect(x: 5, y: 0, width: 3, height: 10)])
    }
}
