import Foundation
import Geometry
import Imaging
import LumenTestSupport
import Render
import Testing
import Widgets
import Pixels

@Suite("One memory budget for every photo")
struct ImageMemoryTests {
    /// 100 different 640×480 photos (1.2 MB each decoded, 123 MB in all) in a lazy list, scrolled
    /// to the end and back under a 32 MB budget.
    @Test func aThirtyTwoMegabyteBudgetHoldsAHundredPhotosAndShowsThemAgain() throws {
        let budget = 32 << 20
        let memory = ImageMemory(byteLimit: budget)
        let loader = ImageLoader(memory: memory)
        let paths = (0..<100).map { i -> String in
            let b = PixelBuffer(width: 640, height: 480, fill: 0xFF00_0000 | UInt32(i * 2) << 16 | 0x8040)
            guard case .success(let jpeg) = JPEGEncoder.encode(b, quality: 90) else { return "" }
            return ImageFixtures.write(jpeg, "budget-\(i).jpg")
        }
        let assets = paths.map { loader.image(at: $0) }
        let list = LazyStack(spacing: 0, count: 100, estimatedLength: 300, lengthHint: { _ in 300 }) { i in
            ImageNode(assets[i], contentMode: .fill).frame(width: 400, height: 300)
        }
        let scroll = ScrollView(list)
        let tree = WidgetTree(root: scroll.frame(maxWidth: .infinity, maxHeight: .infinity), size: Size(width: 400, height: 600))
        let renderer = CairoRenderer(memory: memory)

        /// Draws the window as the app would: photos asked for arrive, a frame is drawn, and a
        /// photo decoded again is drawn once more.
        func frame() -> PixelBuffer {
            var pixels = PixelBuffer(width: 1, height: 1)
            for _ in 0..<3 {
                loader.waitForAll()
                if loader.takeReloaded() { tree.damageAll() }
                tree.damageAll()
                let (list, _) = tree.frame()
                pixels = renderer.render(list, width: 400, height: 600)
                if !loader.isBusy { break }
            }
            return pixels
        }
        func held() -> Int { assets.reduce(0) { $0 + (($1.isLoading || $1.isUnloaded || $1.failure != nil) ? 0 : 640 * 480 * 4) } + renderer.images.byteCount }

        var worst = 0
        for offset in stride(from: 0.0, through: 30_000 - 600, by: 150) {
            scroll.scroll(to: offset)
            _ = frame()
            worst = max(worst, held())
            #expect(memory.byteCount <= budget, "at \(offset) pt: \(memory.byteCount) bytes counted")
        }
        #expect(worst <= budget, "pixels held never passed 32 MB: \(worst) bytes at most")
        #expect(memory.evictions > 50, "photos went back to the budget on the way: \(memory.evictions)")
        // Back up: every photo shows its own pixels again (red channel 2·i), not a placeholder.
        var shown = Set<Int>()
        for offset in stride(from: 30_000.0 - 600, through: 0, by: -300) {
            scroll.scroll(to: offset)
            let px = frame()
            for row in 0..<2 {
                let i = Int(offset / 300) + row
                let red = Int(px[200, row * 300 + 150] >> 16 & 0xFF)
                #expect(abs(red - 2 * i) <= 3, "photo \(i) at \(offset) pt shows red \(red), expected \(2 * i)")
                shown.insert(i)
            }
            #expect(held() <= budget)
        }
        #expect(shown.count == 100)
    }
}
