/// EXIF orientation (TIFF tag 0x0112, values 1…8) and the pixel transform that makes a photo
/// upright. Source: the TIFF 6.0 / EXIF 2.3 specification, tag "Orientation": the value names
/// where the stored image's row 0 and column 0 lie in the upright picture.
public enum Orientation: Int, Sendable, CaseIterable {
    /// EXIF 1: upright as stored.
    case up = 1
    /// EXIF 2: mirrored left to right.
    case upMirrored = 2
    /// EXIF 3: turned 180°.
    case down = 3
    /// EXIF 4: mirrored top to bottom.
    case downMirrored = 4
    /// EXIF 5: mirrored along the main diagonal.
    case leftMirrored = 5
    /// EXIF 6: turned 90° clockwise to stand up.
    case right = 6
    /// EXIF 7: mirrored along the other diagonal.
    case rightMirrored = 7
    /// EXIF 8: turned 90° counter-clockwise to stand up.
    case left = 8

    /// Whether the upright picture swaps width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright copy of `source` (itself when already upright).
    public func apply(to source: PixelBuffer) -> PixelBuffer {
        if self == .up { return source }
        let w = source.width, h = source.height
        let ow = swapsAxes ? h : w, oh = swapsAxes ? w : h
        let out = PixelBuffer(width: ow, height: oh)
        for y in 0..<h {
            let row = source.pixels + y * source.stride
            for x in 0..<w {
                let (dx, dy) = destination(x, y, w, h)
                out.pixels[dy * out.stride + dx] = row[x]
            }
        }
        return out
    }

    /// Where stored pixel (x, y) of a w×h image lands in the upright image.
    public func destination(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (Int, Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)                  // transpose
        case .right: return (h - 1 - y, x)                 // rotate 90° clockwise
        case .rightMirrored: return (h - 1 - y, w - 1 - x) // transverse
        case .left: return (y, w - 1 - x)                  // rotate 90° counter-clockwise
        }
    }
}
