import Foundation
import Geometry
import Render
import Testing
@testable import RenderGL
import Pixels

/// The accumulated-area coverage against geometry: a polygon's coverage summed over the pixels
/// is its area, and a pixel's coverage is the part of it inside (exact area, not a sample).
@Suite(.serialized) struct CoverageTests {
    static func alphaSum(_ b: PixelBuffer) -> Double {
        var sum = 0.0
        for y in 0..<b.height { for x in 0..<b.width { sum += Double(b[x, y] >> 24) / 255 } }
        return sum
    }

    @Test func aTrianglesCoverageIsItsArea() throws {
        let tri: [PathElement] = [.move(Point(3.3, 2.7)), .line(Point(57.9, 9.1)), .line(Point(21.4, 44.6)), .close]
        var list = DisplayList()
        list.fill(.path(tri), Color(red: 0, green: 0, blue: 0))
        let gl = try GLTestContext.with { try GLRenderer(info: $0).render(list, width: 64, height: 48, background: .clear) }
        let ax: Double = 57.9 - 3.3, ay: Double = 9.1 - 2.7, bx: Double = 21.4 - 3.3, by: Double = 44.6 - 2.7
        let area = abs(ax * by - bx * ay) / 2
        // 8-bit alpha rounds each pixel by at most 1/510.
        #expect(abs(Self.alphaSum(gl) - area) < 0.002 * area + 0.5, "coverage \(Self.alphaSum(gl)) for an area of \(area)")
    }

    @Test func aPixelHalfInsideIsHalfCovered() throws {
        // A diagonal through pixel (10, 10)'s centre cuts it in half.
        let tri: [PathElement] = [.move(Point(0, 0)), .line(Point(40, 40)), .line(Point(0, 40)), .close]
        var list = DisplayList()
        list.fill(.path(tri), Color(red: 0, green: 0, blue: 0))
        let gl = try GLTestContext.with { try GLRenderer(info: $0).render(list, width: 48, height: 48, background: .clear) }
        let a = Int(gl[10, 10] >> 24)
        #expect(abs(a - 128) <= 1, "alpha \(a) on the diagonal")
        #expect(gl[5, 20] >> 24 == 255 && gl[20, 5] >> 24 == 0)
    }

    /// Pages as large as the frames: 16 MB of float texels for a laptop's window, not 64.
    @Test func pagesAreSizedToTheFrame() {
        #expect(GLRenderer.atlasSide(forWidth: 1280, height: 800, limit: 16384) == 2048)
        #expect(GLRenderer.atlasSide(forWidth: 3840, height: 2160, limit: 16384) == 4096)
        #expect(GLRenderer.atlasSide(forWidth: 7680, height: 4320, limit: 16384) == 8192)
        #expect(GLRenderer.atlasSide(forWidth: 7680, height: 4320, limit: 4096) == 4096)
    }
}
