import CSDL2
import CWindowSystem
import FoundationEssentials
import Geometry
import Glibc

/// An SDL window with a CPU surface: SDL video started, the framebuffer hint set so X11
/// does not put a GL texture behind the surface (it would cost a copy a frame), the window created at
/// points × scale pixels. Closing it shuts SDL video down.
final class SDLWindow {
    let window: OpaquePointer
    private(set) var surface: any WindowPresenter

    init(title: String, size: Size, scale: Double, settings: PlatformSettings, fullscreen: Bool = false, display: Int? = nil,
         present: PresentPath = .surface) throws(SDLError) {
        // Xlib converts window titles through the character-type locale: without a UTF-8 one
        // (a bare "C" locale, as under a service manager) a title such as "Ken Burns hero — Lumen"
        // does not reach _NET_WM_NAME.
        if let current = setlocale(LC_CTYPE, ""), !String(cString: current).lowercased().contains("utf") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        if let why = VideoHints.apply(environment: settings.windowSystem, appID: settings.appID) { throw SDLError(noVideo: why) }
        let environment = settings.windowSystem
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw SDLError(noVideo: VideoDriver.whyNoVideo(sdl: SDLError.lastMessage(), environment: environment, drmCards: VideoDriver.drmCards()))
        }
        if let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), VideoDriver.showsNothing(name, environment: environment) {
            SDLWindow.quitUnlessOpen()
            throw SDLError(noVideo: VideoDriver.whyNoVideo(sdl: "SDL found no display, only its \(name) driver, which shows nothing",
                                                           environment: environment, drmCards: VideoDriver.drmCards()))
        }
        // X11 has a window surface of its own (shared memory): no GL texture behind it. Wayland
        // and KMS have none, and SDL's surface there is a texture of its renderer.
        if VideoDriver.current == .x11 { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        // Files and folders dropped on the window come as drop events.
        SDL_EventState(SDL_DROPFILE.rawValue, SDL_ENABLE)
        SDL_EventState(SDL_DROPBEGIN.rawValue, SDL_ENABLE)
        SDL_EventState(SDL_DROPCOMPLETE.rawValue, SDL_ENABLE)
        let displays = Int(SDL_GetNumVideoDisplays())
        if let display, display >= displays {
            SDLWindow.quitUnlessOpen()
            throw SDLError(badArgument: "--display \(display): there is no such display (" + (displays == 1 ? "there is one, 0)" : "there are \(displays), 0…\(displays - 1))"))
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var x = display.map { lumen_windowpos_centered_on(Int32($0)) } ?? lumen_windowpos_centered(), y = x
        var width = Int32((size.width * scale).rounded()), height = Int32((size.height * scale).rounded())
        var bounds = SDL_Rect()
        if fullscreen, SDL_GetDisplayBounds(Int32(display ?? 0), &bounds) == 0, bounds.w > 0, bounds.h > 0 {
            // Made the display's size at its origin, without borders: with a window manager
            // SDL's desktop full screen takes it over, and without one (a kiosk's bare X server)
            // the window covers the display all the same instead of staying at its asked size.
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_BORDERLESS.rawValue
            x = bounds.x; y = bounds.y; width = bounds.w; height = bounds.h
        } else if fullscreen {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        }
        if present == .gl { flags |= SDL_WINDOW_OPENGL.rawValue }
        var glPresenter: GLWindowPresenter?
        var made: OpaquePointer?
        // GL: an ES 3.0 context, else a desktop one that takes the same shaders.
        for desktop in present == .gl ? [false, true] : [] {
            GLWindowPresenter.prepareAttributes(desktop: desktop)
            guard let w = SDL_CreateWindow(title, x, y, width, height, flags) else { continue }
            if let p = try? GLWindowPresenter(window: w, settings: settings) { made = w; glPresenter = p; break }
            SDL_DestroyWindow(w)
        }
        if present == .gl && made == nil {
            let error = SDLError("no OpenGL ES 3 or OpenGL 4.3 context for a window")
            SDLWindow.quitUnlessOpen()
            throw error
        }
        guard let w = made ?? SDL_CreateWindow(title, x, y, width, height, flags) else {
            let error = SDLError("cannot open a window")
            SDLWindow.quitUnlessOpen()
            throw error
        }
        guard let s = glPresenter ?? SDLWindow.cpuPresenter(for: w, present: present) else {
            let error = SDLError("cannot get the window's surface")
            SDL_DestroyWindow(w)
            SDLWindow.quitUnlessOpen()
            throw error
        }
        lumen_pin_gl_dispatch()
        window = w
        surface = s
        SDLWindow.open += 1
        if VideoDriver.current == .wayland { LastDisplayWatch.install(for: w) }
    }

    /// Where Cairo's frames go on `w`: a texture on an accelerated renderer where there is one
    /// (asked for, or `auto` and a probe on a hidden window found a real GPU), else the window
    /// surface; on Wayland without a GPU, shared-memory buffers of Lumen's own. Else, on Wayland
    /// and KMS, always a texture (on any renderer, llvmpipe too): SDL's
    /// window surface there is itself a texture of a renderer (KMS has none without one), but
    /// one the window's size in points (stretched and blurred on a HiDPI screen) and presented
    /// without vsync.
    static func cpuPresenter(for w: OpaquePointer, present: PresentPath) -> (any WindowPresenter)? {
        let driver = VideoDriver.current
        // The probe makes a hidden window and a renderer: once, and only for `auto`. Never on
        // KMS, where a texture is the only way anyway: SDL's KMS driver has one window, and
        // closing the probe's gave the display back to the console under Lumen's frames.
        let accelerated = present == .auto && driver != .kmsdrm && SDLWindow.hasAcceleratedRenderer()
        // Wayland without a GPU (or asked for the surface): wl_shm buffers of Lumen's own, only
        // the damage copied and sent, as on X11.
        if driver == .wayland, present == .surface || (present == .auto && !accelerated), let shm = SharedMemoryPresenter(window: w) {
            return shm
        }
        let noSurface = driver?.hasWindowSurface == false
        if present == .texture || (present == .auto && (noSurface || accelerated)),
           let (r, description) = TexturePresenter.renderer(for: w, force: present == .texture || noSurface) {
            return TexturePresenter(window: w, renderer: r, description: description)
        }
        return WindowSurface(window: w) ?? TexturePresenter.renderer(for: w, force: true).flatMap {
            TexturePresenter(window: w, renderer: $0.0, description: $0.1)
        }
    }

    /// A new GL context on the window after its last was lost (a GPU reset): the old one goes
    /// first. When none comes up, Cairo's presenter takes the window, and the error says why.
    func renewGL(settings: PlatformSettings) throws(SDLError) {
        guard surface is GLWindowPresenter else { throw SDLError("no GL context to make again", because: "the window draws on the CPU") }
        surface.close()
        do {
            surface = try GLWindowPresenter(window: window, settings: settings)
        } catch {
            if let cpu = SDLWindow.cpuPresenter(for: window, present: .auto) { surface = cpu }
            throw error
        }
    }

    /// Gives up the window's GL context for Cairo's presenter (the GPU renderer failed while
    /// running). The window stays, so the scene goes on where it was.
    func dropGL() throws(SDLError) {
        guard surface is GLWindowPresenter else { return }
        let gl = surface
        guard let cpu = SDLWindow.cpuPresenter(for: window, present: .auto) else { throw SDLError("no window surface or texture after GL") }
        surface = cpu
        gl.close()   // the GL context goes after the new presenter is made
    }

    /// Whether SDL has a hardware renderer that is not a software rasterizer: only where the
    /// kernel has a GPU render node (/dev/dri/renderD*), a renderer made for a hidden 1 × 1
    /// window and looked at (the real window is never touched by the probe). Without a render
    /// node there is no GPU to find, and no OpenGL is loaded: under Xvfb, a Mesa llvmpipe
    /// context made and destroyed in the process left SDL's X11 event wait stalling the loop.
    static func hasAcceleratedRenderer() -> Bool {
        guard VideoDriver.driNodes().contains(where: { $0.hasPrefix("renderD") }) else { return false }
        guard let probe = SDL_CreateWindow("", 0, 0, 1, 1, SDL_WINDOW_HIDDEN.rawValue) else { return false }
        defer { SDL_DestroyWindow(probe) }
        guard let (r, _) = TexturePresenter.renderer(for: probe, force: false) else { return false }
        SDL_DestroyRenderer(r)
        return true
    }

    deinit {
        LastDisplayWatch.remove(for: window)
        surface.close()
        // SDL 2.26 closes a window through the display it is on, and crashes when there is none
        // (the last one unplugged, a compositor gone with its outputs): the window, and SDL,
        // then go with the process.
        guard SDL_GetNumVideoDisplays() > 0, lumen_wayland_display_error(UnsafeMutableRawPointer(window)) == 0 else { return }
        SDL_DestroyWindow(window)
        SDLWindow.open -= 1
        SDLWindow.quitUnlessOpen()
    }

    /// Windows open in the process: SDL is shut down when the last one closes (a process with
    /// a window on each of two displays closes one when its display goes).
    nonisolated(unsafe) private static var open = 0

    /// Shuts SDL down unless a window is open (a window that could not be made leaves the
    /// others as they are).
    private static func quitUnlessOpen() {
        if open == 0 { SDL_Quit() }
    }

    /// The display's refresh rate in Hz (60 when unknown).
    var refreshRate: Double {
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        return 60
    }

    /// The size in window coordinates of the display the window is on (nil when unknown).
    var displaySize: (width: Double, height: Double)? {
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return nil }
        return (Double(bounds.w), Double(bounds.h))
    }

    /// Device pixels per window coordinate: 1 on X11, where SDL's coordinates are pixels; 2 on
    /// a HiDPI Wayland or macOS display, where they are the desktop's points.
    var pixelsPerCoordinate: Double {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return w > 0 ? Double(surface.pixelWidth) / Double(w) : 1
    }

    var id: UInt32 { SDL_GetWindowID(window) }

    /// The display the window is on, as `displayIdentities` names it (nil when unknown).
    var displayIdentity: String? {
        let i = Int(SDL_GetWindowDisplayIndex(window))
        let all = SDLWindow.displayIdentities()
        return all.indices.contains(i) ? all[i] : nil
    }

    /// The displays now, in SDL's order, each named so that it can be found again after
    /// others come and go: its name (an X11 or KMS connector's, "DP-1"; a Wayland output's
    /// description), with " #2" after the second of the same name.
    static func displayIdentities() -> [String] {
        var seen: [String: Int] = [:]
        return (0..<max(SDL_GetNumVideoDisplays(), 0)).map { i in
            let name = SDL_GetDisplayName(i).map { String(cString: $0) } ?? "display"
            seen[name, default: 0] += 1
            return seen[name]! > 1 ? "\(name) #\(seen[name]!)" : name
        }
    }

    func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Shows or hides the mouse cursor over the window.
    func setCursorVisible(_ visible: Bool) { SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE) }
}
