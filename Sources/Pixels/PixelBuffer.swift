/// A `PixelBuffer` is a block of premultiplied ARGB32 pixels, native-endian (0xAARRGGBB in a
/// `UInt32`): Cairo's CAIRO_FORMAT_ARGB32 and SDL's ARGB8888. It owns its memory, so Cairo and
/// SDL can read and write it in place without copies.
///
/// Sharing: a buffer is made and filled by one thread (an image decoder), then handed over and
/// only read afterwards; that hand-over is why it is `@unchecked Sendable`.
public final class PixelBuffer: @unchecked Sendable {
    /// Size in pixels.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Pixels per row (≥ width). Bytes per row are `stride * 4`.
    public let stride: Int
    /// The pixels, row after row.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// A new buffer filled with `fill` (transparent black by default). Sizes below 1 become 1.
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = self.width
        pixels = .allocate(capacity: stride * self.height)
        pixels.initialize(repeating: fill, count: stride * self.height)
        release = nil
    }

    /// Takes ownership of memory allocated with `UnsafeMutablePointer.allocate`.
    public init(adopting pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride
        release = nil
    }

    /// Takes ownership of memory that `release` gives back (a shared-memory mapping a decoder
    /// process filled: unmapped, not freed).
    public init(adopting pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                release: @escaping @Sendable (UnsafeMutablePointer<UInt32>) -> Void) {
        self.pixels = pixels; self.width = width; self.height = height; self.stride = stride
        self.release = release
    }

    /// How the memory is given back when it was not allocated here.
    private let release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)?

    deinit { if let release { release(pixels) } else { pixels.deallocate() } }

    /// Bytes of pixel memory held.
    public var byteCount: Int { stride * height * 4 }

    /// The pixel at column `x`, row `y` (premultiplied ARGB32 in native byte order).
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// Whether every pixel is opaque (alpha 255): a scan of the rows, ended by the first row
    /// with a pixel that is not.
    public var isOpaque: Bool {
        for y in 0..<height {
            let row = pixels + y * stride
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// A deep copy.
    public func copy() -> PixelBuffer {
        let b = PixelBuffer(width: width, height: height)
        for y in 0..<height { (b.pixels + y * b.stride).update(from: pixels + y * stride, count: width) }
        return b
    }

    /// A copy with every pixel made opaque (a window's frame as a screenshot shows it), into
    /// `reuse` when it has this size (no allocation, no page faults: a recording's frames),
    /// else into a new buffer.
    public func opaqueCopy(into reuse: PixelBuffer? = nil) -> PixelBuffer {
        let out: PixelBuffer
        if let reuse, reuse.width == width, reuse.height == height { out = reuse } else {
            out = PixelBuffer(adopting: .allocate(capacity: width * height), width: width, height: height, stride: width)
        }
        for y in 0..<height {
            let from = pixels + y * stride, to = out.pixels + y * out.stride
            to.update(from: from, count: width)
            for x in 0..<width { to[x] |= 0xFF00_0000 }
        }
        return out
    }

}
