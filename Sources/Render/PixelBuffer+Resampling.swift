import Effects

extension PixelBuffer {
    /// The picture resampled to w×h pixels with a good filter (box-filtered when shrinking,
    /// halving first for large reductions). Cairo does it today; callers above Render never
    /// name it.
    public func resampled(width: Int, height: Int) -> PixelBuffer {
        CairoSurface.scaled(self, width: width, height: height)
    }
}
