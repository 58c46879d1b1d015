import Animation
import CSDL2
import Foundation
import Geometry
import Render
import Widgets

/// The SDL window and its event loop.
///
/// Idle means idle: when nothing moves, no photo is loading and no input arrives, the loop
/// blocks in SDL_WaitEvent(Timeout) and draws nothing. A frame redraws and presents only the
/// damaged region. Quits on window close, Ctrl-C or SIGTERM, q or Escape.
///
/// A script (`--script`) is played through SDL's own event queue, so scripted input takes
/// the same path as a person's; `--trace` writes one CSV line per frame drawn.
public final class WindowHost {
    private let options: WindowOptions
    private let assets: String
    private var sdl: SDLWindow?
    private var surface: WindowSurface?
    private let loader = ImageLoader()
    private let renderer = CairoRenderer()
    private var scene: Scene?
    private var tree: WidgetTree?
    private var scale = 1.0
    private var running = true
    private let clock: AnimationClock
    /// Reduce Motion: from --reduce-motion or the desktop's setting, toggled live with m.
    public let motion: MotionSettings
    /// Frames drawn (for the trace and tests).
    public private(set) var framesDrawn = 0
    private var start = 0.0
    private var startTicks: UInt32 = 0
    private var trace: FileHandle?
    private var pendingScreenshots: [String] = []

    public init(options: WindowOptions, assets: String) {
        self.options = options
        self.assets = assets
        let slow = ProcessInfo.processInfo.environment["LUMEN_SLOW_ANIMATIONS"].flatMap(Double.init) ?? 1
        clock = AnimationClock(slowdown: slow)
        motion = MotionSettings(reduceMotion: options.scene.reduceMotion || DesktopSettings.animationsDisabled())
    }

    public func run() throws -> Int32 {
        let script = try options.script.map { path throws(UsageError) in try InputScript.load(path) }
        scale = options.scene.scale ?? ProcessInfo.processInfo.environment["GDK_SCALE"].flatMap(Double.init) ?? 1
        let sdl = try SDLWindow(title: "Lumen — \(options.scene.scene)", size: options.scene.size, scale: scale,
                                fullscreen: options.fullscreen)
        self.sdl = sdl
        surface = sdl.surface
        WindowHost.quitOnSignals()
        let wakeType = SDL_RegisterEvents(1)
        loader.setWake {
            var e = SDL_Event()
            e.type = wakeType
            SDL_PushEvent(&e)
        }
        if let path = options.trace {
            guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
                throw UsageError("cannot write the trace file '\(path)'")
            }
            trace = h
        }
        defer { try? trace?.close() }

        var sceneOptions = options.scene
        sceneOptions.size = pointSize()
        let stage = try Lumen.makeStage(sceneOptions, assets: assets, loader: loader, clock: clock, motion: motion)
        let (scene, tree) = (stage.scene, stage.tree)
        self.scene = scene
        self.tree = tree
        let wake: @Sendable () -> Void = {
            var e = SDL_Event()
            e.type = wakeType
            SDL_PushEvent(&e)
        }
        tree.background.wake = wake
        // Photos are scaled to their on-screen size off the main thread; until then a stand-in draws.
        renderer.images.scalesInBackground = true
        renderer.images.wake = wake
        writeTraceHeader(tree)
        if options.scene.scroll != 0 { tree.layout(); scene.scroll(to: options.scene.scroll) }

        start = Stopwatch.now()
        startTicks = SDL_GetTicks()
        let deadline = options.exitAfter.map { start + $0 }
        let frameInterval = 1 / sdl.refreshRate
        var steps = script?.steps[...] ?? []

        while running {
            loader.deliver()
            let now = Stopwatch.now()
            if let d = deadline, now >= d { break }
            // Due script steps go into SDL's queue now and come back through it below.
            while let step = steps.first, start + step.time <= now {
                steps.removeFirst()
                play(step.command)
            }
            // Animation time is the frame's time on the display's frame grid, so motion is the
            // same at any refresh rate.
            clock.advance(to: ((now - start) / frameInterval).rounded() * frameInterval)
            if scene.isAnimating { scene.update(time: options.scene.time + clock.now) }
            // A photo's scaled copy arrived: draw again with it.
            if renderer.images.hasArrivals { tree.damageAll() }
            if tree.needsFrame { drawFrame(scene: scene, tree: tree, at: now) }
            // A screenshot shows the frame just drawn: what is on screen at that moment.
            try takeScreenshots()
            // Sleep until the next frame while something moves, else until the clock's next
            // timer, the next script step, an event or the exit deadline.
            let moving = scene.isAnimating || clock.isAnimating
            var timeout: Double? = moving ? max(frameInterval - (Stopwatch.now() - now), 0) : clock.secondsToNextDeadline
            if let step = steps.first { timeout = min(timeout ?? .infinity, max(start + step.time - Stopwatch.now(), 0)) }
            if let d = deadline { timeout = min(timeout ?? .infinity, max(d - Stopwatch.now(), 0)) }
            var event = SDL_Event()
            let got: Int32
            if let t = timeout { got = SDL_WaitEventTimeout(&event, Int32((t * 1000).rounded(.up))) } else { got = SDL_WaitEvent(&event) }
            if got != 0 {
                handle(event)
                while running && SDL_PollEvent(&event) != 0 { handle(event) }
            }
        }
        if let path = options.screenshot, let s = surface {
            try PNGFile.write(s.snapshot(), to: path)
        }
        if options.semantics { print(tree.semanticsDump()) }
        return 0
    }

    // MARK: - Frames

    private func drawFrame(scene: Scene, tree: WidgetTree, at now: Double) {
        guard let s = surface else { return }
        let t0 = Stopwatch.now()
        let (list, damage) = tree.frame()
        if let d = damage {
            let lock = lumen_must_lock(s.surface) != 0
            if lock { SDL_LockSurface(s.surface) }
            renderer.render(list, into: s.target, scale: scale, damage: d, background: scene.background)
            if lock { SDL_UnlockSurface(s.surface) }
            s.present(damage: d, scale: scale)
            framesDrawn += 1
        }
        writeTrace(tree, time: now, frameMs: (Stopwatch.now() - t0) * 1000)
    }

    private func writeTraceHeader(_ tree: WidgetTree) {
        guard let h = trace else { return }
        let columns = ["time_ms"] + tree.scrollViews.indices.map { "scroll_\($0)" } + ["frame_ms"]
        h.write(Data((columns.joined(separator: ",") + "\n").utf8))
    }

    private func writeTrace(_ tree: WidgetTree, time: Double, frameMs: Double) {
        guard let h = trace else { return }
        var fields = [String(format: "%.1f", (time - start) * 1000)]
        fields += tree.scrollViews.map { String(format: "%.3f", $0.offset) }
        fields.append(String(format: "%.3f", frameMs))
        h.write(Data((fields.joined(separator: ",") + "\n").utf8))
    }

    private func takeScreenshots() throws {
        guard !pendingScreenshots.isEmpty, let s = surface else { return }
        for path in pendingScreenshots { try PNGFile.write(s.snapshot(), to: path) }
        pendingScreenshots.removeAll()
    }

    // MARK: - Script

    /// Pushes one script step into SDL's event queue as the SDL event a device would make.
    private func play(_ command: InputScript.Command) {
        var e = SDL_Event()
        let windowID = sdl.map { SDL_GetWindowID($0.window) } ?? 0
        let ticks = SDL_GetTicks()
        func mouseButton(_ type: SDL_EventType, _ p: Point) {
            e.type = type.rawValue
            e.button.timestamp = ticks
            e.button.windowID = windowID
            e.button.which = 0
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32(p.x.rounded()); e.button.y = Int32(p.y.rounded())
            scriptMouseDown = type == SDL_MOUSEBUTTONDOWN
        }
        func finger(_ type: SDL_EventType, _ id: Int, _ p: Point) {
            let size = pointSize()
            e.type = type.rawValue
            e.tfinger.timestamp = ticks
            e.tfinger.touchId = 1
            e.tfinger.fingerId = Int64(id)
            e.tfinger.x = Float(p.x / size.width); e.tfinger.y = Float(p.y / size.height)
            e.tfinger.pressure = type == SDL_FINGERUP ? 0 : 1
            e.tfinger.windowID = windowID
        }
        switch command {
        case .mouseDown(let p): mouseButton(SDL_MOUSEBUTTONDOWN, p)
        case .mouseUp(let p): mouseButton(SDL_MOUSEBUTTONUP, p)
        case .mouseMove(let p):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.timestamp = ticks
            e.motion.windowID = windowID
            e.motion.which = 0
            e.motion.state = scriptMouseDown ? lumen_button_mask(Int32(SDL_BUTTON_LEFT)) : 0
            e.motion.x = Int32(p.x.rounded()); e.motion.y = Int32(p.y.rounded())
        case .wheel(let d, let precise):
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.timestamp = ticks
            e.wheel.windowID = windowID
            e.wheel.which = 0
            e.wheel.x = Int32(d.x.rounded()); e.wheel.y = Int32(d.y.rounded())
            // Precise deltas are fractional by nature; a whole precise step is nudged so it stays precise.
            let px = precise && d.x == d.x.rounded() && d.x != 0 ? d.x * 0.999 : d.x
            let py = precise && d.y == d.y.rounded() && d.y != 0 ? d.y * 0.999 : d.y
            e.wheel.preciseX = Float(px); e.wheel.preciseY = Float(py)
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            e.wheel.mouseX = lastScriptPointer.map { Int32($0.x) } ?? x
            e.wheel.mouseY = lastScriptPointer.map { Int32($0.y) } ?? y
        case .fingerDown(let id, let p): finger(SDL_FINGERDOWN, id, p)
        case .fingerMove(let id, let p): finger(SDL_FINGERMOTION, id, p)
        case .fingerUp(let id, let p): finger(SDL_FINGERUP, id, p)
        case .key(let name):
            let sym = SDL_GetKeyFromName(name)
            guard sym != SDLK_UNKNOWN.rawValue else {
                FileHandle.standardError.write(Data("lumen: script: unknown key '\(name)'\n".utf8))
                return
            }
            for type in [SDL_KEYDOWN, SDL_KEYUP] {
                var k = SDL_Event()
                k.type = type.rawValue
                k.key.timestamp = ticks
                k.key.windowID = windowID
                k.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
                k.key.keysym.sym = sym
                k.key.keysym.scancode = SDL_GetScancodeFromKey(sym)
                SDL_PushEvent(&k)
            }
            return
        case .screenshot(let path):
            pendingScreenshots.append(path)
            return
        case .quit:
            e.type = SDL_QUIT.rawValue
        }
        switch command {
        case .mouseDown(let p), .mouseUp(let p), .mouseMove(let p): lastScriptPointer = p
        default: break
        }
        SDL_PushEvent(&e)
    }
    private var scriptMouseDown = false
    private var lastScriptPointer: Point?

    // MARK: - Events

    /// Ctrl-C (SIGINT) and SIGTERM (a kiosk supervisor stopping the app) end the loop cleanly.
    /// SDL only installs its own handlers when the signals are at their defaults, which they
    /// are not under some launchers, so Lumen installs them itself.
    private static func quitOnSignals() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            var e = SDL_Event()
            e.type = SDL_QUIT.rawValue
            SDL_PushEvent(&e)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }

    private func pointSize() -> Size {
        guard let s = surface else { return options.scene.size }
        return Size(width: Double(s.pixelWidth) / scale, height: Double(s.pixelHeight) / scale)
    }

    /// Clock seconds of an SDL timestamp (ms since SDL started).
    private func clockTime(_ ticks: UInt32) -> Double {
        clock.time(atHost: Double(ticks &- startTicks) / 1000)
    }

    private func handle(_ e: SDL_Event) {
        switch e.type {
        case SDL_QUIT.rawValue:
            running = false
            return
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue:
                if surface?.refresh() == true { tree?.size = pointSize(); tree?.damageAll() }
            case SDL_WINDOWEVENT_EXPOSED.rawValue:
                _ = surface?.refresh()
                tree?.damageAll()
            case SDL_WINDOWEVENT_LEAVE.rawValue:
                tree?.pointerLeft()
            default: break
            }
            return
        default:
            break
        }
        guard let tree else { return }
        let translator = EventTranslator(windowSize: pointSize(), clockTime: clockTime)
        guard let input = translator.translate(e) else { return }
        if case .key(let k) = input {
            // The scene first, then the tree (focus, scrolling), then the app's own keys.
            if scene?.key(keyName(k.key)) == true { return }
            switch k.key {
            case .escape: running = false; return
            case .other(let name) where name.lowercased() == "q": running = false; return
            case .other(let name) where name.lowercased() == "m":
                motion.reduceMotion.toggle()
                FileHandle.standardError.write(Data("lumen: Reduce Motion \(motion.reduceMotion ? "on" : "off")\n".utf8))
                return
            default: break
            }
        }
        tree.handle(input)
    }

    /// The SDL-style name of a key Lumen knows, for scenes' key handlers.
    private func keyName(_ k: Key) -> String {
        switch k {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .tab: "Tab"
        case .space: "Space"
        case .enter: "Return"
        case .escape: "Escape"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .other(let n): n
        }
    }
}
