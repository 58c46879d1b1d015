import Foundation
import Geometry
import Testing
import Render

/// Photos whose drawn size moves are drawn from mip levels; a size at rest gets its exact copy.
@Suite("Mip levels for moving sizes")
struct MipLevelsTests {
    /// A 1600 × 1200 photo with detail at every scale (checks and a gradient).
    static func photo() -> ImageAsset {
        Fixtures.image(1600, 1200) { x, y in
            ((x / 3 + y / 3) % 2 == 0) ? Color(red: Double(x) / 1600, green: 0.4, blue: Double(y) / 1200) : .white
        }
    }

    static func list(_ image: ImageAsset, width: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: width, height: width * 0.75))))
        return list
    }

    /// Draws frames until every copy and pyramid asked for has landed (at most 2 s).
    static func waitForBackground(_ r: CairoRenderer) {
        for _ in 0..<400 where !r.images.backgroundWorkDone { usleep(5_000) }
    }

    @Test func aMovingSizeDrawsFromTheLevelAboveAndARestingOneGetsItsCopy() throws {
        let image = Self.photo()
        let memory = ImageMemory()
        let r = CairoRenderer(memory: memory, scalesInBackground: true, threads: 1)
        _ = r.render(Self.list(image, width: 300), width: 320, height: 240)
        Self.waitForBackground(r)
        // Moving: a new size every frame draws from the 400 × 300 level, with no new copy.
        for (i, w) in [310.0, 300, 290, 300, 305].enumerated() {
            _ = r.render(Self.list(image, width: w), width: 320, height: 240)
            Self.waitForBackground(r)
            #expect(r.images.copySizes(of: image).isEmpty, "frame \(i): no copy while the size moves")
        }
        #expect(r.images.hasLevels(of: image, gray: false) && !r.images.hasLevels(of: image, gray: true))
        let pixels = try #require(image.peekPixels)
        let found = try #require(r.images.drawable(image, pixels: pixels, width: 300, height: 225, gray: false))
        #expect(!found.exact && found.entry.width == 400 && found.entry.height == 300)
        #expect(r.images.misses == 0)
        #expect(r.images.hasArrivals, "a size that may be at rest asks for another frame")

        // At rest: the same size for a few frames gets its exact copy, then draws 1:1.
        for _ in 0..<ImageCache.restFrames { _ = r.render(Self.list(image, width: 300), width: 320, height: 240) }
        Self.waitForBackground(r)
        _ = r.render(Self.list(image, width: 300), width: 320, height: 240)
        #expect(r.images.copySizes(of: image).map { "\($0.width)x\($0.height)" } == ["300x225"])
        #expect(r.images.misses == 1 && !r.images.hasArrivals, "settled: nothing more to draw")

        // The pyramid's bytes are counted (400×300 + 200×150 + … ≥ a quarter of the photo's),
        // and given back with the photo.
        let levelBytes = r.images.byteCount - 300 * 225 * 4
        #expect(levelBytes >= 400 * 300 * 4 && levelBytes < 1600 * 1200 * 4 / 3)
        #expect(memory.byteCount == r.images.byteCount)
    }

    @Test func copiesAndLevelsGoWithTheirPhoto() {
        let memory = ImageMemory()
        let r = CairoRenderer(memory: memory, scalesInBackground: true, threads: 1)
        do {
            let image = Self.photo()
            for w in [300.0, 280, 260] {
                _ = r.render(Self.list(image, width: w), width: 320, height: 240)
                Self.waitForBackground(r)
            }
            #expect(memory.byteCount > 0)
        }
        _ = r.render(DisplayList(), width: 320, height: 240)
        #expect(memory.byteCount == 0 && r.images.byteCount == 0)
    }

    /// Gray draws at moving sizes get a gray pyramid (from the photo in gray), never a colour stand-in.
    @Test func grayDrawsHaveGrayLevels() throws {
        let image = Self.photo()
        let r = CairoRenderer(scalesInBackground: true, threads: 1)
        func gray(_ w: Double) -> DisplayList {
            var list = DisplayList()
            list.append(.image(ImageDraw(image: image, destination: Rect(x: 0, y: 0, width: w, height: w * 0.75), saturation: 0)))
            return list
        }
        let first = r.render(gray(700), width: 800, height: 600)
        #expect(Fixtures.close(first[10, 10], Color(red: 209.0 / 255, green: 209.0 / 255, blue: 214.0 / 255), tolerance: 1), "the placeholder until gray exists")
        Self.waitForBackground(r)
        let second = r.render(gray(690), width: 800, height: 600)
        #expect(r.images.hasLevels(of: image, gray: true))
        let found = try #require(r.images.drawable(image, pixels: image.peekPixels, width: 690, height: 518, gray: true))
        #expect(!found.exact && found.entry.width == 800, "the gray level at or above 690 px")
        let c = Fixtures.rgb(second[100, 100])
        #expect(abs(c.0 - c.1) <= 1 && abs(c.1 - c.2) <= 1, "gray is gray")
    }
}
