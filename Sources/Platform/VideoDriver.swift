import CSDL2
import FoundationEssentials

/// The display system SDL drives: X11, Wayland, KMS/DRM without a display server, or another
/// (the dummy driver of tests, offscreen).
package enum VideoDriver: Equatable, Sendable {
    case x11, wayland, kmsdrm, other(String)

    /// From SDL's name for it, in any case: SDL says "KMSDRM" of its KMS driver.
    init(name: String) {
        switch name.lowercased() {
        case "x11": self = .x11
        case "wayland": self = .wayland
        case "kmsdrm": self = .kmsdrm
        default: self = .other(name)
        }
    }

    /// Whether SDL has a window surface of the system's own (X11's shared memory); on
    /// Wayland and KMS SDL's surface is a texture of a GL renderer, or nothing.
    var hasWindowSurface: Bool { self != .wayland && self != .kmsdrm }

    /// The kernel's DRM device nodes (/dev/dri: card* for displays, renderD* for rendering).
    static func driNodes() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [] }

    /// The DRM display devices (/dev/dri/card*) of this machine.
    static func drmCards() -> [String] { driNodes().filter { $0.hasPrefix("card") }.sorted() }

    /// Why SDL could not start its video, in words a person can act on: SDL's own message, and
    /// for KMS (asked for, or the only choice left with neither `DISPLAY` nor
    /// `WAYLAND_DISPLAY`) what is missing.
    package static func whyNoVideo(sdl message: String, environment: [String: String], drmCards: [String]) -> String {
        let forced = environment["SDL_VIDEODRIVER"]?.lowercased()
        let noServer = (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard forced?.hasPrefix("kmsdrm") == true || (forced == nil && noServer) else { return message }
        if drmCards.isEmpty {
            return message + " (no display server and no DRM display device in /dev/dri: KMS needs a GPU with a display output; "
                + "run Lumen under X11 or Wayland, or on a machine with one)"
        }
        return message + " (KMS: \(drmCards.map { "/dev/dri/" + $0 }.joined(separator: ", ")) found; is another program holding the display, "
            + "or may this user not open it? Add the user to the video group, or run from a seat's console)"
    }

    /// Whether SDL started a driver no one can see, and started it on its own: with no display
    /// server and no display device, SDL 2.26 goes on to its offscreen driver (and a kiosk
    /// would draw into nothing, for ever). Asked for with `SDL_VIDEODRIVER`, it is what was asked.
    package static func showsNothing(_ name: String, environment: [String: String]) -> Bool {
        guard (environment["SDL_VIDEODRIVER"] ?? "").isEmpty else { return false }
        return ["offscreen", "dummy", "evdev"].contains(name.lowercased())
    }

    /// Whether SDL will start on an X server in this environment: `DISPLAY` is set and either
    /// X11 is asked for, or nothing is asked for and there is no Wayland session (which Lumen
    /// prefers; an XWayland started on demand is then never woken).
    package static func startsOnX11(environment: [String: String]) -> Bool {
        guard !(environment["DISPLAY"] ?? "").isEmpty else { return false }
        if let forced = environment["SDL_VIDEODRIVER"], !forced.isEmpty { return forced.lowercased().hasPrefix("x11") }
        return (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// The driver of the running SDL video subsystem (nil before it starts).
    static var current: VideoDriver? { SDL_GetCurrentVideoDriver().map { VideoDriver(name: String(cString: $0)) } }

    /// The drivers SDL should try, in order, for an environment: `SDL_VIDEODRIVER` always wins
    /// (nil: SDL reads it itself); a Wayland session (`WAYLAND_DISPLAY`) runs natively on
    /// Wayland, then X11 (XWayland); otherwise SDL's own order (X11 first, then Wayland, KMS).
    package static func preference(environment: [String: String]) -> String? {
        if let forced = environment["SDL_VIDEODRIVER"], !forced.isEmpty { return nil }
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty { return "wayland,x11" }
        return nil
    }
}
