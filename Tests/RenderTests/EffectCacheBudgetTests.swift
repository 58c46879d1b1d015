import Geometry
import Testing
@testable import Render

@Suite("Effect caches count against the image memory budget")
struct EffectCacheBudgetTests {
    /// Twenty different full-size gradients (1000 × 500: 2 MB each) and forty different shadow
    /// masks under an 8 MB budget: what the caches hold never passes it, though their own count
    /// limits (8 rasters, 64 masks) would allow 16 MB of gradients alone.
    @Test func gradientsAndShadowsStayWithinTheBudget() {
        let memory = ImageMemory(byteLimit: 8 << 20)
        let renderer = CairoRenderer(memory: memory)
        var worst = 0
        for i in 0..<20 {
            var list = DisplayList()
            let g = LinearGradient(stops: [GradientStop(0, .indigo), GradientStop(Double(i + 1) / 21, .orange), GradientStop(1, .black)],
                                   start: Point(0, 0), end: Point(1000, 500))
            list.append(.fill(.rect(Rect(x: 0, y: 0, width: 1000, height: 500)), .linearGradient(g), opacity: 1))
            for k in 0..<2 {
                let side = 100.0 + Double(i * 2 + k) * 7
                list.append(.shadow(.roundedRect(Rect(x: 20, y: 20, width: side, height: side), radius: 12, style: .continuous),
                                    color: .black, blur: 20, offset: Point(4, 6)))
            }
            _ = renderer.render(list, width: 1000, height: 500)
            let held = renderer.gradients.byteCount + renderer.shadows.byteCount + renderer.images.byteCount
            worst = max(worst, held)
            #expect(memory.byteCount <= 8 << 20 && held <= 8 << 20, "after \(i + 1) frames: \(held) bytes held")
        }
        #expect(worst > 4 << 20, "the caches did fill up to the budget: \(worst)")
        #expect(memory.evictions > 10)
    }

    /// While a frame's bands draw, nothing is evicted under them; the budget is met once they end.
    @Test func evictionsWaitForTheFrame() {
        final class Holding {}
        let memory = ImageMemory(byteLimit: 1000)
        let a = Holding(), b = Holding(), c = Holding()
        var evicted: [String] = []
        memory.add(a, bytes: 600) { evicted.append("a"); memory.remove(a) }
        memory.holdingEvictions {
            memory.add(b, bytes: 600) { evicted.append("b"); memory.remove(b) }
            memory.add(c, bytes: 600) { evicted.append("c"); memory.remove(c) }
            #expect(evicted.isEmpty && memory.byteCount == 1800)
        }
        #expect(evicted == ["a", "b"] && memory.byteCount == 600)
        // Without a hold the older go at once.
        memory.add(a, bytes: 600) { evicted.append("a"); memory.remove(a) }
        #expect(evicted == ["a", "b", "c"])
    }

    /// A renderer that goes (a home picture's, a recording's) gives back what its caches held:
    /// the budget, which outlives it, does not keep counting those bytes.
    @Test func aRendererThatGoesGivesItsBytesBack() {
        let memory = ImageMemory()
        do {
            let renderer = CairoRenderer(memory: memory, threads: 1)
            var list = DisplayList()
            list.append(.image(ImageDraw(image: Fixtures.image(64, 64) { _, _ in .red }, destination: Rect(x: 0, y: 0, width: 16, height: 16),
                                         saturation: 0.5)))
            list.append(.shadow(.rect(Rect(x: 20, y: 20, width: 40, height: 40)), color: .black, blur: 10, offset: .zero))
            _ = renderer.render(list, width: 64, height: 64)
            #expect(memory.byteCount > 0)
        }
        #expect(memory.byteCount == 0)
    }
}
