import BuiltInScenes
import Foundation
import Geometry
import LumenTestSupport
import Render
import Scenes
import Testing
@testable import App

/// Scenes rendered headless against reference PNGs, with a tolerance for tiny rasterizer
/// differences. `LUMEN_UPDATE_REFERENCES=1 make test` rewrites the references.
@Suite("Reference images")
struct ReferenceImageTests {
    @Test func swatchesMatchesDocsSwatchesPNG() throws {
        TestAssets.registerFonts()
        var options = SceneOptions()
        options.scene = "swatches"
        options.chrome = false
        let (pixels, _) = try HeadlessRender.frame(options, catalog: .lumen, assets: TestAssets.path)
        let reference = TestAssets.repository.appendingPathComponent("docs/swatches.png").path
        if ProcessInfo.processInfo.environment["LUMEN_UPDATE_REFERENCES"] == "1" {
            try PNGFile.write(pixels, to: reference)
        }
        let expected = try PNGFile.read(reference)
        #expect(expected.width == pixels.width && expected.height == pixels.height)
        guard expected.width == pixels.width, expected.height == pixels.height else { return }
        let d = PixelComparison.difference(pixels, expected)
        #expect(d.mean < 1.0, "mean difference \(d.mean)")
        #expect(d.outliers < 0.005, "pixels off by more than 24: \(d.outliers * 100) %")
    }
}
