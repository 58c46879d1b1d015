import BuiltInScenes
import Foundation
import Geometry
import Render
import Testing
import Widgets
import Scenes
import Imaging
import LumenTestSupport
import Pixels

@Suite("Placeholders for photos that are loading or cannot be opened")
struct PlaceholderTests {
    func render(_ asset: ImageAsset) -> PixelBuffer {
        TextEngine.registerFonts(directory: Harness.assets + "/fonts")
        let node = ImageNode(asset, cornerRadius: 12)
        let tree = WidgetTree(root: node.frame(width: 240, height: 180), size: Size(width: 240, height: 180))
        let (list, _) = tree.frame()
        return CairoRenderer().render(list, width: 240, height: 180)
    }

    func count(_ b: PixelBuffer, _ test: (Int, Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<b.height { for x in 0..<b.width { let p = b[x, y]; if test(Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) { n += 1 } } }
        return n
    }

    @Test func failedPhotoShowsABrokenImageIconAndItsName() throws {
        let loader = ImageLoader()
        loader.log = { _ in }
        let asset = loader.image(at: ImageFixtures.write(Array("garbage".utf8), "holiday.jpg"))
        loader.waitForAll()
        let px = render(asset)
        #expect(count(px) { r, g, b in r == 229 && g == 229 && b == 234 } > 240 * 180 / 2, "light placeholder fill")
        #expect(count(px) { r, _, _ in r < 160 } > 200, "icon and caption drawn")
        #expect(px[1, 1] == 0xFFFF_FFFF, "rounded corner keeps its clip")
    }

    @Test func loadingPhotoShowsANeutralPlaceholder() {
        let px = render(ImageAsset(name: "later.jpg"))
        #expect(count(px) { r, g, b in r == 209 && g == 209 && b == 214 } > 240 * 180 / 2)
    }
}
