import Geometry
import Testing

@Suite struct DisplayRotationTests {
    let window = Size(width: 1920, height: 1080)

    @Test func turnedClockwiseTheLayoutsTopLeftShowsAtTheWindowsTopRight() {
        #expect(DisplayRotation.quarter.logicalSize(window) == Size(width: 1080, height: 1920))
        #expect(DisplayRotation.quarter.toWindow(Point(0, 0), window: window) == Point(1920, 0))
        #expect(DisplayRotation.half.toWindow(Point(0, 0), window: window) == Point(1920, 1080))
        #expect(DisplayRotation.threeQuarters.toWindow(Point(0, 0), window: window) == Point(0, 1080))
        #expect(DisplayRotation.quarter.toWindow(Point(1080, 1920), window: window) == Point(0, 1080))
    }

    @Test(arguments: DisplayRotation.allCases) func toLogicalUndoesToWindowAndMatchesItsTransform(rotation: DisplayRotation) {
        for p in [Point(0, 0), Point(100, 7), Point(1079, 1919), Point(333.5, 20.25)] {
            let w = rotation.toWindow(p, window: window)
            #expect(rotation.toLogical(w, window: window) == p)
            #expect(rotation.windowToLogical(window: window).apply(w) == p)
        }
        let r = rotation.toWindow(Rect(x: 10, y: 20, width: 30, height: 40), window: window)
        #expect(r.size == (rotation.swapsAxes ? Size(width: 40, height: 30) : Size(width: 30, height: 40)))
    }
}
