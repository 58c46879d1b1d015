import Effects
import Foundation
import Render
import Testing
@testable import App

@Suite("JPEG headers, percentiles, the image loader")
struct SupportTests {
    @Test func jpegHeaderReadsSizeAndOrientation() {
        let jpeg = ImageFixtures.jpeg(33, 17) { _, _ in (1, 2, 3) }
        #expect(JPEGHeader.dimensions(jpeg)! == (33, 17))
        #expect(JPEGHeader.orientation(jpeg) == .up)
        for o in 1...8 {
            #expect(JPEGHeader.orientation(ImageFixtures.withOrientation(jpeg, UInt16(o))).rawValue == o)
        }
        #expect(JPEGHeader.isComplete(jpeg))
        #expect(!JPEGHeader.isComplete(Array(jpeg.dropLast(2))))
    }

    @Test func sniffing() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }

    @Test func percentilesByNearestRank() {
        let s = (1...100).map(Double.init)
        #expect(Percentiles.percentile(s, 99) == 99)
        #expect(Percentiles.percentile(s, 100) == 100)
        #expect(Percentiles.median(s) == 50.5)
        #expect(Percentiles.median([3, 1, 2]) == 2)
        #expect(Percentiles.percentile([], 50) == 0)
    }

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
        #expect(logged.lines == ["notes.jpg: not an image (unrecognised content)"])
        #expect(!loader.isBusy)
    }
}

final class LogBox: @unchecked Sendable { var lines: [String] = [] }

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
