import Pixels

extension PixelBuffer {
    /// Reads every pixel the buffer claims, row by row: a buffer smaller than its size says
    /// (a short allocation, a mapping past a file's end) faults here, under the fuzzer, rather
    /// than later when a frame draws it.
    func touchEveryPixel() {
        var sum: UInt32 = 0
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width { sum &+= row[x] }
        }
        withExtendedLifetime(sum) {}
    }
}
