import Geometry
import Pixels

/// Pixel measures the pixel tests share.
public enum PixelComparison {
    /// Red, green, blue and alpha of a premultiplied ARGB32 pixel.
    public static func rgba(_ p: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
        (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF), Int(p >> 24))
    }

    /// Whether a pixel is within `tolerance` of a colour in every channel.
    public static func close(_ p: UInt32, _ c: Color, tolerance: Int = 2) -> Bool {
        let a = rgba(p), q = rgba(c.argb32)
        return abs(a.r - q.r) <= tolerance && abs(a.g - q.g) <= tolerance && abs(a.b - q.b) <= tolerance && abs(a.a - q.a) <= tolerance
    }

    /// Mean chroma (max − min channel) and the largest channel spread of the pixels in `r`.
    public static func chroma(_ px: PixelBuffer, _ r: Rect) -> (mean: Double, max: Int) {
        var total = 0, worst = 0, n = 0
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) {
                let p = rgba(px[x, y])
                let spread = max(p.r, p.g, p.b) - min(p.r, p.g, p.b)
                total += spread; worst = max(worst, spread); n += 1
            }
        }
        return (Double(total) / Double(max(n, 1)), worst)
    }

    /// The mean colour of the pixels in `r` (opaque pixels assumed).
    public static func meanColor(_ px: PixelBuffer, _ r: Rect) -> Color {
        var sum = (0, 0, 0), n = 0
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) {
                let p = rgba(px[x, y])
                sum.0 += p.r; sum.1 += p.g; sum.2 += p.b; n += 1
            }
        }
        let d = Double(max(n, 1)) * 255
        return Color(red: Double(sum.0) / d, green: Double(sum.1) / d, blue: Double(sum.2) / d)
    }

    /// Mean absolute channel difference, and the fraction of pixels off by more than 24 in any channel.
    public static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> (mean: Double, outliers: Double) {
        var total = 0, outliers = 0
        for y in 0..<a.height {
            let rowA = a.pixels + y * a.stride, rowB = b.pixels + y * b.stride
            for x in 0..<a.width where rowA[x] != rowB[x] {
                let d = channelDifferences(rowA[x], rowB[x])
                total += d.sum
                if d.worst > 24 { outliers += 1 }
            }
        }
        let n = Double(a.width * a.height)
        return (Double(total) / (n * 4), Double(outliers) / n)
    }

    /// The absolute differences of two pixels' four channels: their sum and the largest.
    /// (Plain integer steps: the test builds are unoptimized, where a loop over an array of
    /// shifts and the generic `abs` cost several times the comparison itself, per pixel.)
    @inline(__always)
    public static func channelDifferences(_ p: UInt32, _ q: UInt32) -> (sum: Int, worst: Int) {
        var sum = 0, worst = 0, shift: UInt32 = 0
        while shift < 32 {
            let u = Int(p >> shift & 0xFF), v = Int(q >> shift & 0xFF)
            let d = u > v ? u - v : v - u
            sum += d
            if d > worst { worst = d }
            shift += 8
        }
        return (sum, worst)
    }
}
