import Testing
import Pixels

@Suite("Projective resampling kernel")
struct ProjectiveSamplerTests {
    func run(_ src: PixelBuffer, _ inverse: [Double], w: Int, h: Int) -> PixelBuffer {
        let out = PixelBuffer(width: w, height: h)
        ProjectiveSampler.sample(source: src.pixels, width: src.width, height: src.height, stride: src.stride,
                                 into: out.pixels, width: w, stride: out.stride, inverse: inverse, rows: 0..<h) { _ in 0..<w }
        return out
    }

    @Test func identityCopiesExactly() {
        let src = PixelBuffer(width: 5, height: 4)
        for y in 0..<4 { for x in 0..<5 { src[x, y] = 0xFF00_0000 | UInt32(x * 40) << 16 | UInt32(y * 60) } }
        let out = run(src, [1, 0, 0, 0, 1, 0, 0, 0, 1], w: 5, h: 4)
        for y in 0..<4 { for x in 0..<5 { #expect(out[x, y] == src[x, y]) } }
    }

    @Test func halfPixelShiftAveragesNeighboursAndOutsideIsTransparent() {
        let src = PixelBuffer(width: 2, height: 1)
        src[0, 0] = 0xFF00_0000; src[1, 0] = 0xFFFF_FFFF
        // Destination x samples source x + 0.5: between the two pixels, an even mix.
        let out = run(src, [1, 0, 0.5, 0, 1, 0, 0, 0, 1], w: 3, h: 1)
        #expect(out[0, 0] == 0xFF7F_7F7F || out[0, 0] == 0xFF80_8080)
        // Past the last pixel the filter blends with transparent, then nothing.
        #expect(out[1, 0] >> 24 == 0x7F || out[1, 0] >> 24 == 0x80)
        #expect(out[2, 0] == 0)
    }

    @Test func behindTheViewerIsTransparent() {
        let src = PixelBuffer(width: 2, height: 2, fill: 0xFFFF_0000)
        let out = run(src, [1, 0, 0, 0, 1, 0, 0, 0, -1], w: 2, h: 2)
        #expect(out[0, 0] == 0 && out[1, 1] == 0)
    }
}
