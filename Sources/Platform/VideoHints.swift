import CSDL2
import CWindowSystem
import FoundationEssentials
import Glibc
import Render
import SystemSupport

/// What SDL is told before it starts its video: which driver to try first, the application's
/// id, and on Wayland who draws the window's frame.
enum VideoHints {
    /// Sets the hints for the window system's variables (what the user set always wins) and the
    /// app's id on Wayland (xdg-shell's app id) and X11 (`WM_CLASS`), as its desktop entry is
    /// named whatever the binary is called; returns why SDL's video must not be started, if it
    /// must not.
    static func apply(environment: [String: String], appID: String) -> String? {
        var order = VideoDriver.preference(environment: environment)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", appID, 0)
        setenv("SDL_VIDEO_X11_WMCLASS", appID, 0)
        if willTryWayland(environment: environment) {
            let found = compositorGlobals(["wl_seat", "wl_data_device_manager", "zxdg_decoration_manager_v1", "wl_output"])
            if found[0] == -2 { return silent }
            switch seatless(environment: environment, hasSeat: found[0], hasDataDevice: found[1]) {
            case .fine: break
            case .useX11:
                StandardError.message("the Wayland compositor offers no input seat, on which SDL 2.26 crashes; using X11")
                order = "x11"
            case .refuse(let why): return why
            }
            if order != "x11", !allowsLibdecor(compositorDecorates: found[2]) {
                SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0")
            }
            if order != "x11", found[3] == 0, let why = waitForDisplay() { return why }
        }
        if let order { SDL_SetHint(SDL_HINT_VIDEODRIVER, order) }
        return nil
    }

    /// Why SDL's video is not started on a compositor that took the connection but did not
    /// answer (SDL would wait for it for ever): cage, for one, ending after its last output went.
    static let silent = "the Wayland compositor did not answer within 2 s"

    /// For each interface, whether the Wayland compositor announces it: 1 or 0; for all, -1
    /// when it could not be asked, -2 when it did not answer. One connection and round trip
    /// for all of them.
    static func compositorGlobals(_ interfaces: [String]) -> [Int32] {
        var found = [Int32](repeating: 0, count: interfaces.count)
        let names = interfaces.map { strdup($0) }
        defer { names.forEach { free($0) } }
        let asked = names.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            lumen_wayland_has_globals($0.baseAddress, Int32(interfaces.count), &found)
        }
        return asked == 0 ? found : found.map { _ in asked == -2 ? -2 : -1 }
    }

    /// Waits for a Wayland compositor with no display connected to have one (a kiosk's screen
    /// off or unplugged at boot, or since Lumen started again when the last one went): SDL 2.26
    /// cannot start its video without a display. Asks every quarter second; returns why it gave
    /// up (the compositor went away), or nil once a display is there.
    static func waitForDisplay() -> String? {
        StandardError.message("the Wayland compositor has no display connected; waiting for one")
        while true {
            usleep(250_000)
            switch compositorGlobals(["wl_output"])[0] {
            case 1:
                StandardError.message("a display is connected")
                return nil
            case 0: continue
            case -2: return silent
            default: return "the Wayland compositor went away while Lumen waited for a display"
            }
        }
    }

    /// What to do on a Wayland compositor without an input seat.
    enum Seatless: Equatable { case fine, useX11, refuse(String) }

    /// A compositor that offers a clipboard (`wl_data_device_manager`) but no input seat
    /// (`wl_seat`: weston's headless backend) crashes SDL 2.26 in `SDL_Init`, which sets up the clipboard for
    /// the seat that is not there.
    /// Then X11 where there is one and Wayland was only the session's default, else one line
    /// instead of the crash. `hasSeat`, `hasDataDevice`: 1, 0, or -1 when it could not be asked.
    static func seatless(environment: [String: String], hasSeat: Int32, hasDataDevice: Int32) -> Seatless {
        guard hasSeat == 0, hasDataDevice == 1 else { return .fine }
        let forced = !(environment["SDL_VIDEODRIVER"] ?? "").isEmpty
        if !forced, !(environment["DISPLAY"] ?? "").isEmpty { return .useX11 }
        return .refuse("the Wayland compositor offers no input seat (no keyboard, pointer or touch screen), and SDL 2.26 "
                       + "crashes without one: connect an input device or give the compositor a seat, or run Lumen under X11")
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
