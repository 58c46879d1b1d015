/// Rec. 709 luma, the gray of Lumen's saturation effect (weights 0.2126, 0.7152, 0.0722).
///
/// Saturation s is drawn as the gray image, then the colour image over it at alpha s. For an
/// opaque pixel that is exactly the colour-matrix saturation with Rec. 709 weights:
/// R' = (0.2126 + 0.7874s)R + 0.7152(1 − s)G + 0.0722(1 − s)B (and so on for G, B).
/// Source: ITU-R BT.709-6, item 3.2 (luma coefficients); the matrix is the W3C Filter Effects
/// `saturate` definition with those weights.
package enum Luma {
    /// Rec. 709's weight of red.
    public static let red = 0.2126
    /// Rec. 709's weight of green.
    public static let green = 0.7152
    /// Rec. 709's weight of blue.
    public static let blue = 0.0722

    /// The gray level of a premultiplied pixel, in the same premultiplied units (0…255).
    /// Integer weights 2126/7152/722 over 10000, rounded.
    @inlinable public static func gray(_ p: UInt32) -> UInt32 {
        let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
        return (r * 2126 + g * 7152 + b * 722 + 5000) / 10000
    }

    /// A gray copy of `source`: each pixel's R = G = B = its luma, alpha kept.
    public static func grayscale(_ source: PixelBuffer) -> PixelBuffer {
        let out = PixelBuffer(width: source.width, height: source.height)
        for y in 0..<source.height {
            let src = source.pixels + y * source.stride, dst = out.pixels + y * out.stride
            for x in 0..<source.width {
                let p = src[x]
                let l = gray(p)
                dst[x] = (p & 0xFF00_0000) | l << 16 | l << 8 | l
            }
        }
        return out
    }

    /// The colour-matrix saturation of one straight-alpha RGB triple (0…1), for tests and
    /// for code that needs the exact value without drawing: s = 0 gray, 1 unchanged.
    public static func saturate(_ rgb: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
        let (r, g, b) = rgb
        let l = red * r + green * g + blue * b
        return (l + (r - l) * s, l + (g - l) * s, l + (b - l) * s)
    }
}
