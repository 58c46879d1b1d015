import Pixels

extension PixelBuffer {
    /// The picture resampled to w×h pixels with a good filter (box-filtered when shrinking,
    /// halving first for large reductions). Cairo does it today; callers above Render never
    /// name it.
    public func resampled(width: Int, height: Int) -> PixelBuffer {
        CairoSurface.scaled(self, width: width, height: height)
    }

    /// The same, with a bilinear last step instead of GOOD's convolution: after halving, less
    /// than 2× remains, where bilinear loses little and costs a third as much. For thumbnails of
    /// photos already shrunk by libjpeg's DCT scaling.
    public func resampledForThumbnail(width: Int, height: Int) -> PixelBuffer {
        CairoSurface.scaled(self, width: width, height: height, fast: true)
    }
}
