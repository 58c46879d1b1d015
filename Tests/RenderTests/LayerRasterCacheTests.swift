import Geometry
import Testing
@testable import Render
import Pixels

/// A drop-shadow layer that draws the same thing is drawn once and reused.
@Suite struct LayerRasterCacheTests {
    func frame(dx: Double, color: Color = .orange) -> DisplayList {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 0, y: 0, width: 300, height: 200)), .white)
        list.append(.pushTransform(.translation(dx, 10)))
        list.append(.pushLayer(.dropShadow(color: Color.black.opacity(0.5), radius: 8, offset: Point(0, 3)),
                               bounds: Rect(x: 40, y: 40, width: 160, height: 60)))
        list.fill(.roundedRect(Rect(x: 40, y: 40, width: 160, height: 60), radius: 12, style: .continuous), color)
        // A faded part inside, as the hero's subtitle.
        list.append(.pushLayer(.opacity(0.85), bounds: Rect(x: 60, y: 60, width: 40, height: 20)))
        list.fill(.rect(Rect(x: 60, y: 60, width: 40, height: 20)), .white)
        list.append(.popLayer)
        list.append(.popLayer)
        list.append(.popTransform)
        return list
    }

    func same(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        (0..<a.height).allSatisfy { y in (0..<a.width).allSatisfy { a[$0, y] == b[$0, y] } }
    }

    @Test func aLayerDrawingTheSameIsKeptAndReused() {
        let kept = CairoRenderer(threads: 1)
        let first = kept.render(frame(dx: 0), width: 300, height: 200)
        #expect(kept.layerRasters.count == 1 && kept.layerRasters.byteCount > 0, "the layer and its silhouette are kept")
        // The same layer again, and moved by whole pixels: drawn from what was kept.
        let again = kept.render(frame(dx: 0), width: 300, height: 200)
        let moved = kept.render(frame(dx: 3), width: 300, height: 200)
        #expect(kept.layerRasters.count == 1, "nothing new was drawn")
        #expect(same(again, first))
        #expect(same(moved, CairoRenderer(threads: 1).render(frame(dx: 3), width: 300, height: 200)), "as a fresh render draws it")
        #expect(!same(moved, first))
        // Half a pixel over, or another colour: drawn again.
        let half = kept.render(frame(dx: 0.5), width: 300, height: 200)
        #expect(kept.layerRasters.count == 2)
        #expect(same(half, CairoRenderer(threads: 1).render(frame(dx: 0.5), width: 300, height: 200)))
        let blue = kept.render(frame(dx: 0, color: .blue), width: 300, height: 200)
        #expect(kept.layerRasters.count == 3)
        #expect(Fixtures.close(blue[120, 80], .blue))
    }
}
