import CSDL2

/// Hides the window the moment SDL learns the last display went, inside the dispatch that
/// told it. SDL 2.26 on Wayland looks up the window's display in its configure handler (and
/// in its resize code) and has none once the last one went: a configure read in the same
/// dispatch as the output's removal, or before Lumen stopped pumping events, was a NULL
/// dereference (`display->driverdata`, NULL + 0x60) before Lumen could start again. Hidden,
/// the window's xdg_toplevel is destroyed, and libwayland drops every event still queued
/// for it. Lumen then starts again on `WindowEvent.displaysGone`, as before: also when another
/// display came in the same dispatch (unplugged and plugged in again while Lumen was busy), as
/// the window, its toplevel gone, would otherwise go on drawing where nothing shows it.
enum LastDisplayWatch {
    /// Watches SDL's events for `window` (on Wayland: the other drivers have no such crash).
    static func install(for window: OpaquePointer) {
        SDL_AddEventWatch(hideOnLastDisplayGone, UnsafeMutableRawPointer(window))
    }

    static func remove(for window: OpaquePointer) {
        SDL_DelEventWatch(hideOnLastDisplayGone, UnsafeMutableRawPointer(window))
    }

    /// Whether the watch hid `window` (its toplevel is gone: only starting again shows it).
    static func hid(_ window: OpaquePointer) -> Bool {
        SDL_GetWindowData(window, hiddenKey) != nil
    }
}

/// The window data under which the watch marks a window it hid.
private let hiddenKey = "lumen.hidden-as-the-last-display-went"

/// SDL calls event watches as it queues each event, on the thread that queues it: display
/// events on the main thread, in its event pump. SDL 2.26 sends a display's disconnection
/// while the display is still counted, so the last one's comes with a count of 1.
private func hideOnLastDisplayGone(_ window: UnsafeMutableRawPointer?, _ event: UnsafeMutablePointer<SDL_Event>?) -> Int32 {
    guard let window, let e = event?.pointee, e.type == SDL_DISPLAYEVENT.rawValue,
          UInt32(e.display.event) == SDL_DISPLAYEVENT_DISCONNECTED.rawValue, SDL_GetNumVideoDisplays() == 1 else { return 1 }
    SDL_HideWindow(OpaquePointer(window))
    SDL_SetWindowData(OpaquePointer(window), hiddenKey, window)
    return 1
}
