@testable import Imaging
import Testing

/// The size a thumbnail is decoded at: the width asked for, the picture's aspect, and never
/// more pixels than a decode may have.
@Suite("Thumbnail sizes")
struct ThumbnailSizeTests {
    func header(_ w: Int64, _ h: Int64, orientation: Int = 1) -> ImageHeader {
        ImageHeader(format: .webp, width: w, height: h, frames: 1, orientation: orientation)
    }

    @Test func aThumbnailKeepsTheAspectInTheStoredOrientation() {
        #expect(ImageDecoder.thumbnailSize(of: header(4000, 3000), width: 96, maxPixels: 1 << 24)! == (96, 72))
        // Turned by its EXIF orientation: 96 wide upright is 96 tall as stored.
        #expect(ImageDecoder.thumbnailSize(of: header(4000, 3000, orientation: 6), width: 96, maxPixels: 1 << 24)! == (128, 96))
        #expect(ImageDecoder.thumbnailSize(of: header(90, 60), width: 96, maxPixels: 1 << 24) == nil)
    }

    /// The webp fuzz target's file: a 35-byte WebP whose canvas claims 128 × 3,014,657 asked
    /// for a 96 × 2,260,993 thumbnail, 868 MB of RGBA.
    @Test func aThinStripsThumbnailIsHeldToTheCap() throws {
        let t = try #require(ImageDecoder.thumbnailSize(of: header(128, 3_014_657), width: 96, maxPixels: 1 << 24))
        #expect(t.width * t.height <= 1 << 24 && t.width >= 1, "\(t)")
        #expect(abs(Double(t.height) / Double(t.width) - 3_014_657.0 / 128) < 3_014_657.0 / 128 * 0.05, "\(t)")
    }
}
