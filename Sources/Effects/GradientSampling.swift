import Geometry
import Pixels

/// The derived gradient's sampling (the Image Derived Gradient Background component): average horizontal bands of a small
/// render of the photo into colours, top to bottom.
package enum GradientSampling {
    /// The side of the square the photo is drawn into (fill-and-crop) before sampling.
    public static let sampleSize = 24

    /// The colours of `count` horizontal bands of premultiplied ARGB32 `pixels`, top to bottom.
    /// Rows split into min(count, height) bands by integer division (band b holds rows
    /// b·h/n ..< (b+1)·h/n). Each pixel counts unpremultiplied, with weight
    /// alpha/255 · (0.15 + max(r, g, b) − min(r, g, b)), so vivid colours outweigh grays; bands
    /// with no weight (fully transparent) are left out. Empty when nothing is left.
    public static func bands(_ pixels: PixelBuffer, count: Int) -> [Color] {
        let w = pixels.width, h = pixels.height
        guard w > 0, h > 0, count > 0 else { return [] }
        let n = min(count, h)
        var out: [Color] = []
        for band in 0..<n {
            var red = 0.0, green = 0.0, blue = 0.0, total = 0.0
            for row in (band * h / n)..<((band + 1) * h / n) {
                for column in 0..<w {
                    let p = pixels[column, row]
                    let alpha = Double(p >> 24)
                    guard alpha > 0 else { continue }
                    let r = Double(p >> 16 & 0xFF) / alpha, g = Double(p >> 8 & 0xFF) / alpha, b = Double(p & 0xFF) / alpha
                    let weight = alpha / 255 * (0.15 + max(r, g, b) - min(r, g, b))
                    red += r * weight; green += g * weight; blue += b * weight; total += weight
                }
            }
            if total > 0 { out.append(Color(red: red / total, green: green / total, blue: blue / total)) }
        }
        return out
    }
}
