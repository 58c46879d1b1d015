import CTestEncoders
import Foundation

/// Photos larger than a decoder may hold whole (64 MB of RGBA), made a row or a tile at a time
/// so the test process never holds them either: red rises across, green down, blue is 128.
public enum HugeFixtures {
    private static func take(_ pointer: UnsafeMutablePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let p = pointer else { return [] }
        defer { free(p) }
        return Array(UnsafeBufferPointer(start: p, count: size))
    }

    public static func png(_ w: Int, _ h: Int, interlaced: Bool) -> [UInt8] {
        var size = 0
        return take(lumen_test_big_png(Int32(w), Int32(h), interlaced ? 1 : 0, &size), size)
    }

    /// A deflate TIFF in `tile`² tiles; `declaredOnly`: only the tiles' size is real.
    public static func tiff(_ w: Int, _ h: Int, tile: Int, declaredOnly: Bool = false) -> [UInt8] {
        var size = 0
        return take(lumen_test_big_tiff(Int32(w), Int32(h), Int32(tile), declaredOnly ? 1 : 0, &size), size)
    }

    /// A GIF whose logical screen is `side`² and whose first frame is 64 × 40 at its top left.
    public static func gifScreen(side: UInt16) -> [UInt8] {
        func index(_ x: Int, _ y: Int) -> UInt8 { UInt8((x / 16 + y / 10) % 2) }
        let indices: [UInt8] = (0..<40).flatMap { y in (0..<64).map { x in index(x, y) } }
        var gif = FormatFixtures.gif(64, 40, frames: [indices], palette: [(200, 40, 40), (40, 40, 200)])
        gif.replaceSubrange(6..<10, with: [UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8)])
        return gif
    }

    /// The pattern's colour at (x, y) of a w × h picture.
    public static func color(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (Int, Int, Int) {
        (x * 255 / (w - 1), y * 255 / (h - 1), 128)
    }
}
