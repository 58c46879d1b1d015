import Effects
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
    /// Whether work the renderer did off the main thread (a photo scaled to a new on-screen
    /// size) has landed since the last frame: the host draws again to use it.
    var hasArrivals: Bool { get }
}

extension Renderer {
    /// Renders `list` into a new buffer of w×h pixels (headless rendering and tests).
    public func render(_ list: DisplayList, width: Int, height: Int, scale: Double = 1,
                       damage: Rect? = nil, background: Color = .white) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        render(list, into: RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: buffer.width,
                                        height: buffer.height, stride: buffer.stride * 4),
               scale: scale, damage: damage, background: background)
        return buffer
    }
}
