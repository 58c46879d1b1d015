import Foundation
import Geometry
import Render
import Testing
@testable import RenderGL
import Pixels

/// A drop-shadow layer is drawn and blurred once, then composited from what was kept while it
/// stays the same (`KeptLayers`).
@Suite(.serialized) struct KeptLayerTests {
    /// A card with a drop shadow (its layer's commands the same wherever it is moved to).
    static func shadowed(_ x: Double, photo: ImageAsset? = nil) -> DisplayList {
        var list = DisplayList()
        list.append(.pushTransform(.translation(x, 0)))
        let card = Rect(x: 0, y: 12, width: 30, height: 20)
        list.append(.pushLayer(.dropShadow(color: Color.black.opacity(0.5), radius: 6, offset: Point(0, 3)), bounds: card))
        list.append(.fill(.roundedRect(card, radius: 6, style: .continuous), .color(Color(red: 0.9, green: 0.5, blue: 0.1))))
        if let photo { list.append(.image(ImageDraw(image: photo, destination: card.insetBy(dx: 4, dy: 4)))) }
        list.append(.popLayer)
        list.append(.popTransform)
        return list
    }

    /// Pixels painted by three frames of `lists` drawn one after the other with one renderer
    /// (a frame of magenta before the last), the last frame, and Cairo's of the last list.
    static func frames(_ lists: [DisplayList]) throws -> (painted: [Int], kept: Int, gl: PixelBuffer, cairo: PixelBuffer) {
        let cairo = CairoRenderer(threads: 1).render(lists.last!, width: 64, height: 48, background: .white)
        return try GLTestContext.with { info in
            let r = try GLRenderer(info: info)
            var painted: [Int] = []
            var last = PixelBuffer(width: 1, height: 1)
            for (i, list) in lists.enumerated() {
                if i == lists.count - 1 { r.drawMagenta(width: 64, height: 48) }
                last = r.render(list, width: 64, height: 48, background: .white)
                painted.append(r.lastPixelsPainted)
            }
            return (painted, r.keptLayers.count, last, cairo)
        }
    }

    @Test func aShadowedLayerIsBlurredOnceThenKept() throws {
        let f = try Self.frames([Self.shadowed(10.25), Self.shadowed(10.25), Self.shadowed(10.25)])
        #expect(f.kept == 1)
        // Drawn, blurred six times and composited; then only composited.
        #expect(f.painted[1] < f.painted[0] / 2, "painted \(f.painted)")
        #expect(f.painted[2] == f.painted[1])
        #expect(PrimitiveTests.worst(f.gl, f.cairo).0 <= 8)
    }

    @Test func aLayerMovedByAFractionIsDrawnAgainAndOneWithAPhotoIsNotKept() throws {
        let moved = try Self.frames([Self.shadowed(10.25), Self.shadowed(10.5)])
        #expect(moved.painted[1] == moved.painted[0], "painted \(moved.painted)")
        #expect(PrimitiveTests.worst(moved.gl, moved.cairo).0 <= 8)
        let photo = OcclusionTests.photo(22, 12)
        let withPhoto = try Self.frames([Self.shadowed(10.25, photo: photo), Self.shadowed(10.25, photo: photo)])
        #expect(withPhoto.kept == 0)
        #expect(withPhoto.painted[1] == withPhoto.painted[0])
    }
}
