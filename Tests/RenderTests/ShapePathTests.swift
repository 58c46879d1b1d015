import Geometry
import Testing
import Render

@Suite("Shape outlines")
struct ShapePathTests {
    @Test func continuousCornerSpansItsExtentAlongEachEdge() {
        let r = Rect(x: 0, y: 0, width: 200, height: 100)
        let e = ShapePath.elements(.roundedRect(r, radius: 20, style: .continuous))
        guard case .move(let start) = e.first else { Issue.record("starts with a move"); return }
        #expect(abs(start.x - 20 * ShapePath.continuousExtent) < 1e-9)
        #expect(start.y == 0)
        // Every point stays inside the rectangle.
        for el in e {
            if case .curve(let a, let b, let c) = el {
                for p in [a, b, c] { #expect(p.x >= -1e-9 && p.x <= 200 + 1e-9 && p.y >= -1e-9 && p.y <= 100 + 1e-9) }
            }
        }
    }

    @Test func hugeRadiusIsLimitedToHalfTheShortSide() {
        let r = Rect(x: 0, y: 0, width: 100, height: 40)
        for style in [CornerStyle.circular, .continuous] {
            let e = ShapePath.elements(.roundedRect(r, radius: 500, style: style))
            guard case .move(let start) = e.first else { return }
            #expect(start.x <= 20 + 1e-9, "\(style)")
        }
    }

    @Test func zeroRadiusIsARect() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(ShapePath.elements(.roundedRect(r, radius: 0, style: .continuous)) == ShapePath.elements(.rect(r)))
    }
}
