import Geometry
import Pixels
import Render
import RenderGL
import Testing

/// A video's frames (a live asset: new pixels each frame) through both renderers: each new frame
/// shows at once, scaled into its place, the GPU's picture matching Cairo's, and a frame
/// replaced in its texture rather than uploaded as a new one.
@Suite(.serialized) struct LiveFrameTests {
    /// A 160 × 90 frame: `rgb` with a white bar 16 pixels wide at x = 16 × `index` in its top half.
    func frame(_ index: Int, _ rgb: UInt32) -> PixelBuffer {
        let p = PixelBuffer(width: 160, height: 90)
        for y in 0..<90 { for x in 0..<160 {
            p.pixels[y * p.stride + x] = (x / 16 == index && y < 45 ? 0xFFFF_FFFF : 0xFF00_0000 | rgb)
        } }
        return p
    }

    func list(_ asset: ImageAsset) -> DisplayList {
        var l = DisplayList()
        l.append(.image(ImageDraw(image: asset, destination: Rect(x: 20, y: 10, width: 320, height: 180))))
        return l
    }

    func colour(_ p: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 { p.pixels[y * p.stride + x] & 0x00FF_FFFF }

    @Test func eachFrameShowsScaledAndTheGPUMatchesCairo() throws {
        let asset = ImageAsset(liveNamed: "video")
        let cairo = CairoRenderer(memory: ImageMemory(byteLimit: 64 << 20))
        try GLTestContext.with { info in
            let gl = try GLRenderer(info: info)
            for (i, rgb) in [(0, UInt32(0xC83232)), (3, UInt32(0x3250C8)), (7, UInt32(0x32C850))] {
                asset.showFrame(frame(i, rgb))
                let a = cairo.render(list(asset), width: 360, height: 200, background: .black)
                let b = gl.render(list(asset), width: 360, height: 200, background: .black)
                // The bar, twice as wide, at 20 + 32 × i; the colour below it; black outside.
                #expect(colour(a, 20 + 32 * i + 16, 150) == rgb && colour(a, 20 + 32 * i + 16, 50) == 0xFFFFFF, "Cairo, frame \(i)")
                #expect(colour(a, 10, 100) == 0 && colour(a, 350, 100) == 0)
                var apart = 0, samples = 0
                for y in Swift.stride(from: 0, to: 200, by: 3) { for x in Swift.stride(from: 0, to: 360, by: 3) {
                    let p = a.pixels[y * a.stride + x], q = b.pixels[y * b.stride + x]
                    samples += 1
                    if [0, 8, 16].contains(where: { abs(Int(p >> UInt32($0) & 255) - Int(q >> UInt32($0) & 255)) > 8 }) { apart += 1 }
                } }
                // Both sample the same texels bilinearly; only along the bar's and the picture's
                // edges may a blend differ (GPUDESIGN's tolerance: 8 levels).
                #expect(apart * 100 <= samples * 2, "frame \(i): \(apart) of \(samples) samples differ by more than 8")
                #expect(colour(b, 20 + 32 * i + 16, 150) == rgb && colour(b, 20 + 32 * i + 16, 50) == 0xFFFFFF, "GL, frame \(i)")
                #expect(colour(b, 10, 100) == 0 && colour(b, 350, 100) == 0)
            }
        }
    }
}
