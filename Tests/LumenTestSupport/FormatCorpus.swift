import Foundation

/// Every format and feature the user guide lists, one small file each, made by the format's own
/// encoder: what the decoder tests run in the app and through the sandboxed worker alike. The
/// Adobe RGB and ProPhoto profiles are colord's (Debian's colord-data); Display P3 is made by
/// Little CMS from its primaries (no Debian package ships it).
public enum FormatCorpus {
    public struct Photo: Sendable {
        public var name: String
        public var bytes: [UInt8]
    }

    /// Where Debian's colord-data keeps its RGB profiles.
    public static let colordProfiles = "/usr/share/color/icc/colord"

    /// The profiles embedded in the corpus, by name: nil for one that is not installed.
    public static var profiles: [(String, [UInt8]?)] {
        func file(_ name: String) -> [UInt8]? {
            FileManager.default.contents(atPath: "\(colordProfiles)/\(name).icc").map { Array($0) }
        }
        return [("display-p3", FormatFixtures.rgbProfile([0.680, 0.320, 0.265, 0.690, 0.150, 0.060])),
                ("adobe-rgb", file("AdobeRGB1998")), ("prophoto", file("ProPhotoRGB"))]
    }

    static let w = 64, h = 48

    /// A smooth picture with strong colours, so a colour conversion changes every pixel.
    static func color(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(40 + x * 3), UInt8(220 - y * 4), UInt8((x + y) * 2 + 20))
    }
    static func rgba(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) { let c = color(x, y); return (c.0, c.1, c.2, 255) }
    /// The same with alpha falling from opaque at the left to clear at the right.
    static func translucent(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let c = color(x, y); return (c.0, c.1, c.2, UInt8(255 - x * 4))
    }

    /// The whole corpus (HEIC and AVIF where this libheif encodes them; the caller checks).
    public static func all() -> [Photo] {
        formats() + colour() + orientations() + features()
    }

    static func formats() -> [Photo] {
        let gray = (0..<h).map { y in (0..<w).map { x in UInt8(x * 3 + y) } }
        var out: [Photo] = [
            .init(name: "png-rgba", bytes: ImageFixtures.rgbaPNG(w, h, rgba)),
            .init(name: "png-interlaced", bytes: FormatFixtures.interlacedPNG(w, h, translucent)),
            .init(name: "jpeg", bytes: ImageFixtures.jpeg(w, h, quality: 92, color)),
            .init(name: "jpeg-progressive", bytes: FormatFixtures.jpeg(w, h, progressive: true, arithmetic: false, color)),
            .init(name: "jpeg-arithmetic", bytes: FormatFixtures.jpeg(w, h, progressive: false, arithmetic: true, color)),
            .init(name: "jpeg-progressive-arithmetic", bytes: FormatFixtures.jpeg(w, h, progressive: true, arithmetic: true, color)),
            .init(name: "webp", bytes: FormatFixtures.webp(w, h, rgba)),
            .init(name: "tiff", bytes: FormatFixtures.tiff(w, h, rgba)),
            .init(name: "bigtiff", bytes: FormatFixtures.tiff(w, h, orientation: 1, big: true, rgba)),
            .init(name: "bmp", bytes: FormatFixtures.bmp(w, h, color)),
            .init(name: "qoi", bytes: FormatFixtures.qoi(w, h, rgba)),
            .init(name: "png-gray", bytes: ImageFixtures.png(width: w, height: h, colorType: 0, bitDepth: 8, rows: gray)),
        ]
        for (codec, format) in [(1, "heic"), (2, "avif")] {
            if let plain = FormatFixtures.heif(w, h, codec: codec, rgba) { out.append(.init(name: format, bytes: plain)) }
            // A phone's grid of tiles, 2 × 2 here.
            if let grid = HEIFGridFixture.grid(codec: codec, columns: 2, rows: 2, tile: (w / 2, h / 2), rgba) {
                out.append(.init(name: "\(format)-grid", bytes: grid))
            }
            // A size the codec cannot code exactly: libheif 1.15 wraps HEVC in a 1 × 1 grid to crop it.
            if let odd = FormatFixtures.heif(w + 3, h + 3, codec: codec, rgba) { out.append(.init(name: "\(format)-odd-size", bytes: odd)) }
        }
        return out
    }

    /// Each profile in each format that carries one, and HEIC's and AVIF's nclx Display P3.
    static func colour() -> [Photo] {
        var out: [Photo] = []
        for (name, profile) in profiles {
            guard let icc = profile else { continue }
            let rows = (0..<h).map { y in (0..<w).flatMap { x in let c = color(x, y); return [c.0, c.1, c.2] } }
            out += [.init(name: "jpeg-\(name)", bytes: FormatFixtures.jpeg(w, h, icc: icc, color)),
                    .init(name: "png-\(name)", bytes: ImageFixtures.png(width: w, height: h, colorType: 2, bitDepth: 8, rows: rows,
                                                                        extra: [ImageFixtures.iccpChunk(icc)])),
                    .init(name: "webp-\(name)", bytes: FormatFixtures.webp(w, h, icc: icc, rgba)),
                    .init(name: "tiff-\(name)", bytes: FormatFixtures.tiff(w, h, icc: icc, rgba))]
            for (codec, format) in [(1, "heic"), (2, "avif")] {
                if let bytes = FormatFixtures.heif(w, h, codec: codec, icc: icc, rgba) { out.append(.init(name: "\(format)-\(name)", bytes: bytes)) }
            }
        }
        for (codec, format) in [(1, "heic"), (2, "avif")] {
            if let bytes = FormatFixtures.heif(w, h, codec: codec, primaries: 12, rgba) { out.append(.init(name: "\(format)-nclx-p3", bytes: bytes)) }
        }
        return out
    }

    /// EXIF orientations 1…8 in JPEG, PNG and WebP, and TIFF's own tag.
    static func orientations() -> [Photo] {
        let jpeg = ImageFixtures.jpeg(w, h, quality: 92, color)
        let rows = (0..<h).map { y in (0..<w).flatMap { x in let c = rgba(x, y); return [c.0, c.1, c.2, c.3] } }
        return (1...8).flatMap { o -> [Photo] in
            let exif = ImageFixtures.exifBlock(orientation: UInt16(o))
            return [.init(name: "jpeg-orientation-\(o)", bytes: ImageFixtures.withOrientation(jpeg, UInt16(o))),
                    .init(name: "png-orientation-\(o)", bytes: ImageFixtures.png(width: w, height: h, colorType: 6, bitDepth: 8, rows: rows,
                                                                                extra: [ImageFixtures.chunk("eXIf", exif)])),
                    .init(name: "webp-orientation-\(o)", bytes: FormatFixtures.webp(w, h, exif: exif, rgba)),
                    .init(name: "tiff-orientation-\(o)", bytes: FormatFixtures.tiff(w, h, orientation: o, rgba))]
        }
    }

    /// CMYK, 16-bit, gray with alpha, alpha, palettes, animation, a motion photo.
    static func features() -> [Photo] {
        let inks: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            let c = UInt8(x * 4), m = UInt8(y * 5), yellow = UInt8(255 - x * 2), k = UInt8(y * 2)
            return (c, m, yellow, k)
        }
        func sixteenBit(_ x: Int, _ y: Int) -> [UInt8] {
            let r = UInt16(x * 1000 + 7), g = UInt16(y * 1300 + 255), b = UInt16(60000 - x * 500)
            return [UInt8(r >> 8), UInt8(r & 0xFF), UInt8(g >> 8), UInt8(g & 0xFF), UInt8(b >> 8), UInt8(b & 0xFF)]
        }
        let sixteen: [[UInt8]] = (0..<h).map { y in (0..<w).flatMap { x in sixteenBit(x, y) } }
        func grayAndAlpha(_ x: Int, _ y: Int) -> [UInt8] { [UInt8(x * 4), UInt8(255 - y * 5)] }
        let grayAlpha: [[UInt8]] = (0..<h).map { y in (0..<w).flatMap { x in grayAndAlpha(x, y) } }
        let plte = ImageFixtures.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250])
        let trns = ImageFixtures.chunk("tRNS", [255, 128, 0])
        let indices: [[UInt8]] = (0..<h).map { y in (0..<w).map { x in UInt8((x / 16 + y / 12) % 4) } }
        func frame(_ c: (UInt8, UInt8, UInt8)) -> [UInt8] { FormatFixtures.rgba(w, h) { x, _ in (c.0, c.1, c.2, UInt8(255 - x * 2)) } }
        func gifFrame(_ shift: Int) -> [UInt8] { (0..<h).flatMap { y in (0..<w).map { x in UInt8((x / 8 + y / 8 + shift) % 3) } } }
        let jpeg = ImageFixtures.jpeg(w, h, quality: 92, color)
        return [
            .init(name: "jpeg-cmyk", bytes: FormatFixtures.cmykJPEG(w, h, adobeInverted: false, inks)),
            .init(name: "jpeg-cmyk-adobe", bytes: FormatFixtures.cmykJPEG(w, h, adobeInverted: true, inks)),
            .init(name: "png-16-bit", bytes: ImageFixtures.png(width: w, height: h, colorType: 2, bitDepth: 16, rows: sixteen)),
            .init(name: "png-gray-alpha", bytes: ImageFixtures.png(width: w, height: h, colorType: 4, bitDepth: 8, rows: grayAlpha)),
            .init(name: "png-alpha", bytes: ImageFixtures.rgbaPNG(w, h, translucent)),
            .init(name: "png-palette-trns", bytes: ImageFixtures.png(width: w, height: h, colorType: 3, bitDepth: 8, rows: indices, extra: [plte, trns])),
            .init(name: "webp-alpha", bytes: FormatFixtures.webp(w, h, translucent)),
            .init(name: "webp-animated", bytes: FormatFixtures.animatedWebP(w, h, frames: [frame((255, 0, 0)), frame((0, 255, 0)), frame((0, 0, 255))])),
            .init(name: "gif-animated", bytes: FormatFixtures.gif(w, h, frames: [gifFrame(0), gifFrame(1)],
                                                                   palette: [(220, 30, 40), (40, 200, 60), (30, 60, 210)], transparent: 2)),
            .init(name: "jpeg-motion-photo", bytes: jpeg + Array("....ftypmp42 pretend video".utf8) + [UInt8](repeating: 0x42, count: 5000)),
        ]
    }

    /// Whether a HEIF file is a grid (its primary item's type is `grid`).
    public static func isGrid(_ bytes: [UInt8]) -> Bool {
        let tag = Array("grid".utf8)
        return bytes.count > 4 && (0..<(bytes.count - 4)).contains { Array(bytes[$0..<$0 + 4]) == tag }
    }
}
