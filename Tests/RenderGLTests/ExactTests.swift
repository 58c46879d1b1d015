import Foundation
import Geometry
import LumenTestSupport
import Render
import Testing
import RenderGL
import Pixels

/// Where the GPU must give Cairo's pixels exactly (±1 for blend rounding only): photos at 1:1,
/// pixelate blocks, the saturation formula, text at the same phase, pixel-aligned rectangles,
/// and nothing drawn outside the damage.
@Suite(.serialized) struct ExactTests {
    static func differing(_ a: PixelBuffer, _ b: PixelBuffer, by limit: Int) -> (count: Int, first: (Int, Int)?) {
        var n = 0, first: (Int, Int)?
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            let worst = [0, 8, 16, 24].map { (s: UInt32) in abs(Int(p >> s & 0xFF) - Int(q >> s & 0xFF)) }.max()!
            if worst > limit { n += 1; if first == nil { first = (x, y) } }
        } }
        return (n, first)
    }

    @Test func photoAtOneToOneIsACopy() throws {
        var list = DisplayList()
        list.append(.image(ImageDraw(image: PrimitiveTests.photo(40, 30), destination: Rect(x: 7, y: 5, width: 40, height: 30))))
        let (gl, cairo) = try PrimitiveTests.both(list)
        let d = Self.differing(gl, cairo, by: 0)
        #expect(d.count == 0, "\(d.count) pixels differ, first at \(String(describing: d.first))")
        #expect(gl[7, 5] == PrimitiveTests.photo(40, 30).peekPixels![0, 0])
    }

    @Test func pixelAlignedRectanglesAreExact() throws {
        var list = DisplayList()
        list.fill(.rect(Rect(x: 3, y: 4, width: 20, height: 10)), Color(red: 0.8, green: 0.2, blue: 0.1))
        list.fill(.rect(Rect(x: 10, y: 8, width: 30, height: 20)), Color(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.5))
        list.append(.pushClip(.rect(Rect(x: 30, y: 0, width: 10, height: 48))))
        list.fill(.rect(Rect(x: 0, y: 30, width: 64, height: 10)), Color(red: 0.3, green: 0.9, blue: 0.3))
        list.append(.popClip)
        let (gl, cairo) = try PrimitiveTests.both(list, scale: 1)
        let d = Self.differing(gl, cairo, by: 1)
        #expect(d.count == 0, "\(d.count) pixels differ, first at \(String(describing: d.first))")
        // The clip holds: nothing of the last fill left of x = 30.
        #expect(gl[29, 35] == 0xFFFF_FFFF && gl[30, 35] != 0xFFFF_FFFF)
    }

    /// mix(luma₇₀₉, rgb, s) (Rec. 709 luma weights 0.2126, 0.7152, 0.0722).
    @Test(arguments: [0.0, 0.3, 0.75])
    func saturationFollowsTheFormula(s: Double) throws {
        let b = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { b[x, y] = 0xFF20_A0E0 } }   // r 0x20, g 0xA0, b 0xE0
        var list = DisplayList()
        list.append(.image(ImageDraw(image: ImageAsset(name: "flat", pixels: b), destination: Rect(x: 4, y: 4, width: 8, height: 8), saturation: s)))
        let (gl, _) = try PrimitiveTests.both(list, width: 16, height: 16)
        let (r, g, bl) = (32.0, 160.0, 224.0)
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * bl
        let want = [luma + (r - luma) * s, luma + (g - luma) * s, luma + (bl - luma) * s]
        let p = gl[8, 8]
        let got = [Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF)]
        for c in 0..<3 { #expect(abs(got[c] - want[c]) <= 1, "channel \(c): \(got[c]) for \(want[c]) at saturation \(s)") }
    }

    /// Blocks of 6 pt at scale 1 from a layer at (5, 3): each block the colour of the source pixel
    /// at its centre, clamped in the layer (seed 001), as Cairo's NEAREST down-then-up draws it.
    @Test(arguments: [1.0, 2.0])
    func pixelateBlocksAreExact(scale: Double) throws {
        var list = DisplayList()
        list.append(.pushLayer(.pixelate(blockSize: 6), bounds: Rect(x: 5, y: 3, width: 40, height: 33)))
        list.append(.image(ImageDraw(image: PrimitiveTests.photo(40, 33), destination: Rect(x: 5, y: 3, width: 40, height: 33))))
        list.append(.popLayer)
        let (gl, cairo) = try PrimitiveTests.both(list, width: Int(64 * scale), height: Int(48 * scale), scale: scale)
        let d = Self.differing(gl, cairo, by: 1)
        #expect(d.count == 0, "\(d.count) pixels differ, first at \(String(describing: d.first))")
    }

    @Test(arguments: [(0.0, 0.0), (0.25, 0.5), (0.6, 0.9)])
    func textAtTheSamePhase(dx: Double, dy: Double) throws {
        TestAssets.registerFonts()
        let layout = TextLayout("Lumen 3.14 — agile", font: Font(size: 15))
        var list = DisplayList()
        list.append(.text(layout, origin: Point(4 + dx, 6 + dy), color: Color(red: 0.1, green: 0.1, blue: 0.3)))
        let (gl, cairo) = try PrimitiveTests.both(list, width: 180, height: 32)
        let d = Self.differing(gl, cairo, by: 1)
        #expect(d.count == 0, "\(d.count) pixels differ, first at \(String(describing: d.first))")
    }

    @Test func nothingOutsideTheDamage() throws {
        var first = DisplayList()
        first.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 48)), Color(red: 0.9, green: 0.1, blue: 0.1))
        var second = DisplayList()
        second.fill(.roundedRect(Rect(x: 2, y: 2, width: 60, height: 44), radius: 10, style: .continuous), Color(red: 0.1, green: 0.1, blue: 0.9))
        let damage = Rect(x: 10.5, y: 8, width: 20, height: 15.25)
        let px = damage.integral()
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            let buffer = PixelBuffer(width: 64, height: 48)
            let target = RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: 64, height: 48, stride: buffer.stride * 4)
            gl.render(first, into: target, scale: 1, damage: nil, background: .white)
            let before = buffer.copy()
            gl.render(second, into: target, scale: 1, damage: damage, background: .white)
            let whole = gl.render(second, width: 64, height: 48, background: .white)
            var outside = 0, inside = 0
            for y in 0..<48 { for x in 0..<64 {
                if px.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) { if buffer[x, y] != whole[x, y] { inside += 1 } }
                else if buffer[x, y] != before[x, y] { outside += 1 }
            } }
            #expect(outside == 0, "\(outside) pixels outside the damage changed")
            #expect(inside == 0, "\(inside) pixels inside the damage are not the new frame's")
        }
    }
}
