import Geometry

/// Pixels to draw into: premultiplied ARGB32, native-endian, `stride` bytes per row.
/// The memory is borrowed for the duration of one `render` call.
public struct RenderTarget {
    public var pixels: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    public var stride: Int
    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride
    }
}

/// What draws a display list. Cairo on the CPU today (`CairoRenderer`); a GPU path can be
/// added behind this without touching widgets.
public protocol Renderer: AnyObject {
    /// Draws `list` into `target`. `scale` is device pixels per point; `damage` (points) limits
    /// drawing to that region (nil: everything). The damaged region is first cleared to
    /// `background`.
    func render(_ list: DisplayList, into target: RenderTarget, scale: Double, damage: Rect?, background: Color)
}
