import Foundation
import Geometry
import Render
import Testing
@testable import RenderGL
import Pixels

/// Single commands drawn by both renderers, compared pixel by pixel.
@Suite(.serialized) struct PrimitiveTests {
    static func both(_ list: DisplayList, width: Int = 64, height: Int = 48, scale: Double = 1) throws -> (gl: PixelBuffer, cairo: PixelBuffer) {
        let cairo = CairoRenderer(threads: 1).render(list, width: width, height: height, scale: scale, background: .white)
        let gl = try GLTestContext.with { try GLRenderer(info: $0).render(list, width: width, height: height, scale: scale, background: .white) }
        return (gl, cairo)
    }

    static func worst(_ a: PixelBuffer, _ b: PixelBuffer) -> (Int, Int, Int) {
        var w = 0, at = (0, 0)
        for y in 0..<a.height { for x in 0..<a.width {
            for s: UInt32 in [0, 8, 16, 24] {
                let d = abs(Int(a[x, y] >> s & 0xFF) - Int(b[x, y] >> s & 0xFF))
                if d > w { w = d; at = (x, y) }
            }
        } }
        return (w, at.0, at.1)
    }

    @Test func clippedRectangleEdges() throws {
        var list = DisplayList()
        list.append(.pushClip(.roundedRect(Rect(x: 4.3, y: 3.5, width: 50, height: 30.6), radius: 8, style: .continuous)))
        list.append(.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 48)), .color(Color(red: 0.2, green: 0.4, blue: 0.8))))
        list.append(.popClip)
        let (gl, cairo) = try Self.both(list)
        let (w, x, y) = Self.worst(gl, cairo)
        #expect(w <= 10, "worst \(w) at \(x),\(y): gl \(String(gl[x, y], radix: 16)) cairo \(String(cairo[x, y], radix: 16))")
    }

    static func photo(_ w: Int, _ h: Int) -> ImageAsset {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w {
            let r = UInt32((x * 7 + y * 3) & 0xFF), g = UInt32((x * 2 + y * 5) & 0xFF), bl = UInt32((x ^ y) & 0xFF)
            b[x, y] = 0xFF00_0000 | r << 16 | g << 8 | bl
        } }
        return ImageAsset(name: "test", pixels: b)
    }

    @Test func clippedPhotoEdges() throws {
        var list = DisplayList()
        list.append(.pushTransform(.translation(3, 2.6)))
        list.append(.pushClip(.roundedRect(Rect(x: 0, y: 0, width: 50, height: 40.111), radius: 8, style: .continuous)))
        list.append(.image(ImageDraw(image: Self.photo(80, 70), source: Rect(x: 0, y: 0.062, width: 80, height: 64),
                                     destination: Rect(x: 0, y: 0, width: 50, height: 40.111), saturation: 1)))
        list.append(.popClip)
        list.append(.popTransform)
        let (gl, cairo) = try Self.both(list)
        let (w, x, y) = Self.worst(gl, cairo)
        #expect(w <= 10, "worst \(w) at \(x),\(y): gl \(String(gl[x, y], radix: 16)) cairo \(String(cairo[x, y], radix: 16))")
    }

    @Test(arguments: [0, 1, 2])
    func photoVariants(variant: Int) throws {
        var list = DisplayList()
        list.append(.pushTransform(.translation(3, 2.6)))
        if variant != 1 { list.append(.pushClip(.roundedRect(Rect(x: 0, y: 0, width: 50, height: 40.111), radius: 8, style: .continuous))) }
        if variant == 2 {
            list.append(.fill(.rect(Rect(x: 0, y: 0, width: 50, height: 40.111)), .color(.black)))
        } else {
            list.append(.image(ImageDraw(image: Self.photo(80, 70), source: Rect(x: 0, y: 0.062, width: 80, height: 64),
                                     destination: Rect(x: 0, y: 0, width: 50, height: 40.111), saturation: 0.23)))
        }
        if variant != 1 { list.append(.popClip) }
        list.append(.popTransform)
        let (gl, cairo) = try Self.both(list)
        let (w, x, y) = Self.worst(gl, cairo)
        print("variant \(variant): worst \(w) at \(x),\(y): gl \(String(gl[x, y], radix: 16)) cairo \(String(cairo[x, y], radix: 16)) row2 gl \(String(gl[25, 2], radix: 16)) cairo \(String(cairo[25, 2], radix: 16))")
    }

    /// Rounded rectangles on the pixel grid take box coverage on their straight parts and the
    /// atlas for their corners only: the same pixels as Cairo's, filled and stroked.
    @Test(arguments: [CornerStyle.circular, .continuous], [false, true])
    func roundedRectanglesByCorners(style: CornerStyle, stroked: Bool) throws {
        var list = DisplayList()
        let shape = Shape.roundedRect(Rect(x: 4.3, y: 3.6, width: 51.2, height: 37.7), radius: 11, style: style)
        list.append(stroked ? .stroke(shape, .color(Color(red: 0.2, green: 0.3, blue: 0.9)), lineWidth: 3)
                            : .fill(shape, .color(Color(red: 0.2, green: 0.3, blue: 0.9))))
        let (gl, cairo) = try Self.both(list)
        let c = OracleComparison(gl, cairo)
        #expect(c.failing == 0 && c.worst <= 12, "\(style) \(stroked ? "stroke" : "fill"): \(c.summary)")
        // The interior of the fill is solid, of the stroke untouched.
        #expect((gl[30, 22] == 0xFFFF_FFFF) == stroked)
    }

    /// A turned rectangle (filled, and a photo in it) covered by its four edges analytically:
    /// the pixels Cairo's exact area gives, but at the corners.
    @Test(arguments: [0.3, 1.1])
    func turnedRectangles(angle: Double) throws {
        var list = DisplayList()
        list.append(.pushTransform(AffineTransform.rotation(angle, about: Point(32, 24))))
        list.fill(.rect(Rect(x: 12.2, y: 9.7, width: 38.5, height: 27.3)), Color(red: 0.9, green: 0.4, blue: 0.1))
        list.append(.image(ImageDraw(image: Self.photo(30, 20), destination: Rect(x: 20, y: 15, width: 24, height: 16))))
        list.append(.popTransform)
        let (gl, cairo) = try Self.both(list)
        let c = OracleComparison(gl, cairo)
        // Where two edges meet, the lesser half-plane stands for their intersection: a few corner
        // pixels may be a little over (by at most 4 levels past their neighbourhood).
        #expect(c.failing <= 8 && c.worstExcess <= 4 && c.shareOver2 < 0.02, "turned by \(angle): \(c.summary)")
    }

    /// A card's shadow under its own opaque fill skips the pixels the fill paints over: the
    /// same pixels as Cairo's, which draws all of it.
    @Test(arguments: [false, true])
    func aShadowUnderItsCard(clipped: Bool) throws {
        var list = DisplayList()
        let card = Shape.roundedRect(Rect(x: 10.5, y: 8, width: 40, height: 28), radius: 8, style: .continuous)
        list.append(.shadow(card, color: Color(red: 0, green: 0, blue: 0, alpha: 0.35), blur: 10, offset: Point(0, 4)))
        if clipped { list.append(.pushClip(card)) }
        list.append(.fill(card, .color(.white)))
        if clipped { list.append(.popClip) }
        let (gl, cairo) = try Self.both(list)
        let c = OracleComparison(gl, cairo)
        #expect(c.failing == 0 && c.worst <= 8, "\(c.summary)")
        #expect(GLWalk.around(Rect(x: 0, y: 0, width: 10, height: 10), hole: Rect(x: 2, y: 3, width: 4, height: 5))
                    .reduce(0) { $0 + $1.width * $1.height } == 80)
    }

    /// Two gradients over one box, the second fading, drawn in one pass: the pixels of the two
    /// fills one after the other.
    @Test func aCrossfadeOfTwoGradients() throws {
        var list = DisplayList()
        let box = Shape.rect(Rect(x: 0, y: 0, width: 64, height: 48))
        list.append(.fill(box, .linearGradient(LinearGradient(colors: [.red, .blue], start: Point(0, 0), end: Point(64, 48)))))
        list.append(.fill(box, .linearGradient(LinearGradient(colors: [.green, .white, .black], start: Point(0, 48), end: Point(64, 0))), opacity: 0.4))
        let (gl, cairo) = try Self.both(list)
        let (w, x, y) = Self.worst(gl, cairo)
        #expect(w <= 2, "worst \(w) at \(x),\(y)")
    }
}
