import Dispatch

/// An almost-Gaussian blur of an 8-bit mask by three successive box blurs, for shadows.
/// Source: P. Kovesi, "Fast Almost-Gaussian Filtering" (DICTA 2010): n box passes of widths
/// chosen from w_ideal = √(12σ²/n + 1) have the variance of a Gaussian of standard deviation σ.
package enum BoxBlur {
    /// The three box widths (odd) for a Gaussian of `sigma` pixels.
    public static func boxWidths(sigma: Double, passes n: Int = 3) -> [Int] {
        guard sigma > 0 else { return Array(repeating: 1, count: n) }
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - Double(n * wl * wl) - Double(4 * n * wl) - Double(3 * n)) / Double(-4 * wl - 4)
        let m = Int(mIdeal.rounded())
        return (0..<n).map { $0 < m ? wl : wu }
    }

    /// Blurs `mask` (w×h bytes, `stride` bytes per row) in place with σ = `sigma` pixels.
    /// Pixels outside the mask count as 0. A large mask's rows, then its columns, are shared
    /// among `threads` threads (each row and column is summed alone, so the result is the same).
    public static func blur(_ mask: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, stride: Int, sigma: Double,
                            threads: Int = 1) {
        guard sigma > 0.2, w > 0, h > 0 else { return }
        let parts = w * h >= 1 << 16 ? max(min(threads, 8), 1) : 1
        nonisolated(unsafe) let mask = mask
        /// Runs `body` over `count` lines split into `parts` runs, each with its own buffers.
        func lines(_ count: Int, _ body: @escaping (Range<Int>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Void) {
            let n = max(w, h)
            let run: (Int) -> Void = { part in
                let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: n)
                let line = UnsafeMutablePointer<Int32>.allocate(capacity: n)
                defer { scratch.deallocate(); line.deallocate() }
                body((count * part / parts)..<(count * (part + 1) / parts), line, scratch)
            }
            if parts == 1 { run(0) } else {
                nonisolated(unsafe) let run = run
                DispatchQueue.concurrentPerform(iterations: parts) { run($0) }
            }
        }
        for width in boxWidths(sigma: sigma) where width > 1 {
            let r = width / 2
            lines(h) { ys, line, out in for y in ys { pass(mask + y * stride, step: 1, count: w, radius: r, line: line, out: out) } }
            lines(w) { xs, line, out in for x in xs { pass(mask + x, step: stride, count: h, radius: r, line: line, out: out) } }
        }
    }

    /// One running-sum box pass along a row or column.
    private static func pass(_ p: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius r: Int,
                             line: UnsafeMutablePointer<Int32>, out: UnsafeMutablePointer<Int32>) {
        for i in 0..<count { line[i] = Int32(p[i * step]) }
        let width = Int32(2 * r + 1)
        var sum: Int32 = 0
        for i in 0...min(r, count - 1) { sum += line[i] }
        for i in 0..<count {
            out[i] = sum
            let add = i + r + 1, drop = i - r
            if add < count { sum += line[add] }
            if drop >= 0 { sum -= line[drop] }
        }
        for i in 0..<count { p[i * step] = UInt8((out[i] + width / 2) / width) }
    }
}
