import Animation
import CSDL2
import Foundation
import Geometry
import Render
import Widgets

/// The SDL window and its event loop.
///
/// Idle means idle: when nothing animates, no photo is loading and no input arrives, the
/// loop blocks in SDL_WaitEvent(Timeout) and draws nothing. A frame redraws and presents only
/// the damaged region. Quits on window close, Ctrl-C (SDL turns SIGINT into SDL_QUIT), q or Escape.
public final class WindowHost {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

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
    /// Frames drawn (for tests and the idle check).
    public private(set) var framesDrawn = 0

    public init(options: WindowOptions, assets: String) {
        self.options = options
        self.assets = assets
        let slow = ProcessInfo.processInfo.environment["LUMEN_SLOW_ANIMATIONS"].flatMap(Double.init) ?? 1
        clock = AnimationClock(slowdown: slow)
        motion = MotionSettings(reduceMotion: options.scene.reduceMotion || DesktopSettings.animationsDisabled())
    }

    public func run() throws -> Int32 {
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

        var sceneOptions = options.scene
        sceneOptions.size = pointSize()
        let stage = try Lumen.makeStage(sceneOptions, assets: assets, loader: loader, clock: clock, motion: motion)
        let (scene, tree) = (stage.scene, stage.tree)
        self.scene = scene
        self.tree = tree

        let start = Stopwatch.now()
        let deadline = options.exitAfter.map { start + $0 }
        let frameInterval = 1 / sdl.refreshRate
        var printedSemantics = false

        while running {
            loader.deliver()
            let now = Stopwatch.now()
            if let d = deadline, now >= d { break }
            // Animation time is the frame's time on the display's frame grid, so motion is
            // the same at any refresh rate.
            clock.advance(to: ((now - start) / frameInterval).rounded() * frameInterval)
            if scene.isAnimating { scene.update(time: options.scene.time + clock.now) }
            if tree.needsFrame {
                drawFrame(scene: scene, tree: tree)
                if options.semantics && !printedSemantics && !loader.isBusy {
                    print(tree.semanticsDump())
                    printedSemantics = true
                }
            }
            // Sleep until the next frame while something moves, else until the clock's next
            // timer, an event or the exit deadline.
            let moving = scene.isAnimating || clock.isAnimating
            var timeout: Double? = moving ? max(frameInterval - (Stopwatch.now() - now), 0) : clock.secondsToNextDeadline
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
        return 0
    }

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

    private func drawFrame(scene: Scene, tree: WidgetTree) {
        guard let s = surface else { return }
        let (list, damage) = tree.frame()
        guard let d = damage else { return }
        let lock = lumen_must_lock(s.surface) != 0
        if lock { SDL_LockSurface(s.surface) }
        renderer.render(list, into: s.target, scale: scale, damage: d, background: scene.background)
        if lock { SDL_UnlockSurface(s.surface) }
        s.present(damage: d, scale: scale)
        framesDrawn += 1
    }

    private func handle(_ e: SDL_Event) {
        switch e.type {
        case SDL_QUIT.rawValue:
            running = false
        case SDL_KEYDOWN.rawValue:
            let sym = e.key.keysym.sym
            let name = String(cString: SDL_GetKeyName(sym))
            if scene?.key(name) == true { break }
            if sym == SDLK_q.rawValue || sym == SDLK_ESCAPE.rawValue { running = false }
            if sym == SDLK_m.rawValue {
                motion.reduceMotion.toggle()
                FileHandle.standardError.write(Data("lumen: Reduce Motion \(motion.reduceMotion ? "on" : "off")\n".utf8))
            }
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue:
                if surface?.refresh() == true { tree?.size = pointSize(); tree?.damageAll() }
            case SDL_WINDOWEVENT_EXPOSED.rawValue:
                _ = surface?.refresh()
                tree?.damageAll()
            default: break
            }
        default:
            break
        }
    }
}
