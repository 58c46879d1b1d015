import Foundation
import Render
import Pixels

/// How far a GPU frame is from Cairo's (the oracle), forgiving anti-aliasing and nothing else:
/// SkQP's rule (google/skia tools/skqp/README_ALGORITHM.md), each channel must lie within the
/// range of the reference's 3 × 3 neighbourhood widened by `slack`, plus limits in the style of
/// Chromium's FuzzyPixelComparator on the share and mean of channels that differ at all.
struct OracleComparison {
    /// Channels off the neighbourhood's range by more than the slack.
    var failing = 0
    /// The largest excess over the neighbourhood's range.
    var worstExcess = 0
    var firstFailure: (x: Int, y: Int)?
    /// Share of channels differing from the reference pixel by more than 2, and the mean |Δ|.
    var shareOver2 = 0.0
    var mean = 0.0
    var worst = 0

    static let slack = 8

    init(_ gpu: PixelBuffer, _ reference: PixelBuffer) {
        let w = reference.width, h = reference.height
        var over2 = 0, total = 0
        for y in 0..<h {
            let gpuRow = gpu.pixels + y * gpu.stride, referenceRow = reference.pixels + y * reference.stride
            for x in 0..<w where gpuRow[x] != referenceRow[x] {
                let p = gpuRow[x], q = referenceRow[x]
                var shift: UInt32 = 0
                while shift < 32 {
                    defer { shift += 8 }
                    let v = Int(p >> shift & 0xFF), r = Int(q >> shift & 0xFF)
                    let d = v > r ? v - r : r - v
                    total += d
                    worst = max(worst, d)
                    if d > 2 { over2 += 1 }
                    guard d > Self.slack else { continue }
                    var lo = 255, hi = 0
                    for j in max(y - 1, 0)...min(y + 1, h - 1) {
                        for i in max(x - 1, 0)...min(x + 1, w - 1) {
                            let n = Int(reference[i, j] >> shift & 0xFF)
                            lo = min(lo, n); hi = max(hi, n)
                        }
                    }
                    let excess = max(0, lo - v - Self.slack, v - hi - Self.slack)
                    if excess > 0 {
                        failing += 1
                        worstExcess = max(worstExcess, excess)
                        if firstFailure == nil { firstFailure = (x, y) }
                    }
                }
            }
        }
        let channels = Double(max(w * h * 4, 1))
        shareOver2 = Double(over2) / channels
        mean = Double(total) / channels
    }

    /// Within tolerance: nothing left after the neighbour step, and few, small differences.
    func passes(share: Double = 0.005, mean meanLimit: Double = 0.5) -> Bool {
        failing == 0 && shareOver2 <= share && mean <= meanLimit
    }

    var summary: String {
        String(format: "%d channels off their neighbourhood (worst by %d, first at %@); %.3f%% of channels differ by > 2; mean |Δ| %.3f; worst %d",
               failing, worstExcess, firstFailure.map { "\($0.x),\($0.y)" } ?? "-", shareOver2 * 100, mean, worst)
    }

    /// |Δ| per pixel (the largest channel), ×4, as a gray image: where the frames differ.
    static func differenceImage(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer {
        let out = PixelBuffer(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                var d = 0
                for shift: UInt32 in [0, 8, 16, 24] { d = max(d, abs(Int(a[x, y] >> shift & 0xFF) - Int(b[x, y] >> shift & 0xFF))) }
                let v = UInt32(min(d * 4, 255))
                out[x, y] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
        return out
    }
}
