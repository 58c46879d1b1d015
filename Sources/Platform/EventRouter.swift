import CSDL2

/// SDL's one event queue, shared by every window of the process, sorted into one inbox a
/// window: an event that names a window (input, the window's own events, a drop, a script's
/// step) goes to that window's; one that names none (quit, a display plugged in or out, a
/// wake from another thread, a touch from a device SDL ties to no window) goes to every one.
/// With one window, everything is its own, as before there were several.
///
/// Main thread only, as SDL's event functions are.
enum EventRouter {
    nonisolated(unsafe) private static var inboxes: [UInt32: [SDL_Event]] = [:]

    /// Events for the window `id` are kept from now on.
    static func register(_ id: UInt32) { inboxes[id] = inboxes[id] ?? [] }

    /// The window `id` closed: its events, and those still to come, are dropped.
    static func unregister(_ id: UInt32) { inboxes[id] = nil }

    /// Whether events wait in the window's inbox.
    static func hasEvents(for id: UInt32) -> Bool { inboxes[id]?.isEmpty == false }

    /// Sorts `first` and every event queued after it into the inboxes.
    static func route(first: SDL_Event) {
        var event = first
        repeat { put(event) } while SDL_PollEvent(&event) != 0
    }

    /// Sorts what SDL has queued, not waiting.
    static func routeQueued() {
        var event = SDL_Event()
        SDL_PumpEvents()
        while SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 { put(event) }
    }

    /// Takes the window's events, in the order they came.
    static func take(for id: UInt32) -> [SDL_Event] {
        guard let events = inboxes[id], !events.isEmpty else { return [] }
        inboxes[id] = []
        return events
    }

    private static func put(_ event: SDL_Event) {
        if let id = windowID(of: event), id != 0, inboxes[id] != nil {
            inboxes[id]!.append(event)
        } else if isDrop(event) {
            // A dropped path is SDL's memory, freed by the window that takes it: one window.
            if let id = inboxes.keys.min() { inboxes[id]!.append(event) }
        } else {
            for id in inboxes.keys { inboxes[id]!.append(event) }
        }
    }

    private static func isDrop(_ e: SDL_Event) -> Bool {
        [SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE].contains(SDL_EventType(e.type))
    }

    /// The window an event names, if its kind names one.
    static func windowID(of e: SDL_Event) -> UInt32? {
        switch SDL_EventType(e.type) {
        case SDL_WINDOWEVENT: e.window.windowID
        case SDL_KEYDOWN, SDL_KEYUP: e.key.windowID
        case SDL_TEXTINPUT: e.text.windowID
        case SDL_TEXTEDITING: e.edit.windowID
        case SDL_MOUSEMOTION: e.motion.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: e.button.windowID
        case SDL_MOUSEWHEEL: e.wheel.windowID
        case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION: e.tfinger.windowID
        case SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE: e.drop.windowID
        default: nil
        }
    }
}
