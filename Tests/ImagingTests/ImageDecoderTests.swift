import Effects
import Foundation
import Testing
import Imaging
import LumenTestSupport
import Pixels

@Suite("Image decoding: formats, orientation, size cap and bad files")
struct ImageDecoderTests {
    func decoded(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.defaultMaxPixels) -> PixelBuffer? {
        if case .success(let b) = ImageDecoder.decode(bytes: bytes, maxPixels: maxPixels) { return b }
        return nil
    }
    func failure(_ bytes: [UInt8]) -> String? {
        if case .failure(let f) = ImageDecoder.decode(bytes: bytes) { return f.reason }
        return nil
    }
    func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }

    @Test func emptyFileFails() { #expect(failure([]) == "empty file") }

    @Test func textFileIsNotAnImage() {
        #expect(failure(Array("hello, I am not a photo\n".utf8)) == "not an image (unrecognised content)")
    }

    @Test func missingFileAndFolderSayWhy() {
        guard case .failure(let f) = ImageDecoder.decode(path: ImageFixtures.path("does-not-exist.jpg")) else { Issue.record(); return }
        #expect(f.reason == "no such file")
        guard case .failure(let g) = ImageDecoder.decode(path: ImageFixtures.directory) else { Issue.record(); return }
        #expect(g.reason.contains("folder"))
    }

    @Test func contentIsSniffedNotTheExtension() {
        let png = ImageFixtures.rgbaPNG(3, 2) { _, _ in (10, 20, 30, 255) }
        let p = ImageFixtures.write(png, "actually-a-png.jpg")
        guard case .success(let b) = ImageDecoder.decode(path: p) else { Issue.record("decodes"); return }
        #expect(b.width == 3 && b.height == 2)
        #expect(rgb(b[1, 1]) == (10, 20, 30))
    }

    @Test func truncatedFilesFail() {
        let jpeg = ImageFixtures.jpeg(64, 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 128) }
        #expect(decoded(jpeg) != nil)
        let half = failure(Array(jpeg.prefix(jpeg.count / 2)))
        #expect(half?.contains("truncated JPEG") == true, "\(half ?? "decoded")")
        let png = ImageFixtures.rgbaPNG(64, 48) { x, y in (UInt8(x), UInt8(y), 0, 255) }
        #expect(failure(Array(png.prefix(png.count / 2))) != nil)
    }

    @Test func corruptDataFails() {
        var png = ImageFixtures.rgbaPNG(16, 16) { _, _ in (1, 2, 3, 255) }
        for i in 40..<min(png.count - 20, 200) { png[i] ^= 0x5A }
        #expect(failure(png) != nil)
    }

    @Test func onePixel() {
        let b = decoded(ImageFixtures.rgbaPNG(1, 1) { _, _ in (255, 0, 0, 255) })
        #expect(b?.width == 1 && b?.height == 1)
        #expect(b.map { rgb($0[0, 0]) == (255, 0, 0) } == true)
    }

    @Test func grayPNG() {
        let png = ImageFixtures.png(width: 4, height: 1, colorType: 0, bitDepth: 8, rows: [[0, 85, 170, 255]])
        guard let b = decoded(png) else { Issue.record("decodes"); return }
        #expect(rgb(b[1, 0]) == (85, 85, 85))
        #expect(b[3, 0] == 0xFFFF_FFFF)
    }

    @Test func sixteenBitPNG() {
        // 16-bit RGB: 0x8000 per channel ≈ 128 in 8 bits.
        let row: [UInt8] = [0x80, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF, 0x00, 0x00]
        guard let b = decoded(ImageFixtures.png(width: 2, height: 1, colorType: 2, bitDepth: 16, rows: [row])) else {
            Issue.record("decodes"); return
        }
        let (r, g, bl) = rgb(b[0, 0])
        #expect(abs(r - 128) <= 1 && g == 255 && bl == 0)
    }

    @Test func transparentPixelsArePremultiplied() {
        guard let b = decoded(ImageFixtures.rgbaPNG(2, 1) { x, _ in x == 0 ? (255, 255, 255, 128) : (200, 100, 50, 0) }) else {
            Issue.record("decodes"); return
        }
        #expect(b[0, 0] >> 24 == 128)
        #expect(abs(Int(b[0, 0] >> 16 & 0xFF) - 128) <= 1, "colour scaled by alpha")
        #expect(b[1, 0] == 0, "fully transparent is all zero")
    }

    @Test(arguments: [false, true])
    func exifOrientationIsHonoured(bigEndian: Bool) {
        // Stored 40×20: left half red, right half blue. Orientation 6 turns it 90° clockwise:
        // 20×40 with red on top.
        let jpeg = ImageFixtures.jpeg(40, 20) { x, _ in x < 20 ? (255, 0, 0) : (0, 0, 255) }
        guard let b = decoded(ImageFixtures.withOrientation(jpeg, 6, bigEndian: bigEndian)) else { Issue.record("decodes"); return }
        #expect(b.width == 20 && b.height == 40)
        let top = rgb(b[10, 5]), bottom = rgb(b[10, 35])
        #expect(top.0 > 200 && top.2 < 60)
        #expect(bottom.2 > 200 && bottom.0 < 60)
        // Orientation 3: upside down, so blue comes first.
        guard let c = decoded(ImageFixtures.withOrientation(jpeg, 3, bigEndian: bigEndian)) else { Issue.record("decodes"); return }
        #expect(c.width == 40 && rgb(c[5, 10]).2 > 200)
    }

    @Test func hugeJPEGIsDecodedSmallNotWhole() {
        // 12000×8400 = 100.8 megapixels; a whole decode would need 403 MB.
        let jpeg = ImageFixtures.jpeg(12000, 8400, quality: 30) { x, y in (UInt8(x / 48 & 0xFF), UInt8(y / 33 & 0xFF), 90) }
        let header = jpeg.withUnsafeBytes { ImageDecoder.header($0) }
        #expect((try? header.get()).map { [$0.width, $0.height] } == [12000, 8400])
        guard let b = decoded(jpeg) else { Issue.record("decodes"); return }
        // libjpeg's DCT scaling at 1/4 gives exactly 3000×2100 (under the 16 MP cap); a whole
        // decode scaled down to the cap afterwards would be about 4896×3427.
        #expect(b.width == 3000 && b.height == 2100, "decoded at 1/4 by libjpeg: \(b.width)×\(b.height)")
    }

    @Test func hugePNGIsRefusedWithAReason() {
        let header = ImageFixtures.png(width: 20000, height: 20000, colorType: 6, bitDepth: 8, rows: [])
        #expect(failure(header) == "20000×20000 exceeds the 100-megapixel limit")
    }

    @Test func sizeCapScalesDownOversizedImages() {
        guard let b = decoded(ImageFixtures.rgbaPNG(200, 100) { _, _ in (9, 9, 9, 255) }, maxPixels: 5000) else { Issue.record(); return }
        #expect(b.width * b.height <= 5000 && b.width == 100 && b.height == 50)
    }

    @Test func jpegDenominatorPicksTheLargestDecodeWithinTheCap() {
        #expect(ContentFitting.jpegDenominator(width: 12000, height: 8400, maxPixels: 16 << 20) == 4)
        #expect(ContentFitting.jpegDenominator(width: 4000, height: 3000, maxPixels: 16 << 20) == 1)
        #expect(ContentFitting.jpegDenominator(width: 100_000, height: 100_000, maxPixels: 16 << 20) == 8)
    }
}
