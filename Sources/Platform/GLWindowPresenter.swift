import CSDL2
import CWindowSystem
import FoundationEssentials
import Geometry
import Render
import Pixels

/// Frames drawn on the GPU: an OpenGL ES 3.0 context of SDL's on the window, swapped with vsync
/// where the driver has it. The renderer (the app's `GLRenderer`) draws into the window's
/// framebuffer through a `.window` target; Platform itself makes no GL call. Where the window
/// system tells a back buffer's age (`EGL_EXT_buffer_age`, `GLX_EXT_buffer_age`), the renderer
/// is told what that buffer lacks (`DamageRing`) and redraws only that and the frame's damage;
/// elsewhere the whole frame. On Wayland, where EGL swaps with damage, Lumen swaps itself
/// (`lumen_damage_swap`) so the compositor is told only the frame's damage, paced by the
/// compositor's frame callbacks as SDL's own swap is.
final class GLWindowPresenter: WindowPresenter {
    private let window: OpaquePointer
    private let context: SDL_GLContext
    let pacesItself: Bool
    var summary: String
    /// What screenshots read: the frame the GPU renderer last drew (set by the host).
    var frameSource: (() -> PixelBuffer?)?
    private var width: Int32 = 0, height: Int32 = 0
    private var ring = DamageRing()
    /// Whether the window system tells buffer ages here ("EGL", "GLX"), else nil.
    let bufferAgeSource: String?
    /// The query, looked up once (nil where partial redraw is not used).
    private let bufferAge: OpaquePointer?
    /// Lumen's own swap on Wayland (nil elsewhere: SDL's), and whether it sends the damage
    /// (`PlatformSettings.ownSwap`).
    private var damageSwap: OpaquePointer?
    let sendsDamage: Bool
    /// Why a swap failed (SDL's reason), once one has: the frame did not reach the screen.
    private(set) var swapFailure: String?
    /// Swaps made, and the one a test makes fail (`PlatformSettings.swapFailsAt`: the context
    /// is let go first, so SDL itself refuses to swap).
    private var swaps = 0
    private let failsSwapAt: Int?

    /// The attributes a window needs before it is made (SDL reads them when it is created):
    /// OpenGL ES 3.0, or (`desktop`) a desktop core 4.3 context, which compiles the same
    /// GLSL ES 3.00 shaders (ARB_ES3_compatibility). The second is for X servers whose GLX
    /// has no ES profile, where SDL would take EGL instead (an NVIDIA GPU under Xvfb).
    static func prepareAttributes(desktop: Bool) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(desktop ? SDL_GL_CONTEXT_PROFILE_CORE.rawValue : SDL_GL_CONTEXT_PROFILE_ES.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, desktop ? 4 : 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, desktop ? 3 : 0)
        // An opaque window: no alpha (an alpha visual makes it translucent), no depth, no stencil.
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        // Told of GPU resets where the window system offers it (SDL asks GLX for it; its EGL
        // path does not), so a lost context ends the GPU renderer instead of drawing nothing.
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_RESET_NOTIFICATION, Int32(SDL_GL_CONTEXT_RESET_LOSE_CONTEXT.rawValue))
    }

    /// On `window` (made with SDL_WINDOW_OPENGL); throws when no GLES 3.0 context comes up.
    init(window: OpaquePointer, settings: PlatformSettings) throws(SDLError) {
        var made = SDL_GL_CreateContext(window)
        if made == nil {
            // A driver that will not be told of resets: a context without.
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_RESET_NOTIFICATION, Int32(SDL_GL_CONTEXT_RESET_NO_NOTIFICATION.rawValue))
            made = SDL_GL_CreateContext(window)
        }
        guard let c = made else { throw SDLError("no OpenGL ES 3.0 context on the window") }
        guard SDL_GL_MakeCurrent(window, c) == 0 else {
            SDL_GL_DeleteContext(c)
            throw SDLError("the OpenGL ES context cannot be made current")
        }
        self.window = window
        context = c
        failsSwapAt = settings.swapFailsAt
        // Adaptive vsync where there is one, else vsync.
        pacesItself = SDL_GL_SetSwapInterval(-1) == 0 || SDL_GL_SetSwapInterval(1) == 0
        summary = "gl" + (pacesItself ? ", vsync" : "")
        SDL_GL_GetDrawableSize(window, &width, &height)
        let query = lumen_buffer_age_open()
        bufferAgeSource = GLWindowPresenter.partialRedraw(source: lumen_buffer_age_source(query), allowed: settings.partialRedraw)
        if bufferAgeSource == nil { lumen_buffer_age_close(query) }
        bufferAge = bufferAgeSource == nil ? nil : query
        damageSwap = settings.ownSwap == .sdl ? nil : lumen_damage_swap_open(UnsafeMutableRawPointer(window), settings.ownSwap == .lumen ? 1 : 0)
        sendsDamage = lumen_damage_swap_sends_damage(damageSwap) != 0
    }

    /// Where partial redraw is used, by who tells the buffer age (1 EGL, 2 GLX, 0 no one):
    /// wherever it is told, unless it is not `allowed` (`PlatformSettings.partialRedraw`); the
    /// performance report has what it saves.
    static func partialRedraw(source: Int32, allowed: Bool) -> String? {
        guard allowed else { return nil }
        return [1: "EGL", 2: "GLX"][source]
    }

    /// How frames reach the screen, after the renderer's own words: vsync, partial redraw.
    func describe(renderer: String) {
        summary = renderer + (pacesItself ? ", vsync" : "")
            + (bufferAgeSource.map { ", partial redraw (\($0) buffer age)" } ?? ", full redraw")
            + (sendsDamage ? ", damage sent (EGL swap with damage)" : damageSwap != nil ? ", swapped by Lumen" : "")
    }

    private var closed = false

    /// Lets go of the context and of what holds on to SDL's Wayland connection: before the
    /// window closes.
    func close() {
        guard !closed else { return }
        closed = true
        lumen_damage_swap_close(damageSwap)
        damageSwap = nil
        SDL_GL_DeleteContext(context)
        lumen_buffer_age_close(bufferAge)
    }

    deinit { close() }

    /// SDL's loader of GL entry points for this context.
    var procAddress: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? { lumen_gl_get_proc_address }

    var pixelWidth: Int { Int(width) }
    var pixelHeight: Int { Int(height) }

    func refresh() -> Bool {
        let (w, h) = (width, height)
        SDL_GL_GetDrawableSize(window, &width, &height)
        if w != width || h != height { ring.reset() }
        return width > 0 && height > 0
    }

    /// Makes the window's context the thread's current one (each window of several has its
    /// own: GL objects are made and deleted in the context that is current).
    func makeCurrent() { if !closed { SDL_GL_MakeCurrent(window, context) } }

    func draw(_ body: (RenderTarget) -> Void) {
        SDL_GL_MakeCurrent(window, context)
        let stale = bufferAge.flatMap { ring.stale(age: Int(lumen_buffer_age_query($0))) }
        body(RenderTarget(storage: .window(rotation: .none, windowWidth: Int(width), windowHeight: Int(height), stale: stale),
                          width: Int(width), height: Int(height)))
    }

    /// Swaps; the frame's damage (points of the frame, turned or not) is remembered in frame
    /// pixels for the buffers that come back.
    func present(damage: Rect, scale: Double) {
        let pixels = Rect(x: damage.x * scale, y: damage.y * scale, width: damage.width * scale, height: damage.height * scale).integral()
        ring.add(pixels)
        swaps += 1
        if swaps == failsSwapAt { SDL_GL_MakeCurrent(window, nil) }
        if let damageSwap { return swapItself(damageSwap, damage: pixels) }
        // SDL 2's swap returns nothing; where it fails (EGL's swap on Wayland and KMS, a page
        // flip that cannot be queued, a context gone) it leaves its reason as the error.
        SDL_ClearError()
        SDL_GL_SwapWindow(window)
        if swapFailure == nil, let e = SDL_GetError(), e.pointee != 0 {
            swapFailure = "the frame could not be swapped to the screen (\(String(cString: e)))"
        }
    }

    /// Lumen's own swap: the damage in the drawable (none: the whole of it), after waiting up
    /// to 100 ms for the compositor to have shown the frame before where frames are paced.
    private func swapItself(_ swap: OpaquePointer, damage: Rect) {
        let d = damage.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        var rect = (Int32(d.x), Int32(d.y), Int32(d.width), Int32(d.height))   // no allocation a frame
        var error: Int32 = 0
        let swapped = withUnsafePointer(to: &rect) {
            $0.withMemoryRebound(to: Int32.self, capacity: 4) {
                lumen_damage_swap_present(swap, $0, d.isEmpty ? 0 : 1, height, pacesItself ? 100 : 0, &error)
            }
        }
        if swapped != 0, swapFailure == nil {
            swapFailure = "the frame could not be swapped to the screen (EGL error 0x\(String(error, radix: 16)))"
        }
    }

    func snapshot() -> PixelBuffer {
        frameSource?() ?? PixelBuffer(width: max(Int(width), 1), height: max(Int(height), 1))
    }
}
