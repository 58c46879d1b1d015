import Geometry
import Testing
@testable import Render

/// How a frame's damage is split into bands of whole rows.
@Suite struct BandRowsTests {
    @Test func smallDamageIsOneBand() {
        #expect(CairoRenderer.bandRows(Rect(x: 0, y: 0, width: 300, height: 300), threads: 2).count == 1)
        #expect(CairoRenderer.bandRows(Rect(x: 0, y: 0, width: 1280, height: 800), threads: 1).count == 1)
        // Bands are 64 rows at least: a wide, short strip stays whole.
        #expect(CairoRenderer.bandRows(Rect(x: 0, y: 0, width: 4000, height: 100), threads: 2).count == 1)
    }

    @Test func bandsCoverTheDamageRowByRow() {
        let rows = CairoRenderer.bandRows(Rect(x: 10, y: 7, width: 1280, height: 801), threads: 3)
        #expect(rows.map { $0.height } == [267, 267, 267])
        #expect(rows.map { $0.minY } == [7, 274, 541])
        #expect(rows.allSatisfy { $0.minX == 10 && $0.width == 1280 })
        let two = CairoRenderer.bandRows(Rect(x: 0, y: 0, width: 1280, height: 801), threads: 2)
        #expect(two.map { $0.height } == [400, 401])
        #expect(CairoRenderer.bandRows(Rect(x: 0, y: 0, width: 1000, height: 200), threads: 8).count == 3)
    }
}
