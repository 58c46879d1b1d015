import CCairo
import Geometry
import Testing
@testable import Render

/// A large rounded rectangle's shadow mask copied together from a small one is the mask
/// blurred at full size, byte for byte.
@Suite("Shadow masks from a nine-patch")
struct ShadowNinePatchTests {
    static let shapes: [(String, Shape, Double)] = [
        ("continuous 40 pt at 2×", .roundedRect(Rect(x: 3.3, y: 7.1, width: 320, height: 240), radius: 40, style: .continuous), 2),
        ("continuous 24 pt at 1×", .roundedRect(Rect(x: 0, y: 0, width: 300, height: 225), radius: 24, style: .continuous), 1),
        ("circular 20 pt at 1.5×", .roundedRect(Rect(x: 0, y: 0, width: 257, height: 311), radius: 20, style: .circular), 1.5),
        ("rectangle at 1×", .rect(Rect(x: 0, y: 0, width: 200, height: 90)), 1),
    ]

    static func bytes(_ s: OpaquePointer) -> [[UInt8]] {
        cairo_surface_flush(s)
        let w = Int(cairo_image_surface_get_width(s)), h = Int(cairo_image_surface_get_height(s))
        let stride = Int(cairo_image_surface_get_stride(s)), data = cairo_image_surface_get_data(s)!
        return (0..<h).map { y in (0..<w).map { data[y * stride + $0] } }
    }

    @Test(arguments: 0..<shapes.count, [4.0, 11.5, 30])
    func composedIsBlurredByteForByte(index: Int, blur: Double) throws {
        let (name, base, ds) = Self.shapes[index]
        let cache = ShadowCache(memory: ImageMemory())
        let sigma = blur / 2 * ds
        // Sizes from the template's own up to large, as a scaling card goes through them.
        for grow in [0.0, 0.01, 0.17, 0.5, 1.3] {
            let b = base.bounds
            let r = Rect(x: b.x, y: b.y, width: b.width * (1 + grow), height: b.height * (1 + grow * 0.7))
            let shape: Shape = if case .roundedRect(_, let rad, let style) = base { .roundedRect(r, radius: rad, style: style) } else { .rect(r) }
            let w = Int((r.width * ds).rounded()), h = Int((r.height * ds).rounded())
            let composed = cache.mask(for: shape, ds: ds, sigma: sigma)
            let direct = cache.blurred(shape, w: w, h: h, ds: ds, sigma: sigma, pad: composed.pad)
            defer { cairo_surface_destroy(direct) }
            #expect(Self.bytes(composed.surface) == Self.bytes(direct), "\(name), blur \(blur), \(w)×\(h)")
        }
        let core = try #require(ShadowNinePatch.core(base, ds: ds, sigma: sigma, w: 10_000, h: 10_000))
        #expect(ShadowNinePatch.templateSide(core: core) < 2 * Int(base.bounds.width * ds), "the small mask is small")
    }

    @Test func ellipsesPathsAndClampedCornersAreBlurredWhole() {
        #expect(ShadowNinePatch.core(.ellipse(Rect(x: 0, y: 0, width: 500, height: 500)), ds: 1, sigma: 4, w: 500, h: 500) == nil)
        #expect(ShadowNinePatch.core(.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: 40, style: .continuous),
                                     ds: 1, sigma: 4, w: 100, h: 100) == nil, "1.53 × 40 > 50: the corner is shrunk to fit")
    }
}
