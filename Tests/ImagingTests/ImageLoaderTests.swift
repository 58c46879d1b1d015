import Foundation
import LumenTestSupport
import Render
import Testing
import Imaging

@Suite("The image loader")
struct ImageLoaderTests {
    @Test func loaderDecodesInTheBackgroundAndLogsFailuresOnce() {
        let good = ImageFixtures.write(ImageFixtures.rgbaPNG(4, 3) { _, _ in (0, 128, 0, 255) }, "good.png")
        let bad = ImageFixtures.write(Array("not a photo".utf8), "notes.jpg")
        let loader = ImageLoader()
        let logged = LogBox()
        loader.log = { logged.lines.append($0) }
        let a = loader.image(at: good), b = loader.image(at: bad)
        #expect(loader.image(at: good) === a, "one asset per path")
        #expect(a.isLoading && b.isLoading, "placeholders until delivered on the main thread")
        loader.waitForAll()
        #expect(a.pixelSize?.width == 4)
        #expect(b.failure == "not an image (unrecognised content)")
        #expect(logged.lines == ["\(bad): not an image (unrecognised content)"], "one line with the full path")
        #expect(!loader.isBusy)
    }
}

@Suite("Photo memory follows the nodes")
struct PhotoMemoryTests {
    @Test func aPhotoNoLongerShownIsFreedAndLoadsAgainWhenNeeded() {
        let path = ImageFixtures.write(ImageFixtures.rgbaPNG(8, 8) { _, _ in (1, 2, 3, 255) }, "weak.png")
        let loader = ImageLoader()
        weak var first: ImageAsset?
        do {
            let a = loader.image(at: path)
            first = a
            loader.waitForAll()
            #expect(a.pixels != nil)
        }
        #expect(first == nil, "no node holds it: its pixels are gone")
        let again = loader.image(at: path)
        #expect(again.isLoading)
        loader.waitForAll()
        #expect(again.pixels?.width == 8)
    }
}
