import CSDL2
import CWindowSystem
import FoundationEssentials
import Geometry
import Glibc
import Input
import Render
import Pixels

/// What the window tells its host, already translated: input in points and clock time,
/// and the window's own events.
package enum WindowEvent: Equatable {
    case input(InputEvent)
    /// The window changed size (its point size is already updated).
    case resized
    /// The window's contents were lost and must be drawn again.
    case exposed
    /// The mouse left the window.
    case pointerLeft
    /// Closed, Ctrl-C, SIGTERM or a script's quit.
    case quit
    /// Background work finished (a photo decoded, a copy scaled): look at what arrived.
    case wake
    /// Files or folders dropped on the window, in the order they came.
    case dropped([String])
    /// The last display went away (unplugged, or switched off where that disconnects it): the
    /// window cannot go on. SDL 2.26 on Wayland crashes when the compositor next configures a
    /// window it knows no display for (fixed in SDL 2.28.2), and when such a window is closed.
    case displaysGone
    /// A display was plugged in or unplugged, others staying: a process with a window on each
    /// of several displays looks whether each window's display is still there.
    case displaysChanged
}

/// Lumen's SDL window: the surface frames are drawn into, the event queue (with a wake-up
/// other threads can post and the quit signals), scripted input pushed through that queue,
/// and conversion of every position to points at any scale. The only SDL the host sees.
package final class PlatformWindow: WindowBackend {
    /// The SDL window; nil while detached (its display went away, `detach`).
    private var live: SDLWindow?
    private var sdl: SDLWindow { live! }
    /// What the window was opened with, to open it again on a display that came (`attach`).
    private let opening: Opening
    private struct Opening {
        var title: String, size: Size, scale: Double, settings: PlatformSettings, fullscreen: Bool, present: PresentPath
    }
    /// The display the window was opened on, as `displayIdentities` names it: where it goes
    /// back to when that display comes back.
    package private(set) var homeDisplay: String?
    private let wakeType: UInt32
    private var player = ScriptPlayer()
    /// Paths of a drop in progress (SDL sends one event a path, then DROPCOMPLETE).
    private var drop: [String] = []
    /// Scripted events in SDL's queue, with the time each stands for (see `play`).
    private var scripted: [(event: SDL_Event, ticks: UInt32)] = []
    private var startTicks: UInt32
    /// Device pixels per point: asked for, or (`followsDisplay`) the density the window system
    /// gives the window, which can change while it runs (a Wayland output's scale, known once
    /// the window is on it; the window moved to another output).
    package private(set) var scale: Double
    private let followsDisplay: Bool
    /// On the console (KMS), where SDL's own wait polls: Lumen's.
    private let consoleWait: ConsoleInputWait?
    /// How the picture is turned on the window.
    package let rotation: DisplayRotation
    private var rotated: RotatedPresenter?

    /// Opens a window of `size` points at `scale` device pixels per point.
    /// `rotation` turns the picture for a display mounted turned (`--rotate`): `size` and
    /// `pointSize` are then the turned (logical) sizes, and input comes in logical points.
    /// `followsDisplay`: the scale is the window system's own density for the window instead
    /// (where window coordinates are points, as on Wayland; 1 on X11, whose are pixels).
    package init(title: String, size: Size, scale: Double, settings: PlatformSettings, followsDisplay: Bool = false, fullscreen: Bool = false,
                display: Int? = nil, rotation: DisplayRotation = .none, present: PresentPath = .surface) throws(SDLError) {
        opening = Opening(title: title, size: rotation.logicalSize(size), scale: followsDisplay ? 1 : scale, settings: settings,
                          fullscreen: fullscreen, present: present)
        let sdl = try SDLWindow(title: title, size: opening.size, scale: opening.scale, settings: settings, fullscreen: fullscreen,
                                display: display, present: present)
        live = sdl
        homeDisplay = display.flatMap { SDLWindow.displayIdentities().dropFirst($0).first } ?? sdl.displayIdentity
        EventRouter.register(sdl.id)
        self.followsDisplay = followsDisplay
        self.scale = followsDisplay ? sdl.pixelsPerCoordinate : scale
        self.rotation = rotation
        rotated = rotation == .none ? nil : RotatedPresenter(sdl.surface, rotation: rotation, turnsOnTheGPU: sdl.surface is GLWindowPresenter)
        wakeType = PlatformWindow.wakeEventType
        startTicks = SDL_GetTicks()
        consoleWait = VideoDriver.current == .kmsdrm && !settings.sdlWait ? ConsoleInputWait() : nil
        PlatformWindow.quitOnSignals()
    }

    /// The event type of `wake`, registered once for all the process's windows.
    nonisolated(unsafe) private static var wakeEventType: UInt32 = {
        SDL_RegisterEvents(1)
    }()

    deinit { if let live { EventRouter.unregister(live.id) } }

    // MARK: Several displays

    /// The displays now, in SDL's order, by name (" #2" after the second of a name).
    package static func displayIdentities() -> [String] { SDLWindow.displayIdentities() }

    /// Maps the X server's touchscreens onto the output the window is on, turned as that output
    /// is turned with xrandr (a kiosk that has the machine to itself: the X server would spread
    /// them over the whole screen, unturned). What was done, in words, when it changed; nil when
    /// it did not, or where there is nothing to map (no touchscreen, not X11).
    package func mapTouchscreens() -> String? {
        guard let live else { return nil }
        var name = [CChar](repeating: 0, count: 64), rotation: Int32 = 1
        let n = lumen_x11_map_touch(UnsafeMutableRawPointer(live.window), &name, Int32(name.count), &rotation)
        guard n > 0 else { return nil }
        let turned = [2: " (turned left)", 4: " (turned upside down)", 8: " (turned right)"][rotation] ?? ""
        let said = "touch: \(n == 1 ? "1 touchscreen" : "\(n) touchscreens") mapped to \(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))\(turned)"
        defer { touchMapping = said }
        return said == touchMapping ? nil : said
    }
    private var touchMapping = ""

    /// Makes the window's GL context current, if it has one: before a GPU renderer of this
    /// window is let go, when the process has a context a window.
    package func makeContextCurrent() { (live?.surface as? GLWindowPresenter)?.makeCurrent() }

    /// Whether the window is closed, waiting for a display (`detach`).
    package var isDetached: Bool { live == nil }

    /// Closes the window, whose display went away while another is still there: its content
    /// waits, with no window to cover the other display's, until `attach`.
    package func detach() {
        guard let closing = live else { return }
        EventRouter.unregister(closing.id)
        rotated = nil
        live = nil
    }

    /// Opens the window again, the same, on the display at `index` (a display that came back,
    /// or one that came while none shows it), which becomes its home.
    package func attach(toDisplay index: Int) throws(SDLError) {
        guard live == nil else { return }
        let o = opening
        let sdl = try SDLWindow(title: o.title, size: o.size, scale: o.scale, settings: o.settings, fullscreen: o.fullscreen,
                                display: index, present: o.present)
        live = sdl
        homeDisplay = SDLWindow.displayIdentities().dropFirst(index).first ?? sdl.displayIdentity
        EventRouter.register(sdl.id)
        _ = sdl.surface.refresh()
        followDensity()
        rotated = rotation == .none ? nil : RotatedPresenter(sdl.surface, rotation: rotation, turnsOnTheGPU: sdl.surface is GLWindowPresenter)
    }

    /// Whether the window's home display is among the displays now.
    package var homeIsPresent: Bool { homeDisplay.map(PlatformWindow.displayIdentities().contains) ?? true }

    /// Waits up to `timeout` seconds (nil: no limit) for an event for any of the process's
    /// windows and sorts what came into their inboxes (a process with several windows waits
    /// once for all, then takes each window's `nextEvents(timeout: 0)`).
    package func waitForEvents(timeout: Double?) {
        var event = SDL_Event()
        if waitForEvent(&event, timeout: timeout) { EventRouter.route(first: event) }
    }

    /// Where frames are drawn and presented.
    package var presenter: Presenter { rotated ?? sdl.surface }

    /// SDL's GL loader when the window has a GL context (`present: .gl`), else nil.
    package var glProcAddress: (@convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?)? {
        (sdl.surface as? GLWindowPresenter)?.procAddress
    }

    /// Draws with Cairo from now on: the GL context goes and Cairo's presenter (a surface or a
    /// texture) takes the window, which stays as it is (the GPU renderer failed while running).
    package func fallBackToCPU() throws(SDLError) {
        try sdl.dropGL()
        rotated = rotation == .none ? nil : RotatedPresenter(sdl.surface, rotation: rotation)
    }

    /// A new GL context after the last was lost (the GPU was reset); the window stays as it is.
    /// When none comes up, frames are drawn on the CPU from now on, and the error says why.
    package func renewGPUContext() throws(SDLError) {
        defer { rotated = rotation == .none ? nil : RotatedPresenter(sdl.surface, rotation: rotation, turnsOnTheGPU: sdl.surface is GLWindowPresenter) }
        try sdl.renewGL(settings: opening.settings)
    }

    /// Frames are drawn by a GPU renderer: what the log says of them, and where screenshots read.
    package func drawsOnTheGPU(summary: String, snapshot: @escaping () -> PixelBuffer?) {
        guard let gl = sdl.surface as? GLWindowPresenter else { return }
        gl.describe(renderer: summary)
        gl.frameSource = snapshot
    }
    /// How frames reach the screen ("surface", "texture on opengl (…), vsync").
    package var presentSummary: String { sdl.surface.summary }
    /// Why the GL presenter can show no more frames (a swap failed), if it has.
    package var presentFailure: String? { (sdl.surface as? GLWindowPresenter)?.swapFailure }
    /// Whether presenting waits for the display's vertical blank (the loop then needs no
    /// precise sleep of its own before presenting).
    package var presentWaitsForVsync: Bool { sdl.surface.pacesItself }

    /// The size the scene lays out in, in points: the window's, turned by the rotation.
    package var pointSize: Size { rotation.logicalSize(windowPointSize) }

    /// The window's own size in points (not turned).
    var windowPointSize: Size {
        Size(width: Double(sdl.surface.pixelWidth) / scale, height: Double(sdl.surface.pixelHeight) / scale)
    }

    /// The size in points of the display the window is on (its own size when unknown): the
    /// most the window can grow to, what a full-window photo is decoded for.
    package var displayPointSize: Size {
        guard let d = sdl.displaySize else { return pointSize }
        let perPoint = coordinatesPerPoint
        let display = rotation.logicalSize(Size(width: d.width / perPoint, height: d.height / perPoint))
        return Size(width: max(display.width, pointSize.width), height: max(display.height, pointSize.height))
    }

    /// The display's refresh rate in Hz (60 when unknown).
    package var refreshRate: Double { sdl.refreshRate }

    package func setTitle(_ title: String) { sdl.setTitle(title) }

    /// Shows or hides the mouse cursor over the window (a kiosk hides it).
    package var isCursorVisible = true {
        didSet { if isCursorVisible != oldValue { sdl.setCursorVisible(isCursorVisible) } }
    }

    /// Puts text on the system clipboard (and, on X11, the primary selection).
    package func setClipboard(_ text: String) {
        SDL_SetClipboardText(text)
    }

    /// A rectangle of the scene (points, as laid out) on the screen, in the window system's
    /// screen coordinates (X11: pixels): turned with the window, scaled, moved to where the
    /// window is. What assistive technology is told about where a node is drawn.
    package func screenRect(ofScenePoints r: Rect) -> Rect {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(sdl.window, &x, &y)
        let turned = rotation.toWindow(r, window: windowPointSize)
        let k = coordinatesPerPoint
        return Rect(x: Double(x) + turned.minX * k, y: Double(y) + turned.minY * k, width: turned.width * k, height: turned.height * k)
    }

    /// The whole window on the screen (see `screenRect(ofScenePoints:)`).
    package var screenFrame: Rect { screenRect(ofScenePoints: Rect(size: pointSize)) }

    /// Window coordinates (what SDL's mouse events carry) per point.
    private var coordinatesPerPoint: Double { scale / sdl.pixelsPerCoordinate }

    /// Takes the window system's density as the scale when the window follows it; whether it
    /// changed (so the scene lays out again at the new size in points).
    @discardableResult
    private func followDensity() -> Bool {
        guard followsDisplay else { return false }
        let density = sdl.pixelsPerCoordinate
        // Never below 1 (a buffer smaller than the window's coordinates): such a figure comes
        // from sizes caught between a compositor's configure and the buffer's (a window made
        // again on a display just plugged in read 0.5), not from any display.
        guard density.isFinite, density >= 1, density != scale else { return false }
        scale = density
        return true
    }

    /// Why the window system is gone, if it is (a Wayland compositor that closed the connection:
    /// SDL then quits as if the window were closed). Nil while it is there. After the last
    /// display went, this asks the compositor (up to 2 s): ask once.
    package var displayLost: String? {
        if let why = connectionLost { return why }
        // The outputs can go just before the connection does (a compositor ending removes
        // them first): then the compositor is asked whether it is still there.
        guard lastDisplayWent, VideoDriver.current == .wayland else { return nil }
        switch VideoHints.compositorGlobals(["wl_output"])[0] {
        case -1: return "the Wayland compositor closed the connection (it is gone)"
        case -2: return "the Wayland compositor closed the connection (it no longer answers)"
        default: return nil
        }
    }

    /// Whether the last display went (`WindowEvent.displaysGone`).
    private var lastDisplayWent = false

    private var connectionLost: String? {
        // A window closed for its display asks through another window, or not at all.
        guard let live else { return nil }
        let e = lumen_wayland_display_error(UnsafeMutableRawPointer(live.window))
        guard e != 0 else { return nil }
        return "the Wayland compositor closed the connection (\(String(cString: strerror(e))))"
    }

    /// Makes event timestamps count from now: host seconds since `resetTimebase`.
    package func setDisplayPower(on: Bool) -> DisplayPowerChange {
        // While the display is off SDL must not keep the screen saver away (on X11 it resets
        // it every 30 s, which also switches DPMS back on).
        if !on { SDL_EnableScreenSaver() }
        var how: UnsafePointer<CChar>?
        let done = lumen_display_power(UnsafeMutableRawPointer(sdl.window), on ? 1 : 0, &how)
        if on || done != 1 { SDL_DisableScreenSaver() }
        let words = how.map { String(cString: $0) } ?? "unknown"
        return done == 1 ? .switched(words) : done == 0 ? .unsupported(words) : .refused(words)
    }

    package func resetTimebase() { startTicks = SDL_GetTicks() }

    /// A thread-safe call that wakes `nextEvents` with `.wake`.
    package var wake: @Sendable () -> Void {
        let type = wakeType
        return {
            var e = SDL_Event()
            e.type = type
            SDL_PushEvent(&e)
            ConsoleInputWait.signal()
        }
    }

    /// Waits up to `timeout` seconds (forever when nil) for events and returns them all.
    /// `clockTime` turns host seconds (since `resetTimebase`) into the tree's clock time.
    package func nextEvents(timeout: Double?, clockTime: @escaping (Double) -> Double) -> [WindowEvent] {
        guard let live else {
            // Closed, waiting for a display: only what names no window (quit, displays, wakes).
            waitForEvents(timeout: timeout)
            return []
        }
        if EventRouter.hasEvents(for: live.id) { EventRouter.routeQueued() } else { waitForEvents(timeout: timeout) }
        let events = EventRouter.take(for: live.id)
        guard !events.isEmpty else { return [] }
        let start = startTicks
        let translator = EventTranslator(windowSize: windowPointSize, rotation: rotation, coordinatesPerPoint: coordinatesPerPoint,
                                         clockTime: { clockTime(EventTranslator.seconds(ticks: $0, since: start)) })
        var out: [WindowEvent] = []
        for var event in events {
            restoreScriptTime(&event)
            if let e = windowEvent(event, translator) { out.append(e) }
        }
        return out
    }

    /// The first event, once one comes within `timeout` seconds (nil: no limit). On the console
    /// Lumen waits on the input devices itself (`ConsoleInputWait`), then lets SDL read them.
    private func waitForEvent(_ event: inout SDL_Event, timeout: Double?) -> Bool {
        guard let consoleWait else {
            if let t = timeout { return SDL_WaitEventTimeout(&event, Int32((max(t, 0) * 1000).rounded(.up))) != 0 }
            return SDL_WaitEvent(&event) != 0
        }
        func next() -> Bool {
            SDL_PumpEvents()
            return SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0
        }
        if next() { return true }
        consoleWait.wait(timeout: timeout)
        return next()
    }

    private func windowEvent(_ e: SDL_Event, _ translator: EventTranslator) -> WindowEvent? {
        switch e.type {
        case SDL_QUIT.rawValue: return .quit
        case wakeType: return .wake
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue:
                guard sdl.surface.refresh() else { return nil }
                followDensity()
                return .resized
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue:
                // Moved to another display too (a compositor that puts a new window on the
                // focused output first, then on the one it is full screen on): drawn again.
                _ = sdl.surface.refresh()
                return followDensity() ? .resized : .exposed
            case SDL_WINDOWEVENT_LEAVE.rawValue: return .pointerLeft
            default: return nil
            }
        case SDL_DISPLAYEVENT.rawValue:
            // The last display gone, or hidden as it went with another come since (in one pump).
            let gone = UInt32(e.display.event) == SDL_DISPLAYEVENT_DISCONNECTED.rawValue
                && (SDL_GetNumVideoDisplays() == 0 || LastDisplayWatch.hid(sdl.window))
            if gone { lastDisplayWent = true }
            let plugged = [SDL_DISPLAYEVENT_CONNECTED.rawValue, SDL_DISPLAYEVENT_DISCONNECTED.rawValue].contains(UInt32(e.display.event))
            return gone ? .displaysGone : plugged ? .displaysChanged : nil
        case SDL_DROPBEGIN.rawValue:
            drop.removeAll()
            return nil
        case SDL_DROPFILE.rawValue:
            if let file = e.drop.file {
                drop.append(String(cString: file))
                SDL_free(file)
            }
            return nil
        case SDL_DROPCOMPLETE.rawValue:
            defer { drop.removeAll() }
            return drop.isEmpty ? nil : .dropped(drop)
        default:
            return translator.translate(e).map { .input($0) }
        }
    }

    /// Pushes a script step into SDL's queue as the events a device would make; it comes
    /// back through `nextEvents` like a person's input. The events carry the step's own time
    /// (seconds since `resetTimebase`), not the moment the loop got to them, so a scripted
    /// fling has the same velocity however busy the loop was, here and headless.
    package func play(_ command: InputScript.Command, at time: Double) {
        let ticks = startTicks &+ UInt32(max(time * 1000, 0).rounded())
        for var e in player.events(for: command, windowID: sdl.id, ticks: 0, windowSize: windowPointSize, rotation: rotation,
                                   coordinatesPerPoint: coordinatesPerPoint) {
            // SDL_PushEvent stamps the event with the moment it is pushed, which is late when the
            // loop is busy: remember the step's own time and put it back when the event comes out.
            scripted.append((e, ticks))
            SDL_PushEvent(&e)
        }
    }

    /// Gives a scripted event coming out of the queue its step's time again. Scripted events
    /// are recognised by their contents (all but the timestamp), in the order they were pushed.
    private func restoreScriptTime(_ event: inout SDL_Event) {
        guard !scripted.isEmpty else { return }
        var key = event
        key.common.timestamp = 0
        let match = scripted.prefix(64).firstIndex { entry in
            withUnsafeBytes(of: entry.event) { a in withUnsafeBytes(of: key) { b in a.elementsEqual(b) } }
        }
        guard let i = match else { return }
        event.common.timestamp = scripted[i].ticks
        scripted.remove(at: i)
    }

    /// A copy of what is on screen, opaque.
    package func snapshot() -> PixelBuffer { live?.surface.snapshot() ?? PixelBuffer(width: 1, height: 1) }
    /// The same into `reuse` where it fits (a recording's frames: no allocation a frame).
    package func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { sdl.surface.snapshot(reusing: reuse) }

    /// Ctrl-C (SIGINT) and SIGTERM (a kiosk supervisor stopping the app) end the loop cleanly.
    /// SDL only installs its own handlers when the signals are at their defaults, which they
    /// are not under some launchers, so Lumen installs them itself.
    private static func quitOnSignals() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            var e = SDL_Event()
            e.type = SDL_QUIT.rawValue
            SDL_PushEvent(&e)
            ConsoleInputWait.signal()
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        unblockQuitSignals()
    }

    /// A launcher may hand Lumen SIGINT and SIGTERM blocked (the mask is inherited): a blocked
    /// SIGTERM would wait, pending, and a service manager's stop would end in SIGKILL. Called
    /// first thing (before Lumen waits for a Wayland display, say), and again with the handlers.
    package static func unblockQuitSignals() {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}
