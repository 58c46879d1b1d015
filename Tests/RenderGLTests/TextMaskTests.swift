import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
@testable import RenderGL
import Pixels

/// Text moving by fractions of a pixel reuses its mask until its phase rests (the window's
/// rule), then has Cairo's exact pixels.
@Suite(.serialized) struct TextMaskTests {
    @Test func movingTextReusesItsMaskThenRestsExactly() throws {
        TestAssets.registerFonts()
        let layout = TextLayout("Scrolled label 42", font: Font(size: 14))
        func list(_ y: Double) -> DisplayList {
            var l = DisplayList()
            l.append(.text(layout, origin: Point(5, y), color: .black))
            return l
        }
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info, scalesInBackground: true)
            for i in 0..<8 { _ = gl.render(list(4 + 0.37 * Double(i)), width: 160, height: 40, background: .white) }
            #expect(gl.textMasks.made == 1, "masks made while moving: \(gl.textMasks.made)")
            #expect(gl.hasArrivals, "a stand-in was drawn: the host draws again")
            var last = PixelBuffer(width: 1, height: 1)
            for _ in 0..<ImageCache.restFrames + 1 { last = gl.render(list(7.61), width: 160, height: 40, background: .white) }
            #expect(gl.textMasks.made == 2)
            #expect(!gl.hasArrivals)
            let cairo = CairoRenderer(threads: 1).render(list(7.61), width: 160, height: 40, background: .white)
            #expect(ExactTests.differing(last, cairo, by: 1).count == 0)
        }
    }

    /// A mask holds its layout; once nothing else does (its label went), the next sweep (every
    /// 16 frames) lets both go, long before the 60 idle frames that let go of any mask.
    @Test func aMaskGoesWithItsLayout() throws {
        TestAssets.registerFonts()
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            weak var gone: TextLayout?
            do {
                let layout = TextLayout("A label that goes", font: Font(size: 14))
                gone = layout
                var l = DisplayList()
                l.append(.text(layout, origin: Point(5, 4), color: .black))
                _ = gl.render(l, width: 160, height: 40, background: .white)
            }
            #expect(gl.textMasks.byteCount > 0 && gone != nil, "the mask holds the layout")
            for _ in 0..<20 { _ = gl.render(DisplayList(), width: 160, height: 40, background: .white) }
            #expect(gl.textMasks.byteCount == 0)
            #expect(gone == nil)
        }
    }
}
