import Effects
import Foundation
import Geometry
import Render
import Testing
@testable import App

/// Scenes rendered headless against reference PNGs, with a tolerance for tiny rasterizer
/// differences. `LUMEN_UPDATE_REFERENCES=1 make test` rewrites the references.
@Suite("Reference images")
struct ReferenceImageTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let assets = repo.appendingPathComponent("assets").path

    /// Mean absolute channel difference, and the fraction of pixels off by more than 24 in any channel.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (mean: Double, outliers: Double) {
        var total = 0, outliers = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                var worst = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let d = abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))
                    total += d; worst = max(worst, d)
                }
                if worst > 24 { outliers += 1 }
            }
        }
        let n = Double(a.width * a.height)
        return (Double(total) / (n * 4), Double(outliers) / n)
    }

    @Test func swatchesMatchesDocsSwatchesPNG() throws {
        TextEngine.registerFonts(directory: Self.assets + "/fonts")
        var options = SceneOptions()
        options.scene = "swatches"
        let (pixels, _) = try HeadlessRender.frame(options, assets: Self.assets)
        let reference = Self.repo.appendingPathComponent("docs/swatches.png").path
        if ProcessInfo.processInfo.environment["LUMEN_UPDATE_REFERENCES"] == "1" {
            try PNGFile.write(pixels, to: reference)
        }
        let expected = try PNGFile.read(reference)
        #expect(expected.width == pixels.width && expected.height == pixels.height)
        guard expected.width == pixels.width, expected.height == pixels.height else { return }
        let d = Self.difference(pixels, expected)
        #expect(d.mean < 1.0, "mean difference \(d.mean)")
        #expect(d.outliers < 0.005, "pixels off by more than 24: \(d.outliers * 100) %")
    }
}
