import CSDL2
import CWindowSystem
import FoundationEssentials
import Glibc

/// What SDL is told before it starts its video: which driver to try first, the application's
/// id, and on Wayland who draws the window's frame.
enum VideoHints {
    /// The id of the app on Wayland (xdg-shell's app id) and X11 (`WM_CLASS`): `lumen`, as the
    /// desktop entry `lumen.desktop` is named, whatever the binary is called.
    static let appID = "lumen"

    /// Sets the hints for this process's environment (what the user set always wins).
    static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let order = VideoDriver.preference(environment: environment) { SDL_SetHint(SDL_HINT_VIDEODRIVER, order) }
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", appID, 0)
        setenv("SDL_VIDEO_X11_WMCLASS", appID, 0)
        if willTryWayland(environment: environment), !allowsLibdecor(compositorDecorates: lumen_wayland_has_global("zxdg_decoration_manager_v1")) {
            SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0")
        }
    }

    /// Whether SDL will try Wayland first: asked for, or a Wayland session.
    static func willTryWayland(environment: [String: String]) -> Bool {
        if let forced = environment["SDL_VIDEODRIVER"], !forced.isEmpty { return forced.lowercased().hasPrefix("wayland") }
        return VideoDriver.preference(environment: environment)?.hasPrefix("wayland") ?? false
    }

    /// Whether SDL may draw the window's frame with libdecor: only where the compositor does not
    /// offer to draw it (xdg-decoration: KDE, sway, cage do; GNOME and weston do not). SDL 2.26
    /// with libdecor where the compositor decorates (cage) never gets its window configured:
    /// nothing is shown. `found`: 1, 0, or -1 when the compositor could not be asked.
    static func allowsLibdecor(compositorDecorates found: Int32) -> Bool { found != 1 }
}
