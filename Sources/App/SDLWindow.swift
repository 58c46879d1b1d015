import CSDL2
import Geometry

/// An SDL window with a CPU surface: SDL video started, the framebuffer hint set so X11
/// does not put a GL texture behind the surface (DESIGN §3), the window created at
/// points × scale pixels. Closing it shuts SDL video down.
final class SDLWindow {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let window: OpaquePointer
    let surface: WindowSurface

    init(title: String, size: Size, scale: Double, fullscreen: Bool = false) throws(Failure) {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw Failure(description: "cannot start SDL video: \(ImageDecoder.sdlError())")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let w = SDL_CreateWindow(title, lumen_windowpos_centered(), lumen_windowpos_centered(),
                                       Int32((size.width * scale).rounded()), Int32((size.height * scale).rounded()), flags) else {
            let reason = ImageDecoder.sdlError()
            SDL_Quit()
            throw Failure(description: "cannot open a window: \(reason)")
        }
        guard let s = WindowSurface(window: w) else {
            let reason = ImageDecoder.sdlError()
            SDL_DestroyWindow(w)
            SDL_Quit()
            throw Failure(description: "cannot get the window's surface: \(reason)")
        }
        window = w
        surface = s
    }

    deinit {
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The display's refresh rate in Hz (60 when unknown).
    var refreshRate: Double {
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }
}
