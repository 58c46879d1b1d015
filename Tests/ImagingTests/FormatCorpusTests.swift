import Effects
import Foundation
import LumenTestSupport
import Testing
import Imaging
import Pixels

/// A picture of four quadrants, the same in every format: red top-left, green top-right,
/// blue bottom-left, white bottom-right.
enum Quadrants {
    static let colors: [(UInt8, UInt8, UInt8)] = [(220, 30, 40), (40, 200, 60), (30, 60, 210), (250, 250, 250)]
    static func color(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (UInt8, UInt8, UInt8) {
        colors[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)]
    }
    static func rgba(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let c = color(x, y, w, h); return (c.0, c.1, c.2, 255)
    }
}

@Suite("Every format: the right pixels, or the placeholder and one line")
struct FormatCorpusTests {
    static let w = 32, h = 24

    func decode(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.defaultMaxPixels) -> Result<PixelBuffer, ImageDecoder.Failure> {
        ImageDecoder.decode(bytes: bytes, maxPixels: maxPixels)
    }

    func rgb(_ p: UInt32) -> (Int, Int, Int) { let c = PixelComparison.rgba(p); return (c.r, c.g, c.b) }

    /// Each quadrant's centre within `tolerance` of its colour.
    func expectQuadrants(_ b: PixelBuffer, tolerance: Int, _ what: String) {
        #expect(b.width == Self.w && b.height == Self.h, "\(what): \(b.width)×\(b.height)")
        guard b.width == Self.w, b.height == Self.h else { return }
        for (i, (x, y)) in [(8, 6), (24, 6), (8, 18), (24, 18)].enumerated() {
            let got = rgb(b[x, y]), want = Quadrants.colors[i]
            let off = max(abs(got.0 - Int(want.0)), abs(got.1 - Int(want.1)), abs(got.2 - Int(want.2)))
            #expect(off <= tolerance, "\(what) quadrant \(i): \(got) vs \(want)")
        }
    }

    static var encoded: [(String, [UInt8], Int)] {
        let (w, h) = (Self.w, Self.h)
        var out: [(String, [UInt8], Int)] = [
            ("png", ImageFixtures.rgbaPNG(w, h) { Quadrants.rgba($0, $1, w, h) }, 0),
            ("interlaced png", FormatFixtures.interlacedPNG(w, h) { Quadrants.rgba($0, $1, w, h) }, 0),
            ("jpeg", ImageFixtures.jpeg(w, h, quality: 95) { Quadrants.color($0, $1, w, h) }, 12),
            ("progressive jpeg", FormatFixtures.jpeg(w, h, progressive: true, arithmetic: false) { Quadrants.color($0, $1, w, h) }, 12),
            ("arithmetic jpeg", FormatFixtures.jpeg(w, h, progressive: false, arithmetic: true) { Quadrants.color($0, $1, w, h) }, 12),
            ("progressive arithmetic jpeg", FormatFixtures.jpeg(w, h, progressive: true, arithmetic: true) { Quadrants.color($0, $1, w, h) }, 12),
            ("gif", FormatFixtures.gif(w, h, frames: [(0..<h).flatMap { y in (0..<w).map { x in UInt8((y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)) } }],
                                       palette: Quadrants.colors), 0),
            ("webp", FormatFixtures.webp(w, h) { Quadrants.rgba($0, $1, w, h) }, 0),
            ("tiff", FormatFixtures.tiff(w, h) { Quadrants.rgba($0, $1, w, h) }, 0),
            ("bmp", FormatFixtures.bmp(w, h) { Quadrants.color($0, $1, w, h) }, 0),
            ("qoi", FormatFixtures.qoi(w, h) { Quadrants.rgba($0, $1, w, h) }, 0),
        ]
        if let heic = FormatFixtures.heif(w, h, codec: 1, { Quadrants.rgba($0, $1, w, h) }) { out.append(("heic", heic, 16)) }
        if let avif = FormatFixtures.heif(w, h, codec: 2, { Quadrants.rgba($0, $1, w, h) }) { out.append(("avif", avif, 16)) }
        return out
    }

    @Test func everyFormatDecodesToTheRightPixels() {
        let files = Self.encoded
        #expect(files.count >= 7, "PNG, JPEG, GIF, WebP, TIFF, BMP and QOI at least")
        for (name, bytes, tolerance) in files {
            #expect(!bytes.isEmpty, "\(name) encoded")
            switch decode(bytes) {
            case .success(let b): expectQuadrants(b, tolerance: tolerance, name)
            case .failure(let f): Issue.record("\(name): \(f.reason)")
            }
        }
    }

    @Test func theInterlacedFixtureIsInterlaced() {
        let png = FormatFixtures.interlacedPNG(8, 8) { _, _ in (1, 2, 3, 255) }
        #expect(png.count > 29 && png[28] == 1, "IHDR interlace method 1 (Adam7)")
    }

    /// The coded JPEGs are what they claim: SOF2 progressive, SOF9 arithmetic, SOF10 both.
    @Test func theCodedJPEGFixturesUseTheirCoding() {
        func hasMarker(_ bytes: [UInt8], _ m: UInt8) -> Bool { zip(bytes, bytes.dropFirst()).contains { $0 == 0xFF && $1 == m } }
        let pixel: (Int, Int) -> (UInt8, UInt8, UInt8) = { x, y in (UInt8(x * 8), UInt8(y * 8), 100) }
        #expect(hasMarker(FormatFixtures.jpeg(16, 16, progressive: true, arithmetic: false, pixel), 0xC2))
        #expect(hasMarker(FormatFixtures.jpeg(16, 16, progressive: false, arithmetic: true, pixel), 0xC9))
        #expect(hasMarker(FormatFixtures.jpeg(16, 16, progressive: true, arithmetic: true, pixel), 0xCA))
    }

    @Test func heicAndAVIFAreDecodedWhereLibheifCan() {
        // Debian 12's libheif decodes HEVC (libde265) and AV1 (dav1d).
        let names = Self.encoded.map(\.0)
        #expect(names.contains("heic") && names.contains("avif"), "HEIC and AVIF encoded and decoded here: \(names)")
    }

    @Test func truncatedAndCorruptFilesOfEveryFormatFail() {
        for (name, bytes, _) in Self.encoded {
            for cut in [bytes.count / 2, 40, 12] where cut < bytes.count {
                let r = decode(Array(bytes.prefix(cut)))
                if case .success = r { Issue.record("\(name) cut to \(cut) bytes decoded") }
            }
            var corrupt = bytes
            for i in stride(from: min(30, corrupt.count - 1), to: corrupt.count, by: 3) { corrupt[i] ^= 0xA5 }
            // Corrupt data may still decode to something (a codec fills what it can read), but never crashes.
            _ = decode(corrupt)
        }
    }

    @Test func headerBombsAreRefusedBeforeAnyPixelExists() {
        var bombs: [(String, [UInt8], String?)] = [
            ("png 65535²", FormatFixtures.pngBomb(width: 65535, height: 65535), "65535×65535 exceeds the 100-megapixel limit"),
            ("png 2³¹−1", FormatFixtures.pngBomb(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), nil),
            ("png 0xFFFFFFFF", FormatFixtures.pngBomb(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), nil),
            ("png 0×N", FormatFixtures.pngBomb(width: 0, height: 100), nil),
            ("gif 65535²", FormatFixtures.gifBomb(width: 65535, height: 65535), "65535×65535 exceeds the 100-megapixel limit"),
            ("gif 0×N", FormatFixtures.gifBomb(width: 0, height: 100), nil),
            ("bmp 30000²", FormatFixtures.bmpHeader(width: 30000, height: 30000), "30000×30000 exceeds the 100-megapixel limit"),
            ("bmp 2³¹−1", FormatFixtures.bmpHeader(width: Int32.max, height: Int32.max), nil),
            ("bmp min", FormatFixtures.bmpHeader(width: Int32.min, height: Int32.min), nil),
            ("bmp 0×N", FormatFixtures.bmpHeader(width: 0, height: 100), nil),
            ("qoi 0xFFFFFFFF", FormatFixtures.qoiHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), nil),
            ("qoi 65535²", FormatFixtures.qoiHeader(width: 65535, height: 65535), "65535×65535 exceeds the 100-megapixel limit"),
            ("webp 16384²", FormatFixtures.webpBomb(width: 16384, height: 16384), nil),
            ("webp 2²⁴", FormatFixtures.webpBomb(width: 1 << 24, height: 1 << 24), nil),
            ("tiff 65535²", FormatFixtures.tiffBomb(width: 65535, height: 65535), "65535×65535 exceeds the 100-megapixel limit"),
            ("tiff 0xFFFFFFFF", FormatFixtures.tiffBomb(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), nil),
            ("tiff 0×N", FormatFixtures.tiffBomb(width: 0, height: 100), nil),
            ("jpeg 65535²", FormatFixtures.jpegBomb(width: 65535, height: 65535), nil),
            ("jpeg 0×N", FormatFixtures.jpegBomb(width: 0, height: 100), nil),
        ]
        // HEIC and AVIF, where this libheif encodes them: sizes claimed by their `ispe` boxes.
        for (codec, format) in [(1, "heic"), (2, "avif")] {
            // libheif's own limit (32768 a side) refuses the larger ones before Lumen's does.
            let libheif = "HEIF refused by libheif's limits: Memory allocation error: Security limit exceeded: Image size 65535x65535 exceeds the maximum image size 32768x32768"
            for (w, h, message) in [(65535, 65535, libheif), (20000, 20000, "20000×20000 exceeds the 100-megapixel limit"), (0x7FFF_FFFF, 0x7FFF_FFFF, nil),
                                    (0xFFFF_FFFF, 0xFFFF_FFFF, nil), (0, 100, nil)] as [(UInt32, UInt32, String?)] {
                guard let bytes = FormatFixtures.heifBomb(codec: codec, width: w, height: h) else { continue }
                bombs.append(("\(format) \(w)×\(h)", bytes, message))
            }
        }
        #expect(bombs.contains { $0.0.hasPrefix("heic") }, "libheif encodes HEIC here")
        for (name, bytes, message) in bombs {
            switch decode(bytes) {
            case .success(let b): Issue.record("\(name) decoded to \(b.width)×\(b.height)")
            case .failure(let f):
                if let m = message { #expect(f.reason == m, "\(name): \(f.reason)") }
                #expect(!f.reason.isEmpty && !f.reason.contains("\n"), "\(name): one line")
            }
        }
    }

    @Test(arguments: [false, true])
    func cmykJPEGsComeOutInTheirColours(adobeInverted: Bool) {
        // Pure cyan, magenta, yellow and 50 % black quadrants (C, M, Y, K bytes, 255 = full ink).
        let inks: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 128)]
        let bytes = FormatFixtures.cmykJPEG(32, 24, adobeInverted: adobeInverted) { x, y in inks[(y < 12 ? 0 : 2) + (x < 16 ? 0 : 1)] }
        guard case .success(let b) = decode(bytes) else { Issue.record("decodes"); return }
        // Naive conversion: R = (255 − C)(255 − K)/255 …
        let expected: [(Int, Int, Int)] = [(0, 255, 255), (255, 0, 255), (255, 255, 0), (127, 127, 127)]
        for (i, (x, y)) in [(8, 6), (24, 6), (8, 18), (24, 18)].enumerated() {
            let got = rgb(b[x, y]), want = expected[i]
            #expect(abs(got.0 - want.0) <= 12 && abs(got.1 - want.1) <= 12 && abs(got.2 - want.2) <= 12,
                    "\(adobeInverted ? "Adobe-inverted" : "plain") CMYK quadrant \(i): \(got) vs \(want)")
        }
    }

    /// The same colours encoded in Display P3 and in Adobe RGB with their profiles decode within
    /// ΔE 3 of the sRGB originals (the references are converted by hand, not by Little CMS).
    @Test func iccProfilesAreConvertedToSRGB() {
        let p3 = FormatFixtures.rgbProfile([0.680, 0.320, 0.265, 0.690, 0.150, 0.060])
        let adobe = FormatFixtures.rgbProfile([0.640, 0.330, 0.210, 0.710, 0.150, 0.060], gamma: 563.0 / 256)
        #expect(p3.count > 128 && adobe.count > 128)
        let originals: [(UInt8, UInt8, UInt8)] = [(220, 30, 40), (40, 200, 60), (30, 60, 210), (250, 200, 120)]
        for (name, profile, convert) in [("P3", p3, ColorMath.srgbToP3), ("Adobe RGB", adobe, ColorMath.srgbToAdobe)] {
            let encoded = originals.map(convert)
            func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { encoded[(y < 12 ? 0 : 2) + (x < 16 ? 0 : 1)] }
            let files: [(String, [UInt8], Double)] = [
                ("PNG", ImageFixtures.png(width: 32, height: 24, colorType: 2, bitDepth: 8,
                                          rows: (0..<24).map { y in (0..<32).flatMap { x in let p = pixel(x, y); return [p.0, p.1, p.2] } },
                                          extra: [ImageFixtures.iccpChunk(profile)]), 1.5),
                ("JPEG", FormatFixtures.jpeg(32, 24, icc: profile, pixel), 3),
                ("WebP", FormatFixtures.webp(32, 24, icc: profile) { let p = pixel($0, $1); return (p.0, p.1, p.2, 255) }, 1.5),
                ("TIFF", FormatFixtures.tiff(32, 24, icc: profile) { let p = pixel($0, $1); return (p.0, p.1, p.2, 255) }, 1.5),
            ]
            for (format, bytes, limit) in files {
                guard case .success(let b) = decode(bytes) else { Issue.record("\(name) \(format) decodes"); continue }
                for (i, (x, y)) in [(8, 6), (24, 6), (8, 18), (24, 18)].enumerated() {
                    let o = originals[i]
                    let e = ColorMath.deltaE(rgb(b[x, y]), (Int(o.0), Int(o.1), Int(o.2)))
                    #expect(e < limit, "\(name) \(format) patch \(i): ΔE \(e), \(rgb(b[x, y])) vs \(o)")
                }
            }
            // Without its profile the same file is off by far more: the profile is what counts.
            let untagged = ImageFixtures.png(width: 32, height: 24, colorType: 2, bitDepth: 8,
                                             rows: (0..<24).map { y in (0..<32).flatMap { x in let p = pixel(x, y); return [p.0, p.1, p.2] } })
            if case .success(let b) = decode(untagged) {
                let worst = (0..<4).map { i -> Double in
                    let (x, y) = [(8, 6), (24, 6), (8, 18), (24, 18)][i], o = originals[i]
                    return ColorMath.deltaE(rgb(b[x, y]), (Int(o.0), Int(o.1), Int(o.2)))
                }.max() ?? 0
                #expect(worst > 5, "\(name) taken as sRGB would be visibly off: ΔE \(worst)")
            }
        }
    }

    @Test func displayP3HEICIsConvertedToSRGB() throws {
        let originals: [(UInt8, UInt8, UInt8)] = [(220, 30, 40), (40, 200, 60), (30, 60, 210), (250, 200, 120)]
        let encoded = originals.map(ColorMath.srgbToP3)
        let (w, h) = (64, 48)
        guard let heic = FormatFixtures.heif(w, h, codec: 1, primaries: 12, { x, y in
            let p = encoded[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)]; return (p.0, p.1, p.2, 255)
        }) else { Issue.record("HEIC encoding is available here"); return }
        guard case .success(let b) = decode(heic) else { Issue.record("decodes"); return }
        for (i, (x, y)) in [(16, 12), (48, 12), (16, 36), (48, 36)].enumerated() {
            let o = originals[i]
            let e = ColorMath.deltaE(rgb(b[x, y]), (Int(o.0), Int(o.1), Int(o.2)))
            #expect(e < 3, "P3 HEIC patch \(i): ΔE \(e), \(rgb(b[x, y])) vs \(o)")
        }
    }

    /// A 4×2 picture with a marked top-left corner, rotated by `orientation` as a camera stores it.
    @Test(arguments: [false, true])
    func exifOrientationInWebPAndPNG(bigEndian: Bool) {
        // Stored 2 wide × 4 tall with the mark at the stored top-right: orientation 6 ("rotate
        // 90° clockwise to view") brings it to the upright top-left of a 4 × 2 picture... so
        // check by where the mark lands for each value against Orientation's own table.
        for o in 1...8 {
            let exif = ImageFixtures.exifBlock(orientation: UInt16(o), bigEndian: bigEndian)
            func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) { x == 0 && y == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
            let webp = FormatFixtures.webp(2, 4, exif: exif, pixel)
            let png = ImageFixtures.png(width: 2, height: 4, colorType: 6, bitDepth: 8,
                                        rows: (0..<4).map { y in (0..<2).flatMap { x in let p = pixel(x, y); return [p.0, p.1, p.2, p.3] } },
                                        extra: [ImageFixtures.chunk("eXIf", exif)])
            let orientation = Orientation(rawValue: o)!
            let stored = PixelBuffer(width: 2, height: 4, fill: 0xFF00_00FF)
            stored[0, 0] = 0xFFFF_0000
            let want = orientation.apply(to: stored)
            for (name, bytes) in [("WebP", webp), ("PNG", png)] {
                guard case .success(let b) = decode(bytes) else { Issue.record("\(name) \(o) decodes"); continue }
                #expect(b.width == want.width && b.height == want.height, "\(name) orientation \(o): \(b.width)×\(b.height)")
                guard b.width == want.width, b.height == want.height else { continue }
                var same = true
                for y in 0..<b.height { for x in 0..<b.width where b[x, y] != want[x, y] { same = false } }
                #expect(same, "\(name) orientation \(o) (\(bigEndian ? "big" : "little")-endian): the mark is where the table puts it")
            }
        }
    }

    @Test func animationsShowTheirFirstFrame() {
        let red = [UInt8](repeating: 0, count: 16 * 8), green = [UInt8](repeating: 1, count: 16 * 8)
        let gif = FormatFixtures.gif(16, 8, frames: [red, green, green], palette: [(255, 0, 0), (0, 255, 0)])
        let frame = { (c: (UInt8, UInt8, UInt8)) in FormatFixtures.rgba(16, 8) { _, _ in (c.0, c.1, c.2, 255) } }
        let webp = FormatFixtures.animatedWebP(16, 8, frames: [frame((255, 0, 0)), frame((0, 255, 0)), frame((0, 0, 255))])
        if case .success(let h) = webp.withUnsafeBytes({ ImageDecoder.header($0) }) { #expect(h.frames == 3, "the header counts 3 frames") }
        for (name, bytes) in [("GIF", gif), ("WebP", webp)] {
            guard case .success(let b) = decode(bytes) else { Issue.record("\(name) decodes"); continue }
            #expect(b.width == 16 && b.height == 8)
            #expect(rgb(b[8, 4]) == (255, 0, 0), "\(name): the first frame, red: \(rgb(b[8, 4]))")
        }
    }

    @Test func aMotionPhotoDecodesIgnoringTheVideoAfterIt() {
        let jpeg = ImageFixtures.jpeg(32, 24, quality: 95) { Quadrants.color($0, $1, 32, 24) }
        let motionPhoto = jpeg + Array("....ftypmp42 pretend video".utf8) + [UInt8](repeating: 0x42, count: 5000)
        guard case .success(let b) = decode(motionPhoto) else { Issue.record("decodes"); return }
        expectQuadrants(b, tolerance: 12, "motion photo")
    }

    @Test func palettePNGWithTransparencyAndGrayAlpha() {
        // Palette: index 0 red opaque, 1 green half transparent, 2 fully transparent.
        let plte = ImageFixtures.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
        let trns = ImageFixtures.chunk("tRNS", [255, 128, 0])
        let palette = ImageFixtures.png(width: 3, height: 1, colorType: 3, bitDepth: 8, rows: [[0, 1, 2]], extra: [plte, trns])
        guard case .success(let p) = decode(palette) else { Issue.record("palette decodes"); return }
        #expect(p[0, 0] == 0xFFFF_0000)
        #expect(PixelComparison.rgba(p[1, 0]).a == 128 && PixelComparison.rgba(p[1, 0]).g == 128, "premultiplied half green: \(String(p[1, 0], radix: 16))")
        #expect(p[2, 0] == 0)
        let grayAlpha = ImageFixtures.png(width: 2, height: 1, colorType: 4, bitDepth: 8, rows: [[200, 255, 100, 51]])
        guard case .success(let g) = decode(grayAlpha) else { Issue.record("gray + alpha decodes"); return }
        #expect(g[0, 0] == 0xFFC8_C8C8)
        // 100 at alpha 51 premultiplies to (100·51 + 127)/255 = 20.
        #expect(PixelComparison.rgba(g[1, 0]).a == 51 && PixelComparison.rgba(g[1, 0]).r == 20, "\(String(g[1, 0], radix: 16))")
    }

    @Test func thinStripsAndPanoramasKeepTheirShape() {
        let strip = ImageFixtures.rgbaPNG(8000, 10) { x, _ in x < 4000 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        guard case .success(let s) = decode(strip) else { Issue.record("8000 × 10 decodes"); return }
        #expect(s.width == 8000 && s.height == 10 && rgb(s[100, 5]) == (255, 0, 0) && rgb(s[7900, 5]) == (0, 0, 255))
        // 40,000 × 8 is only 0.3 MP, but wider than a Cairo surface can be: scaled to 32,767.
        let panorama = ImageFixtures.png(width: 40000, height: 8, colorType: 0, bitDepth: 8,
                                         rows: (0..<8).map { _ in (0..<40000).map { UInt8($0 * 255 / 39999) } })
        guard case .success(let p) = decode(panorama) else { Issue.record("panorama decodes"); return }
        #expect(p.width == 32767 && p.height == 7, "\(p.width)×\(p.height)")
    }

    @Test func sixteenBitSamplesAreRoundedNotTruncated() {
        // 16 → 8 bits is v / 257 (65535 → 255), rounded: 0x00FF gives 0.99 → 1 and 0xFF00 gives
        // 254.0 → 254, where keeping the high byte would give 0 and 255.
        let png = ImageFixtures.png(width: 2, height: 1, colorType: 0, bitDepth: 16, rows: [[0x00, 0xFF, 0xFF, 0x00]])
        guard case .success(let b) = decode(png) else { Issue.record("decodes"); return }
        #expect(rgb(b[0, 0]) == (1, 1, 1) && rgb(b[1, 0]) == (254, 254, 254), "\(rgb(b[0, 0])) \(rgb(b[1, 0]))")
    }
}

@Suite("Thumbnails: the smallest decode that covers the size shown")
struct ThumbnailDecodeTests {
    @Test func aJPEGIsDecodedAtTheLargestDCTScaleThatCoversTheWidth() {
        // 1600 × 1200 to 200 wide: 1/8 gives exactly 200 × 150.
        #expect(ContentFitting.jpegDenominator(width: 1600, height: 1200, covering: (200, 150)) == 8)
        #expect(ContentFitting.jpegDenominator(width: 1600, height: 1200, covering: (720, 540)) == 2, "1/4 would be 400 wide")
        let jpeg = ImageFixtures.jpeg(1600, 1200, quality: 80) { x, y in (UInt8(x / 7 & 0xFF), UInt8(y / 5 & 0xFF), 60) }
        guard case .success(let b) = ImageDecoder.decode(bytes: jpeg, maxPixels: ImageDecoder.defaultMaxPixels, width: 200) else {
            Issue.record("decodes"); return
        }
        #expect(b.width == 200 && b.height == 150)
        // Rotated by EXIF (6: the upright picture is 1200 × 1600): 200 wide upright.
        let rotated = ImageFixtures.withOrientation(jpeg, 6)
        guard case .success(let r) = ImageDecoder.decode(bytes: rotated, maxPixels: ImageDecoder.defaultMaxPixels, width: 200) else {
            Issue.record("decodes"); return
        }
        #expect(r.width == 200 && r.height == 267, "\(r.width)×\(r.height)")
    }

    @Test func webPAndPNGThumbnailsKeepTheirAspect() {
        let webp = FormatFixtures.webp(800, 600) { x, _ in x < 400 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let png = ImageFixtures.rgbaPNG(800, 600) { x, _ in x < 400 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        for (name, bytes) in [("WebP", webp), ("PNG", png)] {
            guard case .success(let b) = ImageDecoder.decode(bytes: bytes, maxPixels: ImageDecoder.defaultMaxPixels, width: 100) else {
                Issue.record("\(name) decodes"); continue
            }
            #expect(b.width == 100 && b.height == 75, "\(name): \(b.width)×\(b.height)")
            #expect(b[10, 37] >> 16 & 0xFF > 200 && b[90, 37] & 0xFF > 200, "\(name): red left, blue right")
        }
    }
}
