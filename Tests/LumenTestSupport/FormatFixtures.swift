import CTestEncoders
import Foundation

/// Photos of every format the tests make with each format's own encoder (libjpeg, giflib,
/// libwebp, libtiff, libheif) or by its fixed layout (BMP, QOI, header bombs), and the colour
/// math that gives their references another way.
public enum FormatFixtures {
    /// Straight R,G,B,A bytes of a w×h picture.
    public static func rgba(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(w * h * 4)
        for y in 0..<h { for x in 0..<w { let p = pixel(x, y); out += [p.0, p.1, p.2, p.3] } }
        return out
    }

    private static func take(_ pointer: UnsafeMutablePointer<UInt8>?, _ size: Int) -> [UInt8]? {
        guard let p = pointer else { return nil }
        defer { free(p) }
        return Array(UnsafeBufferPointer(start: p, count: size))
    }

    public static func cmykJPEG(_ w: Int, _ h: Int, adobeInverted: Bool, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_cmyk_jpeg(px, Int32(w), Int32(h), adobeInverted ? 1 : 0, &size), size) ?? []
    }

    /// A progressive and/or arithmetic-coded JPEG.
    public static func jpeg(_ w: Int, _ h: Int, progressive: Bool, arithmetic: Bool, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let p = pixel(x, y); rgb += [p.0, p.1, p.2] } }
        var size = 0
        return take(lumen_test_jpeg_coding(rgb, Int32(w), Int32(h), progressive ? 1 : 0, arithmetic ? 1 : 0, &size), size) ?? []
    }

    public static func jpeg(_ w: Int, _ h: Int, icc: [UInt8], _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let p = pixel(x, y); rgb += [p.0, p.1, p.2] } }
        var size = 0
        return take(lumen_test_jpeg_with_icc(rgb, Int32(w), Int32(h), icc, icc.count, &size), size) ?? []
    }

    /// A GIF whose frames are given as palette indices; `palette` has up to 256 RGB colours.
    public static func gif(_ w: Int, _ h: Int, frames: [[UInt8]], palette: [(UInt8, UInt8, UInt8)], transparent: Int = -1) -> [UInt8] {
        var colors = [UInt8](repeating: 0, count: 768)
        for (i, c) in palette.prefix(256).enumerated() { colors[3 * i] = c.0; colors[3 * i + 1] = c.1; colors[3 * i + 2] = c.2 }
        var size = 0
        let indices = frames.flatMap { $0 }
        return take(lumen_test_gif(indices, Int32(w), Int32(h), Int32(frames.count), colors, Int32(transparent), &size), size) ?? []
    }

    public static func webp(_ w: Int, _ h: Int, icc: [UInt8]? = nil, exif: [UInt8]? = nil, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var size = 0
        let px = rgba(w, h, pixel)
        let result = lumen_test_webp(px, Int32(w), Int32(h), icc, icc?.count ?? 0, exif, exif?.count ?? 0, &size)
        return take(result, size) ?? []
    }

    public static func animatedWebP(_ w: Int, _ h: Int, frames: [[UInt8]]) -> [UInt8] {
        var size = 0
        return take(lumen_test_animated_webp(frames.flatMap { $0 }, Int32(w), Int32(h), Int32(frames.count), &size), size) ?? []
    }

    public static func tiff(_ w: Int, _ h: Int, icc: [UInt8]? = nil, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_tiff(px, Int32(w), Int32(h), icc, icc?.count ?? 0, &size), size) ?? []
    }

    /// A TIFF with an Orientation tag, as BigTIFF when `big`.
    public static func tiff(_ w: Int, _ h: Int, orientation: Int, big: Bool = false, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_tiff_oriented(px, Int32(w), Int32(h), nil, 0, Int32(orientation), big ? 1 : 0, &size), size) ?? []
    }

    /// HEIC (codec 1) or AVIF (codec 2) tagged with nclx `primaries` (1 sRGB, 12 Display P3);
    /// nil when this system's libheif cannot encode it.
    public static func heif(_ w: Int, _ h: Int, codec: Int, primaries: Int = 1, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8]? {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_heif(px, Int32(w), Int32(h), Int32(codec), Int32(primaries), &size), size)
    }

    /// HEIC (codec 1) or AVIF (codec 2) carrying the ICC profile `icc`; nil when this system's
    /// libheif cannot encode it.
    public static func heif(_ w: Int, _ h: Int, codec: Int, icc: [UInt8], _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8]? {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_heif_icc(px, Int32(w), Int32(h), Int32(codec), 1, icc, icc.count, 1, &size), size)
    }

    /// A small HEIC or AVIF whose image spatial extents (`ispe`) claim width × height: what
    /// libheif reads as the image's size. Where libheif's encoder wrapped the picture in a grid
    /// of one tile (HEVC, to crop it), the grids' descriptors in `idat` claim the same when they
    /// can (16 bits a side), as a consistent bomb would. Nil when this system's libheif cannot
    /// encode it.
    public static func heifBomb(codec: Int, width: UInt32, height: UInt32) -> [UInt8]? {
        guard var bytes = heif(16, 16, codec: codec, { _, _ in (90, 90, 90, 255) }) else { return nil }
        let tag = Array("ispe".utf8)
        var found = false
        for i in 0..<(bytes.count - 16) where Array(bytes[i..<i + 4]) == tag {
            // type, version and flags (4), width (4), height (4), big-endian.
            bytes.replaceSubrange(i + 8..<i + 12, with: ImageFixtures.be32(width))
            bytes.replaceSubrange(i + 12..<i + 16, with: ImageFixtures.be32(height))
            found = true
        }
        // idat holds the grids' descriptors, the picture's and its alpha's, 8 bytes each: version,
        // flags (bit 0: 32-bit sizes), rows − 1, columns − 1, width, height.
        if let i = (0..<(bytes.count - 16)).first(where: { bytes[$0..<$0 + 4].elementsEqual("idat".utf8) }),
           width <= 0xFFFF, height <= 0xFFFF {
            let end = i - 4 + bytes[i - 4..<i].reduce(0) { $0 << 8 | Int($1) }
            for at in stride(from: i + 4, to: end - 7, by: 8) where bytes[at + 1] & 1 == 0 {
                bytes.replaceSubrange(at + 4..<at + 8, with: ImageFixtures.be32(width << 16 | height))
            }
        }
        return found ? bytes : nil
    }

    /// An Adam7-interlaced RGBA PNG made by libpng.
    public static func interlacedPNG(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var size = 0
        let px = rgba(w, h, pixel)
        return take(lumen_test_interlaced_png(px, Int32(w), Int32(h), &size), size) ?? []
    }

    /// An ICC RGB profile with these xy primaries and a D65 white; the sRGB curve or a gamma.
    public static func rgbProfile(_ primaries: [Double], gamma: Double = 0) -> [UInt8] {
        var size = 0
        return take(lumen_test_rgb_profile(primaries, gamma, &size), size) ?? []
    }

    /// A 32-bit BMP (BITMAPINFOHEADER, bottom-up rows, BI_RGB).
    public static func bmp(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var body: [UInt8] = []
        for y in (0..<h).reversed() { for x in 0..<w { let p = pixel(x, y); body += [p.2, p.1, p.0, 255] } }
        return bmpHeader(width: Int32(w), height: Int32(h), dataSize: body.count) + body
    }

    /// The 54 bytes of a BMP file and info header claiming w×h, 32 bits a pixel.
    public static func bmpHeader(width: Int32, height: Int32, dataSize: Int = 0) -> [UInt8] {
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        return Array("BM".utf8) + le32(UInt32(54 + dataSize)) + le32(0) + le32(54)
            + le32(40) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height)) + le16(1) + le16(32) + le32(0)
            + le32(UInt32(dataSize)) + le32(2835) + le32(2835) + le32(0) + le32(0)
    }

    /// A QOI file of RGBA pixels, every pixel as a QOI_OP_RGBA chunk.
    public static func qoi(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var out = qoiHeader(width: UInt32(w), height: UInt32(h))
        for y in 0..<h { for x in 0..<w { let p = pixel(x, y); out += [0xFF, p.0, p.1, p.2, p.3] } }
        return out + [0, 0, 0, 0, 0, 0, 0, 1]
    }

    public static func qoiHeader(width: UInt32, height: UInt32) -> [UInt8] {
        Array("qoif".utf8) + ImageFixtures.be32(width) + ImageFixtures.be32(height) + [4, 0]
    }

    // MARK: Header bombs: valid signatures claiming absurd sizes, with no pixels behind them.

    public static func pngBomb(width: UInt32, height: UInt32) -> [UInt8] {
        let ihdr = ImageFixtures.be32(width) + ImageFixtures.be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ImageFixtures.chunk("IHDR", ihdr) + ImageFixtures.chunk("IEND", [])
    }

    /// A GIF header (logical screen w×h) with one image descriptor of the same size and no data.
    public static func gifBomb(width: UInt16, height: UInt16) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        return Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
    }

    /// A WebP with a VP8X header claiming a w×h canvas (each side 1…16,777,216).
    public static func webpBomb(width: UInt32, height: UInt32) -> [UInt8] {
        func le24(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        let vp8x = Array("VP8X".utf8) + le32(10) + [0, 0, 0, 0] + le24(width &- 1) + le24(height &- 1)
        return Array("RIFF".utf8) + le32(UInt32(4 + vp8x.count)) + Array("WEBP".utf8) + vp8x
    }

    /// A little-endian TIFF whose only IFD claims w×h, 8-bit RGB, one strip past the end.
    public static func tiffBomb(width: UInt32, height: UInt32) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func entry(_ tag: UInt16, _ value: UInt32, long: Bool = true) -> [UInt8] {
            le16(tag) + le16(long ? 4 : 3) + le32(1) + (long ? le32(value) : le16(UInt16(value)) + [0, 0])
        }
        let entries = [entry(256, width), entry(257, height), entry(258, 8, long: false), entry(259, 1, long: false),
                       entry(262, 2, long: false), entry(273, 1000), entry(277, 3, long: false), entry(278, height),
                       entry(279, 0xFFFF_FFFF)]
        return [0x49, 0x49, 42, 0] + le32(8) + le16(UInt16(entries.count)) + entries.flatMap { $0 } + le32(0)
    }

    /// A JPEG header (SOI, a baseline SOF0 claiming w×h, then EOI) with no scan.
    public static func jpegBomb(width: UInt16, height: UInt16) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
         1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0, 0xFF, 0xD9]
    }
}

/// Colour references computed by hand, independent of Little CMS.
public enum ColorMath {
    /// sRGB's transfer curve (IEC 61966-2-1), 0…1 ↔ linear.
    public static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    public static func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    /// Linear sRGB → XYZ (D65), IEC 61966-2-1.
    static let srgbToXYZ = [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
    /// XYZ (D65) → linear Display P3 (SMPTE EG 432-1 primaries, D65 white).
    static let xyzToP3 = [[2.4934969, -0.9313836, -0.4027108], [-0.8294890, 1.7626641, 0.0236247], [0.0358458, -0.0761724, 0.9568845]]
    /// XYZ (D65) → linear Adobe RGB (1998).
    static let xyzToAdobe = [[2.0413690, -0.5649464, -0.3446944], [-0.9692660, 1.8760108, 0.0415560], [0.0134474, -0.1183897, 1.0154096]]

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] { m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] } }

    /// An sRGB colour (0…255) as Display P3 values with the sRGB curve (0…255, rounded).
    public static func srgbToP3(_ c: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        let xyz = multiply(srgbToXYZ, [c.0, c.1, c.2].map { linear(Double($0) / 255) })
        let p = multiply(xyzToP3, xyz).map { UInt8((encoded(min(max($0, 0), 1)) * 255).rounded()) }
        return (p[0], p[1], p[2])
    }

    /// An sRGB colour (0…255) as Adobe RGB (1998) values (gamma 563/256), 0…255 rounded.
    public static func srgbToAdobe(_ c: (UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8) {
        let xyz = multiply(srgbToXYZ, [c.0, c.1, c.2].map { linear(Double($0) / 255) })
        let p = multiply(xyzToAdobe, xyz).map { UInt8((pow(min(max($0, 0), 1), 256.0 / 563) * 255).rounded()) }
        return (p[0], p[1], p[2])
    }

    /// CIE L*a*b* (D65) of an sRGB colour.
    public static func lab(_ c: (Int, Int, Int)) -> (Double, Double, Double) {
        let xyz = multiply(srgbToXYZ, [c.0, c.1, c.2].map { linear(Double($0) / 255) })
        let white = [0.95047, 1.0, 1.08883]
        let f = zip(xyz, white).map { v, w -> Double in let t = v / w; return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))
    }

    /// CIE76 colour difference between two sRGB colours.
    public static func deltaE(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
        let p = lab(a), q = lab(b)
        return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }
}
