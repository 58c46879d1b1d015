import CSDL2
import Geometry
import Render
import Pixels

/// The window's pixels: Cairo draws straight into SDL's window surface when its format is
/// 32-bit xRGB/ARGB (the usual case), otherwise into a buffer that is converted on present.
/// Presenting sends only the damaged rectangle (SDL_UpdateWindowSurfaceRects).
final class WindowSurface: WindowPresenter {
    private let window: OpaquePointer
    private(set) var surface: UnsafeMutablePointer<SDL_Surface>
    private var offscreen: PixelBuffer?

    init?(window: OpaquePointer) {
        guard let s = SDL_GetWindowSurface(window) else { return nil }
        self.window = window
        surface = s
        configure()
    }

    let pacesItself = false
    let summary = "surface"

    /// Pixel size of the surface.
    var pixelWidth: Int { Int(surface.pointee.w) }
    var pixelHeight: Int { Int(surface.pointee.h) }

    /// Fetches the surface again after a resize.
    func refresh() -> Bool {
        guard let s = SDL_GetWindowSurface(window) else { return false }
        surface = s
        configure()
        return true
    }

    private func configure() {
        let format = surface.pointee.format.pointee.format
        let direct = format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue
        offscreen = direct ? nil : PixelBuffer(width: pixelWidth, height: pixelHeight)
    }

    func draw(_ body: (RenderTarget) -> Void) {
        let lock = offscreen == nil && lumen_must_lock(surface) != 0
        if lock { SDL_LockSurface(surface) }
        body(target)
        if lock { SDL_UnlockSurface(surface) }
    }

    private var target: RenderTarget {
        if let o = offscreen {
            return RenderTarget(pixels: UnsafeMutableRawPointer(o.pixels), width: o.width, height: o.height, stride: o.stride * 4)
        }
        return RenderTarget(pixels: surface.pointee.pixels, width: pixelWidth, height: pixelHeight, stride: Int(surface.pointee.pitch))
    }

    /// Shows the damaged region (points) on screen.
    func present(damage: Rect, scale: Double) {
        let px = Rect(x: damage.x * scale, y: damage.y * scale, width: damage.width * scale, height: damage.height * scale)
            .integral().intersection(Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)))
        guard !px.isEmpty else { return }
        var rect = SDL_Rect(x: Int32(px.x), y: Int32(px.y), w: Int32(px.width), h: Int32(px.height))
        if let o = offscreen {
            let bpp = Int(surface.pointee.format.pointee.BytesPerPixel)
            let pitch = Int(surface.pointee.pitch)
            let src = UnsafeRawPointer(o.pixels + Int(rect.y) * o.stride + Int(rect.x))
            let dst = surface.pointee.pixels + Int(rect.y) * pitch + Int(rect.x) * bpp
            SDL_ConvertPixels(rect.w, rect.h, SDL_PIXELFORMAT_ARGB8888.rawValue, src, Int32(o.stride * 4),
                              surface.pointee.format.pointee.format, dst, Int32(pitch))
        }
        SDL_UpdateWindowSurfaceRects(window, &rect, 1)
    }

    /// A copy of what is on screen, opaque.
    func snapshot() -> PixelBuffer { snapshot(reusing: nil) }

    /// The same into `reuse` when it has the window's size.
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer {
        let out = reuse.flatMap { $0.width == pixelWidth && $0.height == pixelHeight ? $0 : nil }
            ?? PixelBuffer(width: pixelWidth, height: pixelHeight)
        let t = target
        for y in 0..<pixelHeight {
            let row = (t.pixels + y * t.stride).assumingMemoryBound(to: UInt32.self), to = out.pixels + y * out.stride
            for x in 0..<pixelWidth { to[x] = row[x] | 0xFF00_0000 }
        }
        return out
    }
}
