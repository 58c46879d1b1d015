import Geometry
import Pixels

/// Where a frame is drawn: premultiplied ARGB32 pixels in memory (native-endian, `stride`
/// bytes per row, borrowed for the duration of one `render` call), or, for a GPU renderer, a
/// frame that stays on the GPU (benchmarks) or the window's own framebuffer.
package struct RenderTarget {
    /// Where the pixels go.
    public enum Storage {
        /// Pixels in memory, `stride` bytes a row.
        case memory(UnsafeMutableRawPointer, stride: Int)
        /// Kept on the GPU, nothing read back (a GPU renderer's benchmark).
        case gpu
        /// The current GL context's window framebuffer, `windowWidth` × `windowHeight` pixels,
        /// showing the frame turned by `rotation`. `stale`: what the back buffer lacks besides
        /// this frame's damage (frame pixels; empty when it holds the last frame, see
        /// `DamageRing`), nil when all of it must be drawn.
        case window(rotation: DisplayRotation, windowWidth: Int, windowHeight: Int, stale: Rect? = nil)
    }
    /// Where the pixels go.
    public var storage: Storage
    /// The frame's width in pixels.
    public var width: Int
    /// The frame's height in pixels.
    public var height: Int

    /// A frame of `width` × `height` pixels in memory at `pixels`, `stride` bytes a row.
    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        storage = .memory(pixels, stride: stride); self.width = width; self.height = height
    }

    /// A frame of `width` × `height` pixels in `storage`.
    public init(storage: Storage, width: Int, height: Int) {
        self.storage = storage; self.width = width; self.height = height
    }

    /// The pixels of a target in memory (Cairo draws only there).
    public var pixels: UnsafeMutableRawPointer {
        guard case .memory(let p, _) = storage else { preconditionFailure("a frame on the GPU has no pixels in memory") }
        return p
    }

    /// Bytes a row (width × 4 where the frame is not in memory).
    public var stride: Int {
        guard case .memory(_, let s) = storage else { return width * 4 }
        return s
    }

    /// Whether its pixels are in memory.
    public var isInMemory: Bool {
        if case .memory = storage { return true }
        return false
    }
}

/// Which renderer draws (`--renderer`): the GPU where there is a real one (`auto`), Cairo on
/// the CPU, or OpenGL ES even on a software rasteriser (`gl`).
package enum RendererChoice: String, Sendable, CaseIterable {
    /// The GPU renderer where a hardware GPU comes up, else Cairo.
    case auto
    /// Cairo, on the CPU.
    case cairo
    /// The GPU renderer on any OpenGL ES 3 context, a software rasteriser's too.
    case gl
}

/// What draws a display list: `CairoRenderer` on the CPU, and RenderGL's `GLRenderer` with
/// OpenGL ES 3; widgets and scenes know neither.
package protocol Renderer: AnyObject {
    /// Draws `list` into `target`. `scale` is device pixels per point; `damage` (points) limits
    /// drawing to that region (nil: everything). The damaged region is first cleared to
    /// `background`.
    func render(_ list: DisplayList, into target: RenderTarget, scale: Double, damage: Rect?, background: Color)
    /// Whether work the renderer did off the main thread (a photo scaled to a new on-screen
    /// size) has landed since the last frame: the host draws again to use it.
    var hasArrivals: Bool { get }
    /// Why the renderer can draw no more (a GPU renderer whose GL failed at run time), once it
    /// has; the host then draws with another. Nil while it works (always, for Cairo).
    var failure: String? { get }
}

extension Renderer {
    package var failure: String? { nil }

    /// Renders `list` into a new buffer of w×h pixels (headless rendering and tests).
    package func render(_ list: DisplayList, width: Int, height: Int, scale: Double = 1,
                       damage: Rect? = nil, background: Color = .white) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        render(list, into: RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: buffer.width,
                                        height: buffer.height, stride: buffer.stride * 4),
               scale: scale, damage: damage, background: background)
        return buffer
    }
}

/// A renderer whose pictures may come a frame or two after they are first drawn (scaled
/// copies made off the main thread).
package protocol SettlesPictures {
    /// Whether the last frame drew every picture as it will stay (no copy still being made).
    var picturesSettled: Bool { get }
}

extension CairoRenderer: SettlesPictures {
    package var picturesSettled: Bool { images.isSettled }
}

/// A renderer that can take a picture in before it is drawn (a GPU renderer uploads it), so
/// that the frame that first shows it does not wait for that.
package protocol PreparesPictures {
    /// Takes `image`'s pixels in now.
    func prepare(_ image: ImageAsset)
}
