import Foundation
import Geometry
import Render
import Testing
import RenderGL
import Pixels

/// What a later opaque command covers is not painted (`GLWalk+Occlusion`): fewer pixels, the
/// same frame. Drawn at scale 10 (640 × 480 px): cutting a quad pays only for large parts.
@Suite(.serialized) struct OcclusionTests {
    static let area = Rect(x: 0, y: 0, width: 64, height: 48)
    static let background = LinearGradient(stops: [GradientStop(0, Color(red: 0.1, green: 0.3, blue: 0.5)),
                                                    GradientStop(1, Color(red: 0.9, green: 0.6, blue: 0.2))],
                                            start: Point(0, 0), end: Point(64, 48))

    /// A photo of w × h whose pixel (0, 0) has `alpha`, the rest opaque.
    static func photo(_ w: Int, _ h: Int, alpha: UInt32 = 0xFF) -> ImageAsset {
        let b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b[x, y] = 0xFF00_0000 | UInt32((x * 9) & 0xFF) << 16 | UInt32((y * 7) & 0xFF) << 8 | 0x40 } }
        b[0, 0] = alpha << 24
        return ImageAsset(name: "test", pixels: b)
    }

    /// Draws `list` twice with one renderer (the first frame learns which photos are opaque),
    /// with a frame of magenta between: the pixels painted each time, the last frame, and Cairo's.
    static func drawn(_ list: DisplayList, scale: Double = 10) throws -> (first: Int, again: Int, gl: PixelBuffer, cairo: PixelBuffer) {
        let w = Int(64 * scale), h = Int(48 * scale)
        let cairo = CairoRenderer(threads: 1).render(list, width: w, height: h, scale: scale, background: .white)
        return try GLTestContext.with { info in
            let r = try GLRenderer(info: info)
            _ = r.render(list, width: w, height: h, scale: scale, background: .white)
            let first = r.lastPixelsPainted
            r.drawMagenta(width: w, height: h, scale: scale)
            let gl = r.render(list, width: w, height: h, scale: scale, background: .white)
            return (first, r.lastPixelsPainted, gl, cairo)
        }
    }

    static func photoOver(_ photo: ImageAsset, opacity: Double = 1) -> DisplayList {
        var list = DisplayList()
        list.append(.fill(.rect(area), .linearGradient(background)))
        list.append(.image(ImageDraw(image: photo, destination: Rect(x: 8, y: 8, width: 48, height: 32), opacity: opacity)))
        return list
    }

    @Test func anOpaquePhotoHidesWhatIsUnderIt() throws {
        let d = try Self.drawn(Self.photoOver(Self.photo(48, 32)))
        // The gradient hides the clear; once the photo is known opaque, it hides the gradient.
        #expect(d.first == (64 * 48 + 48 * 32) * 100)
        #expect(d.again == 64 * 48 * 100)
        #expect(PrimitiveTests.worst(d.gl, d.cairo).0 <= 2)
    }

    @Test func aPhotoWithATransparentPixelOrFadedHidesNothing() throws {
        for list in [Self.photoOver(Self.photo(48, 32, alpha: 0x80)), Self.photoOver(Self.photo(48, 32), opacity: 0.5)] {
            let d = try Self.drawn(list)
            #expect(d.again == (64 * 48 + 48 * 32) * 100)
            #expect(PrimitiveTests.worst(d.gl, d.cairo).0 <= 2)
        }
    }

    /// A rounded card hides the cross between its corners; its corners, and a clip's soft edge,
    /// let what is under them show.
    @Test(arguments: [10.0, 20.0])
    func aRoundedCardHidesItsCrossOnly(scale: Double) throws {
        var list = DisplayList()
        list.append(.fill(.rect(Self.area), .linearGradient(Self.background)))
        list.append(.pushClip(.rect(Rect(x: 2, y: 2, width: 60.5, height: 44))))
        list.append(.fill(.roundedRect(Rect(x: 4, y: 4, width: 56, height: 40), radius: 4, style: .continuous),
                          .linearGradient(LinearGradient(stops: [GradientStop(0, .white), GradientStop(1, Color(red: 0.8, green: 0.8, blue: 0.8))],
                                                         start: Point(0, 4), end: Point(0, 44)))))
        list.append(.popClip)
        let d = try Self.drawn(list, scale: scale)
        let whole = Int(64 * 48 * scale * scale), card = Int(56 * 40 * scale * scale)
        // At least the band across the card, between its corners' rows, is not painted twice.
        #expect(d.again < whole + card / 2, "painted \(d.again)")
        let c = OracleComparison(d.gl, d.cairo)
        #expect(c.passes(), "\(c.summary)")
    }

    /// After a frame whose opaque commands hid little of it, the next is cleared whole first
    /// (the GPU clears while the CPU plans); after one that hid most, only what stays uncovered.
    @Test func theClearFollowsWhatTheLastFrameHid() throws {
        var little = DisplayList()
        little.append(.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 20)), .color(.black)))
        let w = 640, h = 480, photo = Self.photoOver(Self.photo(48, 32))
        let painted = try GLTestContext.with { info in
            let r = try GLRenderer(info: info)
            return [little, little, photo, photo].map { list in
                _ = r.render(list, width: w, height: h, scale: 10, background: .white)
                return r.lastPixelsPainted
            }
        }
        let whole = w * h, box = 200 * 200
        #expect(painted == [whole - box + box, whole + box, whole + whole + 480 * 320, whole], "painted \(painted)")
    }

    /// Inside a layer nothing is left out (a layer's pixels may be moved, blurred or faded),
    /// and a layer's content hides nothing under the layer.
    @Test func layersNeitherHideNorAreHidden() throws {
        var list = DisplayList()
        list.append(.fill(.rect(Self.area), .linearGradient(Self.background)))
        list.append(.pushLayer(.opacity(0.5), bounds: Self.area))
        list.append(.fill(.rect(Rect(x: 8, y: 8, width: 48, height: 32)), .color(.black)))
        list.append(.popLayer)
        list.append(.pushLayer(.pixelate(blockSize: 8), bounds: Self.area))
        list.append(.fill(.rect(Self.area), .linearGradient(Self.background)))
        list.append(.fill(.rect(Rect(x: 8, y: 8, width: 48, height: 32)), .color(.black)))
        list.append(.popLayer)
        let d = try Self.drawn(list)
        #expect(PrimitiveTests.worst(d.gl, d.cairo).0 <= 2)
    }
}
