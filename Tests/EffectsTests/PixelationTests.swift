import Testing
import Effects

@Suite("Pixelate math (seed 001)")
struct PixelationTests {
    @Test func blockSizeFromAmount() {
        #expect(Pixelation.blockSize(amount: 0, maximum: 22) == 1)
        #expect(Pixelation.blockSize(amount: 1, maximum: 22) == 22)
        #expect(Pixelation.blockSize(amount: 0.5, maximum: 22) == 11.5)
        #expect(Pixelation.blockSize(amount: 2, maximum: 22) == 22, "clamped")
        #expect(Pixelation.blockSize(amount: -1, maximum: 22) == 1)
        #expect(Pixelation.blockSize(amount: .nan, maximum: 22) == 1)
        #expect(Pixelation.blockSize(amount: .infinity, maximum: 22) == 1)
        #expect(Pixelation.blockSize(amount: 1, maximum: 0.5) == 1, "max below 1 means 1")
    }

    @Test func blockCentres() {
        #expect(Pixelation.blockCenter(0, size: 10, limit: 100) == 5)
        #expect(Pixelation.blockCenter(19.9, size: 10, limit: 100) == 15)
        #expect(Pixelation.blockCenter(7.6, size: 7.5, limit: 100) == 11.25, "fractional sizes")
        #expect(Pixelation.blockCenter(95, size: 30, limit: 100) == 99.5, "centre 105 is clamped to the last point inside")
        #expect(Pixelation.blockCenter(3.3, size: 1, limit: 100) == 3.3, "size ≤ 1 leaves points alone")
    }
}
