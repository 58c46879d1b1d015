import Animation
import Foundation
import Geometry
import Effects
import Imaging
import Render
import Widgets

/// A scene, its tree and what drives them: the one place where time, input and frames meet.
/// The window, `lumen render` and `lumen bench` all run scenes through it (and so do the
/// tests), so a script's key or wheel does the same thing in each.
public final class SceneRunner {
    public let scene: any Scene
    public let tree: WidgetTree
    public let context: SceneContext
    public let loader: ImageLoader
    public var clock: AnimationClock { tree.clock }
    /// Scene time at clock time 0 (`--time` in the window and bench; render runs from 0).
    public let startTime: Double
    /// Escape or q asked to quit (the window quits; headless renders ignore it).
    public private(set) var quitRequested = false
    /// Where app messages go (Reduce Motion toggled); stderr by default.
    public var log: (String) -> Void = { FileHandle.standardError.write(Data("lumen: \($0)\n".utf8)) }

    /// Builds the scene called `name` with its `--set` values on `clock`, with a tree of
    /// `size` points. An unknown scene or a bad setting throws the one-line reason.
    /// `largestSize` is the most the tree may grow to (a window's display; `size` when nil).
    public init(scene name: String, size: Size, settings: [String: String] = [:], assets: String,
                loader: ImageLoader = ImageLoader(), clock: AnimationClock = AnimationClock(),
                motion: MotionSettings = MotionSettings(), images: [String] = [], scale: Double = 1,
                largestSize: Size? = nil, startTime: Double = 0) throws(SettingError) {
        guard let type = SceneCatalog.scene(named: name) else { throw SettingError("unknown scene '\(name)'") }
        var photos: [Photo]?
        if !images.isEmpty {
            do { photos = try PhotoLibrary.photos(in: images) } catch { throw SettingError("--images: \(error.message)") }
        }
        context = SceneContext(assets: assets, loader: loader, clock: clock, motion: motion, settings: settings,
                               photos: photos, photoSource: images, scale: scale,
                               largestSize: largestSize.map { Size(width: max($0.width, size.width), height: max($0.height, size.height)) } ?? size)
        scene = try type.init(context: context)
        self.loader = loader
        self.startTime = startTime
        scene.update(time: startTime)
        tree = WidgetTree(root: scene.root, size: size, clock: clock)
    }

    /// The scene `options` ask for (its name, size, settings and Reduce Motion, unless `motion`
    /// is given), on `clock`.
    /// Without a `loader`, one is made with the options' image memory budget.
    public convenience init(_ options: SceneOptions, assets: String, loader: ImageLoader? = nil,
                            clock: AnimationClock = AnimationClock(), motion: MotionSettings? = nil,
                            largestSize: Size? = nil, startTime: Double = 0) throws(SettingError) {
        let loader = loader ?? ImageLoader(memory: ImageMemory(byteLimit: options.imageMemoryBytes))
        try self.init(scene: options.scene, size: options.size, settings: options.settings, assets: assets, loader: loader,
                      clock: clock, motion: motion ?? MotionSettings(reduceMotion: options.reduceMotion),
                      images: options.images, scale: options.scale ?? 1, largestSize: largestSize, startTime: startTime)
    }

    /// Scrolls the main scroll view to `offset` points, once the content has a size.
    public func scroll(to offset: Double) {
        tree.layout()
        tree.mainScrollView?.scroll(to: offset)
    }

    /// Moves time to `time` seconds on the clock and sets the scene's time-dependent state.
    public func advance(to time: Double) {
        clock.advance(to: time)
        scene.update(time: startTime + clock.now)
    }

    /// Whether the next frame moves by itself (the host then draws at the display's rate).
    public var isMoving: Bool { scene.isAnimating || clock.isAnimating }

    /// Delivers input: a key goes to the scene first, then to the app's keys (q and Escape
    /// quit, m toggles Reduce Motion), then to the tree (focus, buttons, scrolling).
    /// The clock first moves to the event's time if it is behind (a busy loop), so the event
    /// meets the scene as it was when the event happened, at any frame rate and load.
    public func handle(_ event: InputEvent) {
        if event.time > clock.now {
            advance(to: event.time)
            clock.tick()
        }
        if case .key(let k) = event {
            if scene.key(k) { return }
            switch k.key {
            case .escape, .character("q"):
                quitRequested = true
                return
            case .character("m"):
                context.motion.reduceMotion.toggle()
                log("Reduce Motion \(context.motion.reduceMotion ? "on" : "off")")
                return
            default: break
            }
        }
        tree.handle(event)
    }

    /// Lays out what changed and builds the display list, with the damaged region (nil: nothing to draw).
    public func buildFrame() -> (list: DisplayList, damage: Rect?) { tree.frame() }

    /// Draws a built frame's damaged region over the scene's background.
    public func draw(_ list: DisplayList, damage: Rect, with renderer: any Renderer, into target: RenderTarget, scale: Double) {
        renderer.render(list, into: target, scale: scale, damage: damage, background: scene.background)
    }

    /// Builds and draws a frame into a presenter and shows it; returns the damage drawn.
    @discardableResult
    public func drawFrame(with renderer: any Renderer, on presenter: Presenter, scale: Double) -> Rect? {
        // A scaled copy or a photo decoded again after the budget took it back: draw again with it.
        if renderer.hasArrivals || loader.takeReloaded() { tree.damageAll() }
        let (list, damage) = buildFrame()
        guard let d = damage else { return nil }
        presenter.draw { draw(list, damage: d, with: renderer, into: $0, scale: scale) }
        presenter.present(damage: d, scale: scale)
        return d
    }

    /// Waits for the photos that layout asked for (a lazy list realizes rows as it goes) and
    /// for the tree's background work, so that a headless frame shows what a patient window would.
    public func settle() {
        for _ in 0..<8 {
            tree.background.waitAndDeliver()
            guard loader.isBusy else { return }
            loader.waitForAll()
            _ = tree.frame()
        }
    }

    /// Sets up frame `time` of `lumen bench` (see `BenchMotion`); returns whether anything moves.
    public func benchStep(time: Double) -> Bool {
        clock.advance(to: time)
        switch scene.benchMotion {
        case .own:
            scene.update(time: time)
            return scene.isAnimating || clock.isAnimating
        case .scroll(let speed, let pingPong):
            guard let view = tree.mainScrollView else { return false }
            let span = max(view.range.upperBound, 1)
            let p = (time * speed).truncatingRemainder(dividingBy: pingPong ? 2 * span : span)
            view.scroll(to: p < span ? p : 2 * span - p)
            return true
        case .custom(let step):
            step(time)
            return true
        }
    }

    // MARK: - Headless

    /// Plays `script` and runs time in 60 Hz frames from 0 to `time`, as a window would (timers
    /// fire on time; each step's input goes through `handle` as the window's does; a wheel turns
    /// where the pointer last was), waiting for every photo on the way. `scroll` (points) is
    /// applied once the content has a size.
    public func runHeadless(to time: Double, scroll: Double = 0, script: InputScript? = nil) {
        loader.waitForAll()
        // The first layout happens at time 0, where a window's first frame would be, so that
        // animations starting there are where they would be at `time`.
        _ = buildFrame()
        settle()
        if scroll != 0 { self.scroll(to: scroll); _ = buildFrame(); settle() }
        var steps = (script?.steps ?? [])[...]
        var mouse = InputScript.MouseState()
        let dt = 1.0 / 60
        var t = 0.0
        while t < time - 1e-9 || !steps.isEmpty {
            t = steps.isEmpty ? min(t + dt, max(time, t)) : t + dt
            // Steps up to this frame, each at its own time (as the window stamps them).
            while let step = steps.first, step.time <= t + 1e-9 {
                steps.removeFirst()
                if let e = step.command.inputEvent(at: step.time, mouse: mouse, windowSize: tree.size) { handle(e) }
                mouse.apply(step.command)
            }
            advance(to: t)
            _ = buildFrame()
            settle()
            if steps.isEmpty && t >= time - 1e-9 { break }
        }
        advance(to: time)
        _ = buildFrame()
        settle()
    }

    /// The whole window drawn now, at `scale` device pixels per point.
    public func snapshot(scale: Double = 1, with given: (any Renderer)? = nil) -> PixelBuffer {
        let renderer = given ?? CairoRenderer(memory: loader.memory)
        tree.damageAll()
        let (list, _) = buildFrame()
        let w = Int((tree.size.width * scale).rounded()), h = Int((tree.size.height * scale).rounded())
        return renderer.render(list, width: w, height: h, scale: scale, background: scene.background)
    }
}
