import CSDL2
import Geometry
import Render
import Pixels

/// Frames through an SDL renderer: Cairo draws into a CPU frame kept between frames (so a
/// damaged rectangle is all that changes), the damaged rows are uploaded into a streaming
/// texture, which is drawn and presented; with vsync the present waits for the vertical blank,
/// tear-free.
final class TexturePresenter: WindowPresenter {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer
    private var frame: PixelBuffer
    let pacesItself: Bool
    let summary: String

    /// On `window`, with a renderer already made for it.
    init?(window: OpaquePointer, renderer: OpaquePointer, description: String) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0, let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                      Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else { return nil }
        self.window = window
        self.renderer = renderer
        texture = t
        frame = PixelBuffer(width: Int(w), height: Int(h))
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        pacesItself = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        summary = "texture on \(description)" + (pacesItself ? ", vsync" : "")
    }

    private var closed = false

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
    }

    var pixelWidth: Int { frame.width }
    var pixelHeight: Int { frame.height }

    func refresh() -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return false }
        if Int(w) == frame.width && Int(h) == frame.height { return true }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else { return false }
        SDL_DestroyTexture(texture)
        texture = t
        frame = PixelBuffer(width: Int(w), height: Int(h))
        return true
    }

    func draw(_ body: (RenderTarget) -> Void) {
        body(RenderTarget(pixels: UnsafeMutableRawPointer(frame.pixels), width: frame.width, height: frame.height, stride: frame.stride * 4))
    }

    func present(damage: Rect, scale: Double) {
        let px = Rect(x: damage.x * scale, y: damage.y * scale, width: damage.width * scale, height: damage.height * scale)
            .integral().intersection(Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)))
        if !px.isEmpty {
            var rect = SDL_Rect(x: Int32(px.x), y: Int32(px.y), w: Int32(px.width), h: Int32(px.height))
            let start = UnsafeRawPointer(frame.pixels + Int(rect.y) * frame.stride + Int(rect.x))
            SDL_UpdateTexture(texture, &rect, start, Int32(frame.stride * 4))
        }
        // The whole texture is drawn each frame (a renderer's back buffer is not kept).
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }

    func snapshot() -> PixelBuffer {
        frame.opaqueCopy()
    }

    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { frame.opaqueCopy(into: reuse) }

    /// An accelerated renderer with vsync for `window`, with its description, when SDL has one
    /// that is not a software rasterizer (SDL's own, or Mesa's llvmpipe, softpipe or swrast
    /// behind OpenGL); nil otherwise. With `force`, any renderer (software too).
    static func renderer(for window: OpaquePointer, force: Bool) -> (OpaquePointer, String)? {
        let flags = force ? SDL_RENDERER_PRESENTVSYNC.rawValue : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let r = SDL_CreateRenderer(window, -1, flags) ?? (force ? SDL_CreateRenderer(window, -1, 0) : nil) else { return nil }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        let name = info.name.map { String(cString: $0) } ?? "?"
        let gl = name.hasPrefix("opengl") ? lumen_gl_renderer().map { String(cString: $0) } : nil
        let description = gl.map { "\(name) (\($0))" } ?? name
        let software = name == "software" || info.flags & SDL_RENDERER_ACCELERATED.rawValue == 0
            || ["llvmpipe", "softpipe", "swrast"].contains { gl?.lowercased().contains($0) == true }
        if software && !force {
            SDL_DestroyRenderer(r)
            return nil
        }
        return (r, description)
    }
}
