import CWindowSystem
import FoundationEssentials

/// A connection of Lumen's own to the X server, held while the window is closed and opened
/// again (the GPU window given up for Cairo's). An X server with no `-noreset` resets when its
/// last client leaves: a bare X kiosk's only client is Lumen, and its second connection, made
/// during the reset, failed, so SDL went on to its offscreen driver and the kiosk stopped. On
/// Wayland and KMS there is nothing to hold: it does nothing there.
package final class DisplayServerHold {
    private let x11: OpaquePointer?

    /// Connects where SDL will start on X11 (see `VideoDriver.startsOnX11`); holds nothing
    /// elsewhere, or where the server cannot be reached (SDL then says why itself). `environment`:
    /// the window system's variables (`PlatformSettings.windowSystem`).
    package init(environment: [String: String]) {
        x11 = VideoDriver.startsOnX11(environment: environment) ? lumen_x11_hold_open(environment["DISPLAY"]) : nil
    }

    /// Whether a connection is held.
    package var holds: Bool { x11 != nil }

    deinit { lumen_x11_hold_close(x11) }
}
