import Foundation
import Geometry
import LumenTestSupport
import Render
import Pixels

/// Shared helpers for pixel tests.
enum Fixtures {
    /// The repository's assets folder.
    static let assets = TestAssets.path

    static func registerFonts() { TestAssets.registerFonts() }

    /// A w×h image whose pixel (x, y) is `color(x, y)`.
    static func image(_ w: Int, _ h: Int, _ color: (Int, Int) -> Color) -> ImageAsset {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b[x, y] = color(x, y).argb32 } }
        return ImageAsset(name: "test", pixels: b)
    }

    static func rgb(_ p: UInt32) -> (Int, Int, Int, Int) {
        let c = PixelComparison.rgba(p)
        return (c.r, c.g, c.b, c.a)
    }

    static func close(_ p: UInt32, _ c: Color, tolerance: Int = 2) -> Bool { PixelComparison.close(p, c, tolerance: tolerance) }
}
