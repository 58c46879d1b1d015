import CTestEncoders
import Foundation
import Imaging
import Pixels

/// Image files the tests make themselves: PNGs of any colour type and bit depth (stored,
/// uncompressed deflate blocks), JPEGs through libjpeg, EXIF orientation patched in.
public enum ImageFixtures {
    public static let directory: String = {
        let d = NSTemporaryDirectory() + "lumen-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    public static func path(_ name: String) -> String { directory + "/" + name }

    @discardableResult
    public static func write(_ bytes: [UInt8], _ name: String) -> String {
        let p = path(name)
        _ = FileManager.default.createFile(atPath: p, contents: Data(bytes))
        return p
    }

    // MARK: PNG

    /// A PNG chunk's CRC-32 (zlib's).
    public static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { lumen_test_crc32($0.baseAddress, $0.count) }
    }

    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body[...]))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    public static func zlib(_ raw: [UInt8]) -> [UInt8] {
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = i + n >= raw.count ? 1 : 0
            z += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<i + n]
            i += n
        } while i < raw.count
        return z + be32(raw.withUnsafeBufferPointer { lumen_test_adler32($0.baseAddress, $0.count) })
    }

    /// A PNG of `rows` (each already in the colour type's byte layout, without filter bytes),
    /// with `extra` chunks (PLTE, tRNS, iCCP, eXIf…) before the image data.
    public static func png(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, rows: [[UInt8]],
                           extra: [[UInt8]] = []) -> [UInt8] {
        var raw: [UInt8] = []
        for r in rows { raw.append(0); raw += r }
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + extra.flatMap { $0 }
            + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
    }

    /// An iCCP chunk carrying `profile`.
    public static func iccpChunk(_ profile: [UInt8]) -> [UInt8] { chunk("iCCP", Array("icc".utf8) + [0, 0] + zlib(profile)) }

    /// A bare EXIF block (TIFF header and IFD0) with one Orientation entry.
    public static func exifBlock(orientation: UInt16, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? be32(v) : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8) + u16(1)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        return tiff + u32(0)
    }

    /// An 8-bit RGBA PNG from straight-alpha pixels.
    public static func rgbaPNG(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        png(width: w, height: h, colorType: 6, bitDepth: 8, rows: (0..<h).map { y in
            (0..<w).flatMap { x in let p = pixel(x, y); return [p.0, p.1, p.2, p.3] }
        })
    }

    // MARK: JPEG

    /// A JPEG made by libjpeg (Imaging's encoder) from straight RGB pixels.
    public static func jpeg(_ w: Int, _ h: Int, quality: Int = 90, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, bl) = pixel(x, y)
                b[x, y] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(bl)
            }
        }
        guard case .success(let bytes) = JPEGEncoder.encode(b, quality: quality) else { return [] }
        return bytes
    }

    /// The JPEG with an EXIF APP1 segment carrying `orientation` inserted after SOI.
    public static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16, bigEndian: Bool = false) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + exifBlock(orientation: orientation, bigEndian: bigEndian)
        let length = UInt16(payload.count + 2)
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }
}
