import CCairo
import Pixels

/// A photo's mip pyramid, in colour or in gray: each level half the size of the one before
/// (each pixel the mean of a 2 × 2 block, `CairoSurface.halved`), made once, off the main
/// thread. A colour pyramid starts at half the photo's size (the photo itself is level 0); a
/// gray one starts with the photo in gray (Rec. 709 luma, `Luma.grayscale`). A draw at a size
/// that moves from frame to frame filters the smallest level at or above its size bilinearly,
/// so it shrinks by less than 2× from a picture already box-filtered: what Skia's
/// `SkMipmapMode::kNearest` with a linear filter and a GPU's `GL_LINEAR_MIPMAP_NEAREST` do.
final class MipLevels {
    /// Largest first.
    let levels: [ImageCache.Entry]
    let byteCount: Int

    init(_ buffers: [PixelBuffer]) {
        levels = buffers.map { ImageCache.Entry($0) }
        byteCount = buffers.reduce(0) { $0 + $1.byteCount }
    }

    /// No level is smaller than this many pixels a side.
    static let smallestSide = 8

    /// The pyramid's pictures for `photo`: from half its size (colour) or its own size (gray)
    /// down to `smallestSide`.
    static func pictures(of photo: PixelBuffer, gray: Bool) -> [PixelBuffer] {
        var out: [PixelBuffer] = []
        var level = photo
        while level.width >= 2 * smallestSide && level.height >= 2 * smallestSide {
            level = CairoSurface.halved(level)
            out.append(level)
        }
        return gray ? [Luma.grayscale(photo)] + out.map(Luma.grayscale) : out
    }

    /// The smallest level at least w × h pixels, if one is.
    func level(atLeast w: Int, _ h: Int) -> ImageCache.Entry? {
        levels.last { $0.width >= w && $0.height >= h }
    }
}
