import Geometry
import Testing
import Render

@Suite("Layer effects: a pixelate mosaic and a projection, composited as designed")
struct LayerEffectTests {
    let renderer = CairoRenderer()

    /// A layer of distinct colours per pixel so a wrong sample shows.
    func pattern(_ list: inout DisplayList, _ w: Int, _ h: Int) {
        for y in stride(from: 0, to: h, by: 2) {
            for x in stride(from: 0, to: w, by: 2) {
                list.fill(.rect(Rect(x: Double(x), y: Double(y), width: 2, height: 2)),
                          Color(red: Double(x) / Double(w), green: Double(y) / Double(h), blue: 0.5))
            }
        }
    }

    @Test(arguments: [(10.0, 1.0), (22.0, 1.0), (7.5, 1.0), (10.0, 2.0)])
    func pixelateBlocksAreUniformAndTakeTheCentreColour(size: Double, scale: Double) {
        let w = 100, h = 60
        var plain = DisplayList()
        pattern(&plain, w, h)
        var list = DisplayList()
        list.withLayer(.pixelate(blockSize: size), bounds: Rect(x: 0, y: 0, width: Double(w), height: Double(h))) { pattern(&$0, w, h) }
        let pw = Int(Double(w) * scale), ph = Int(Double(h) * scale)
        let source = renderer.render(plain, width: pw, height: ph, scale: scale)
        let out = renderer.render(list, width: pw, height: ph, scale: scale)
        let block = size * scale
        for py in 0..<ph {
            for px in 0..<pw {
                // Block of this device pixel, by its centre; the colour comes from the block's centre, clamped.
                let bx = ((Double(px) + 0.5) / block).rounded(.down), by = ((Double(py) + 0.5) / block).rounded(.down)
                let cx = min(Int(((bx + 0.5) * block).rounded(.down)), pw - 1)
                let cy = min(Int(((by + 0.5) * block).rounded(.down)), ph - 1)
                if out[px, py] != source[cx, cy] {
                    Issue.record("pixel (\(px), \(py)) of block (\(bx), \(by)) should equal source (\(cx), \(cy))")
                    return
                }
            }
        }
    }

    @Test func pixelateOfOneOrLessLeavesTheLayerUntouched() {
        var plain = DisplayList()
        pattern(&plain, 40, 40)
        var list = DisplayList()
        list.withLayer(.pixelate(blockSize: 1), bounds: Rect(x: 0, y: 0, width: 40, height: 40)) { pattern(&$0, 40, 40) }
        let a = renderer.render(plain, width: 40, height: 40), b = renderer.render(list, width: 40, height: 40)
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { x in a[x, y] == b[x, y] } })
    }

    @Test func pixelateBlocksAlignToTheLayerOrigin() {
        var list = DisplayList()
        list.withLayer(.pixelate(blockSize: 10), bounds: Rect(x: 5, y: 5, width: 30, height: 30)) {
            $0.fill(.rect(Rect(x: 5, y: 5, width: 30, height: 30)), .black)
            $0.fill(.rect(Rect(x: 5, y: 5, width: 5, height: 5)), .red) // the first block's centre is (10, 10): black
        }
        let px = renderer.render(list, width: 40, height: 40)
        #expect(Fixtures.close(px[6, 6], .black))
        #expect(Fixtures.close(px[2, 2], .white), "outside the layer nothing is drawn")
    }

    @Test func projectionMapsCornersWhereTheMatrixSays() {
        // A 40×40 black square under a projective matrix; its corners land at q.apply(corner).
        let q = Projection([1.2, 0.1, 10, 0.05, 0.9, 8, 0.002, 0.001, 1])
        var list = DisplayList()
        list.withLayer(.projection(q), bounds: Rect(x: 0, y: 0, width: 40, height: 40)) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 40, height: 40)), .black)
        }
        let px = renderer.render(list, width: 100, height: 100)
        for corner in [Point(0, 0), Point(40, 0), Point(0, 40), Point(40, 40)] {
            guard let p = q.apply(corner) else { Issue.record("corner behind viewer"); continue }
            // Just inside the corner (towards the centre) is black; just outside is white.
            let centre = q.apply(Point(20, 20))!
            let dir = Point((centre.x - p.x), (centre.y - p.y)) * (1 / (centre - p).length)
            let inside = p + dir * 3, outside = p - dir * 3
            #expect(Fixtures.close(px[Int(inside.x), Int(inside.y)], .black, tolerance: 30), "inside \(corner) → \(p)")
            #expect(Fixtures.close(px[Int(outside.x), Int(outside.y)], .white, tolerance: 30), "outside \(corner) → \(p)")
        }
    }

    @Test func identityProjectionDrawsAsIs() {
        var list = DisplayList()
        list.withLayer(.projection(.identity), bounds: Rect(x: 0, y: 0, width: 10, height: 10)) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .black)
        }
        let px = renderer.render(list, width: 20, height: 20)
        #expect(Fixtures.close(px[9, 9], .black))
        #expect(Fixtures.close(px[10, 10], .white))
    }
}
