import Testing
import Pixels

@Suite("Pixel kernels: luma, orientation, blur")
struct KernelTests {
    @Test func lumaUsesRec709Weights() {
        #expect(Luma.gray(0xFFFF_0000) == 54)   // 0.2126·255 = 54.2
        #expect(Luma.gray(0xFF00_FF00) == 182)  // 0.7152·255 = 182.4
        #expect(Luma.gray(0xFF00_00FF) == 18)   // 0.0722·255 = 18.4
        #expect(Luma.gray(0xFFFF_FFFF) == 255)
        let g = Luma.grayscale(PixelBuffer(width: 2, height: 2, fill: 0x80FF_0000))
        #expect(g[1, 1] == 0x8036_3636, "alpha kept, gray of premultiplied values")
    }

    @Test func saturationMatrixAtTheEnds() {
        let c = (0.9, 0.3, 0.1)
        let one = Luma.saturate(c, 1), zero = Luma.saturate(c, 0)
        #expect(abs(one.0 - c.0) < 1e-12 && abs(one.1 - c.1) < 1e-12 && abs(one.2 - c.2) < 1e-12)
        let l = 0.2126 * 0.9 + 0.7152 * 0.3 + 0.0722 * 0.1
        #expect(abs(zero.0 - l) < 1e-12 && abs(zero.1 - l) < 1e-12 && abs(zero.2 - l) < 1e-12)
    }

    @Test(arguments: Orientation.allCases)
    func orientationMovesTheFirstPixelWhereTheSpecSays(o: Orientation) {
        // 3×2, pixel value = index. The stored top-left pixel ends where EXIF's table puts row 0 / column 0.
        let b = PixelBuffer(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { b[x, y] = UInt32(y * 3 + x) } }
        let out = o.apply(to: b)
        #expect(out.width == (o.swapsAxes ? 2 : 3))
        let (dx, dy) = o.destination(0, 0, 3, 2)
        #expect(out[dx, dy] == 0)
        let expectedCorner: [Orientation: (Int, Int)] = [.up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
                                                         .leftMirrored: (0, 0), .right: (1, 0), .rightMirrored: (1, 2), .left: (0, 2)]
        #expect(expectedCorner[o]! == (dx, dy))
    }

    @Test func boxBlurKeepsMassAndSpreads() {
        let w = 41, h = 41
        let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
        defer { mask.deallocate() }
        mask.initialize(repeating: 0, count: w * h)
        for y in 15..<26 { for x in 15..<26 { mask[y * w + x] = 255 } }
        BoxBlur.blur(mask, width: w, height: h, stride: w, sigma: 3)
        var sum = 0
        for i in 0..<w * h { sum += Int(mask[i]) }
        #expect(abs(sum - 121 * 255) < 121 * 255 / 50, "mass kept within 2 %")
        #expect(mask[20 * w + 20] > 200 && mask[20 * w + 12] > 0 && mask[20 * w + 12] < 128)
        #expect(BoxBlur.boxWidths(sigma: 3).allSatisfy { $0 % 2 == 1 })
    }

    /// Rows and columns shared among threads give the one-thread blur, byte for byte.
    @Test(arguments: [2, 3]) func boxBlurOnThreadsIsTheSame(threads: Int) {
        let w = 301, h = 257, stride = 304
        func mask() -> UnsafeMutablePointer<UInt8> {
            let m = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * h)
            for y in 0..<h { for x in 0..<stride { m[y * stride + x] = UInt8(truncatingIfNeeded: (x * 7 + y * 13) ^ (x * y >> 3)) } }
            return m
        }
        let one = mask(), many = mask()
        defer { one.deallocate(); many.deallocate() }
        BoxBlur.blur(one, width: w, height: h, stride: stride, sigma: 6)
        BoxBlur.blur(many, width: w, height: h, stride: stride, sigma: 6, threads: threads)
        var differing = 0
        for y in 0..<h { for x in 0..<w where one[y * stride + x] != many[y * stride + x] { differing += 1 } }
        #expect(differing == 0)
        // The blur did something: a pixel is not what it was.
        let original = mask(); defer { original.deallocate() }
        #expect((0..<w).contains { one[100 * stride + $0] != original[100 * stride + $0] })
    }
}
