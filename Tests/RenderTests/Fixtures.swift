import Effects
import Foundation
import Geometry
@testable import Render

/// Shared helpers for pixel tests.
enum Fixtures {
    /// The repository's assets folder.
    static let assets: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").path
    }()

    static func registerFonts() { TextEngine.registerFonts(directory: assets + "/fonts") }

    /// A w×h image whose pixel (x, y) is `color(x, y)`.
    static func image(_ w: Int, _ h: Int, _ color: (Int, Int) -> Color) -> ImageAsset {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b[x, y] = color(x, y).argb32 } }
        return ImageAsset(name: "test", pixels: b)
    }

    static func rgb(_ p: UInt32) -> (Int, Int, Int, Int) {
        (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF), Int(p >> 24))
    }

    static func close(_ p: UInt32, _ c: Color, tolerance: Int = 2) -> Bool {
        let (r, g, b, a) = rgb(p), q = rgb(c.argb32)
        return abs(r - q.0) <= tolerance && abs(g - q.1) <= tolerance && abs(b - q.2) <= tolerance && abs(a - q.3) <= tolerance
    }
}
