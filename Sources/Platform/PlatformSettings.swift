/// What the window and its presenters are told by the app, which reads it once from its
/// environment: Platform itself reads no environment variable.
package struct PlatformSettings: Sendable {
    /// The window system's own variables as the process has them (`DISPLAY`,
    /// `WAYLAND_DISPLAY`, `SDL_VIDEODRIVER`): which display server SDL will start on, and why
    /// none when none does.
    package var windowSystem: [String: String]
    /// Whether a GL window redraws only what changed where EGL or GLX tells the back buffer's
    /// age (true unless told otherwise).
    package var partialRedraw: Bool
    /// Who swaps a GL window on Wayland.
    package var ownSwap: OwnSwap
    /// On the console (KMS), wait for input with SDL's own wait (it polls every millisecond)
    /// instead of Lumen's, which sleeps until a device has something.
    package var sdlWait: Bool
    /// A fault for the tests: the GL window's swap number N fails (nil: none).
    package var swapFailsAt: Int?
    /// The window's class on X11 (`WM_CLASS`) and app id on Wayland: the app's, as its desktop
    /// entry is named.
    package var appID = "lumen"

    /// Who swaps a GL window on Wayland: Lumen with the frame's damage where EGL can
    /// (`automatic`), SDL always (`sdl`), or Lumen even where EGL cannot, whole frames (`lumen`).
    package enum OwnSwap: Sendable { case automatic, sdl, lumen }

    /// Settings for the window system `windowSystem` describes, the others at their defaults.
    package init(windowSystem: [String: String], partialRedraw: Bool = true, ownSwap: OwnSwap = .automatic,
                sdlWait: Bool = false, swapFailsAt: Int? = nil) {
        self.windowSystem = windowSystem
        self.partialRedraw = partialRedraw
        self.ownSwap = ownSwap
        self.sdlWait = sdlWait
        self.swapFailsAt = swapFailsAt
    }
}
