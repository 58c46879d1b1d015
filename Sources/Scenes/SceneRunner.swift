import Animation
import FoundationEssentials
import Geometry
import Imaging
import Input
import Render
import SystemSupport
import Widgets

/// A scene, its tree and what drives them: the one place where time, input and frames meet.
/// The window, `lumen render` and `lumen bench` all run scenes through it (and so do the
/// tests), so a script's key or wheel does the same thing in each. It also moves between
/// scenes (the home screen opens one, Escape goes back; see SceneRunner+Navigation).
public final class SceneRunner {
    /// The scene on screen (replaced when another opens).
    public internal(set) var scene: any Scene
    /// What the scene may use.
    public internal(set) var context: SceneContext
    /// The widget tree: the shell around the scene's root.
    public let tree: WidgetTree
    /// The navigation bar and help around the scene: the tree's root.
    package let shell: AppShell
    /// Loads the photos.
    package let loader: ImageLoader
    /// The scenes it can open: the app's catalog.
    public var catalog: SceneCatalog { environment.catalog }
    /// The clock the tree runs on.
    public var clock: AnimationClock { tree.clock }
    /// Scene time at clock time 0 (`--time` in the window and bench; render runs from 0).
    package let startTime: Double
    /// What `scene.update(time:)` is given at clock time 0: `startTime` for the first scene,
    /// minus the opening time for later ones (a scene's time starts when it opens).
    var sceneTimeOrigin: Double
    /// Escape or q asked to quit (the window quits; headless renders ignore it).
    package internal(set) var quitRequested = false
    /// A kiosk: keys and typed text are ignored but for the exit chord (Ctrl+Alt+Q), and no
    /// swipe from the edge goes home (`--kiosk`).
    package var isKiosk = false
    /// A kiosk plays its scene's attract loop after this many seconds without input (nil or 0:
    /// never; `--idle`).
    package var idleTimeout: Double?
    var lastInputTime = 0.0
    var attractStart: Double?
    var attractStep = -1
    /// Clock time the playing loop next needs to be told (nil: never, or every frame).
    var attractWake: Double?
    var swallowedPointers: Set<Int> = []
    var mouseMotion = MouseMotionFilter()
    /// The kiosk's playlist playing (see SceneRunner+Playlist).
    var playback: PlaylistPlayback?
    /// The wall clock a playlist's schedule reads (seconds since 1970 UTC; the real-time clock,
    /// a fake one in the tests).
    package var wallClock: () -> Double = SystemTimeZone.now
    /// Opens a playlist's videos (the app's sandboxed workers; nil: video entries are skipped).
    package var videos: (any VideoOpening)?
    /// The time zone a playlist's schedule is in (the system's, a fixed one in the tests).
    package var zone: any LocalZone = SystemZone()
    /// What draws the last frame of a playlist entry for its cross-fade: the window's renderer,
    /// whose caches hold the scene's photos at their on-screen size (nil: a renderer of its own).
    package var snapshotRenderer: (any Renderer)?
    /// `s` asked for a screenshot of the window (the window host takes it and clears this).
    package var screenshotRequested = false
    /// `r` or the bar's record button asked to start or stop recording the window (the window
    /// host does it and clears this; headless runs have nothing to record).
    package var recordingToggleRequested = false
    /// Text the inspector's Copy button put on the clipboard (the window host hands it to the
    /// system and clears this).
    package var clipboardRequest: String?
    /// The settings of each scene, by scene name: `--set` for the first, then the inspector's
    /// changes. A scene opened again gets its own back.
    package internal(set) var sceneSettings: [String: [String: String]]
    /// Where app messages go (Reduce Motion toggled); stderr by default.
    public var log: (String) -> Void = { StandardError.message("\($0)") }
    /// Files left out of the photo list already reported (a watched folder is listed again on
    /// every change; each is said once).
    var reportedSkips: Set<String> = []
    /// Reports a file left out of the photo list, once a run.
    func reportSkipped(_ line: String) { if reportedSkips.insert(line).inserted { log(line) } }

    /// What every scene opened here shares: the photos (`--images`), scale, sizes and the
    /// `--set` values of the scene they were given for.
    var environment: Environment
    struct Environment {
        let catalog: SceneCatalog
        let assets: String
        /// The app's own resources folder, found once (nil: none).
        let resources: String?
        let motion: MotionSettings
        var photos: [Photo]?
        var photoSource: [String]
        var scale: Double
        let largestSize: Size
        /// The photos are being listed in the background (the empty state says so).
        var listingPhotos = false
    }
    /// The photo listing in progress (the window lists in the background).
    var listing: PhotoListing?
    /// Paths dropped on the window, being listed in the background.
    var dropped: (PhotoListing, [String])?
    /// Device pixels per point from now on (the window moved to a display of another density):
    /// the tree draws at it, and scenes opened later decode their photos for it.
    package func setScale(_ scale: Double) {
        environment.scale = scale
        tree.pixelsPerPoint = scale
        tree.damageAll()
    }
    /// A scene asked to open (run after the input or timer that asked is done).
    var pendingOpen: String?
    /// A finger that went down at the left edge: a swipe from there goes home.
    var edgeSwipe: (id: Int, start: Point)?
    /// Watches the folders of the user's photos (see SceneRunner+Photos).
    var watcher: FolderWatcher?
    /// Called from another thread when a watched folder changed (the window wakes its loop).
    package var wake: (@Sendable () -> Void)? { didSet { watchPhotoFolders(); listing?.setWake(wake); dropped?.0.setWake(wake); armScheduleAlarm() } }

    /// Builds the scene called `name` with its `--set` values on `clock`, with a tree of
    /// `size` points. An unknown scene or a bad setting throws the one-line reason.
    /// `largestSize` is the most the tree may grow to (a window's display; `size` when nil).
    /// With `chrome`, the navigation bar shows over the scene. `photos` is `images` already
    /// listed, so it is not read again.
    public init(scene name: String, in catalog: SceneCatalog, size: Size, settings: [String: String] = [:], assets: String,
                loader: ImageLoader? = nil, clock: AnimationClock = AnimationClock(),
                motion: MotionSettings = MotionSettings(), images: [String] = [], scale: Double = 1,
                largestSize: Size? = nil, startTime: Double = 0, chrome: Bool = false,
                photos listed: [Photo]? = nil, waitsForPhotos: Bool = false, listsInBackground: Bool = false) throws(SettingError) {
        let loader = loader ?? ImageLoader()
        guard let type = catalog.scene(named: name) else { throw SettingError("unknown scene '\(name)'") }
        // `images` listed already (another runner's), or listed here.
        var photos = listed
        var listing: PhotoListing?
        if photos == nil, !images.isEmpty, listsInBackground {
            // The paths are checked here (a missing one is an error at once, or a kiosk's wait);
            // their files are listed in the background.
            if let missing = images.first(where: { !PhotoLibrary.exists($0) }) {
                guard waitsForPhotos else { throw SettingError("--images: \(missing): no such file or folder") }
                StandardError.message("--images: \(missing): no such file or folder; waiting for it")
            } else {
                listing = PhotoListing(images)
            }
            photos = []
        } else if photos == nil, !images.isEmpty {
            do { photos = try PhotoLibrary.photos(in: images, skipped: { StandardError.message("\($0)") }) } catch {
                // A kiosk waits for its folder (it is watched); anything else says what is wrong.
                guard waitsForPhotos else { throw SettingError("--images: \(error.message)") }
                photos = []
                StandardError.message("--images: \(error.message); waiting for it")
            }
        }
        let largest = largestSize.map { Size(width: max($0.width, size.width), height: max($0.height, size.height)) } ?? size
        environment = Environment(catalog: catalog, assets: assets, resources: catalog.resources?.folder(command: catalog.command),
                                  motion: motion, photos: photos, photoSource: images, scale: scale,
                                  largestSize: largest, listingPhotos: listing != nil)
        self.listing = listing
        sceneSettings = [name: settings]
        self.loader = loader
        self.startTime = startTime
        sceneTimeOrigin = startTime
        let made = try SceneRunner.make(type, settings: settings, loader: loader, clock: clock, environment: environment)
        scene = made.0
        context = made.1
        shell = AppShell(showsBar: chrome)
        tree = WidgetTree(root: shell, size: size, clock: clock)
        shell.onBack = { [weak self] in self?.pendingOpen = HomeScene.name }
        shell.onHelp = { [weak self] in self?.toggleHelp() }
        shell.onInspect = { [weak self] in self?.toggleInspector() }
        shell.onRecord = { [weak self] in self?.recordingToggleRequested = true }
        connectInspector()
        scene.update(time: startTime)
        present(type)
        watchPhotoFolders()
    }

    /// The scene `options` ask for (its name, size, settings and Reduce Motion, unless `motion`
    /// is given), on `clock`.
    /// Without a `loader`, one is made with the options' image memory budget.
    public convenience init(_ options: SceneOptions, in catalog: SceneCatalog, assets: String, loader: ImageLoader? = nil,
                            clock: AnimationClock = AnimationClock(), motion: MotionSettings? = nil,
                            largestSize: Size? = nil, startTime: Double = 0, listsInBackground: Bool = false) throws(SettingError) {
        let loader = loader ?? ImageLoader(memory: ImageMemory(byteLimit: options.imageMemoryBytes))
        try self.init(scene: options.scene, in: catalog, size: options.size, settings: options.settings, assets: assets, loader: loader,
                      clock: clock, motion: motion ?? MotionSettings(reduceMotion: options.reduceMotion),
                      images: options.images, scale: options.scale ?? 1, largestSize: largestSize, startTime: startTime,
                      chrome: options.chrome && !options.kiosk, waitsForPhotos: options.kiosk, listsInBackground: listsInBackground)
        isKiosk = options.kiosk
        idleTimeout = options.kiosk ? options.idleTimeout : nil
        lastInputTime = clock.now
    }

    /// Scrolls the main scroll view to `offset` points, once the content has a size.
    public func scroll(to offset: Double) {
        tree.layout()
        tree.mainScrollView?.scroll(to: offset)
    }

    /// Moves time to `time` seconds on the clock and sets the scene's time-dependent state.
    public func advance(to time: Double) {
        clock.advance(to: time)
        // A timer due with nothing animating fires now (a frame would fire it too).
        if !clock.isAnimating, let due = clock.nextDeadline, due <= clock.now { clock.tick() }
        scene.update(time: sceneTimeOrigin + clock.now)
        openPending()
        deliverListing()
        deliverDrop()
        refreshPhotosIfChanged()
        updatePlaylist()
        updateAttract()
    }

    /// Whether the next frame moves by itself (the host then draws at the display's rate).
    package var isMoving: Bool { scene.isAnimating || clock.isAnimating || scene.isWorking || attractMovesContinuously || isCrossFading }

    /// Delivers input: a key goes to the scene first, then to the app's keys (q and Escape
    /// quit, m toggles Reduce Motion), then to the tree (focus, buttons, scrolling).
    /// The clock first moves to the event's time if it is behind (a busy loop), so the event
    /// meets the scene as it was when the event happened, at any frame rate and load.
    public func handle(_ event: InputEvent) {
        if event.time > clock.now {
            advance(to: event.time)
            clock.tick()
        }
        if inputStopsAttract(event) { return }
        switch event {
        case .key(let k) where isKiosk: if k.isKioskExitChord { quitRequested = true }
        case .text where isKiosk: break
        case .key(let k): if !appKey(k) { tree.handle(event) }
        case .pointer(let p): if isKiosk || !swipedFromEdge(p) { tree.handle(event) }
        case .wheel, .text: tree.handle(event)
        }
        openPending()
    }

    /// Lays out what changed and builds the display list, with the damaged region (nil: nothing to draw).
    public func buildFrame() -> (list: DisplayList, damage: Rect?) {
        defer { playback?.framesBuiltSinceOpen += 1 }
        return tree.frame()
    }

    /// Draws a built frame's damaged region over the scene's background.
    package func draw(_ list: DisplayList, damage: Rect, with renderer: any Renderer, into target: RenderTarget, scale: Double) {
        renderer.render(list, into: target, scale: scale, damage: damage, background: scene.background)
    }

    /// Builds and draws a frame into a presenter and shows it; returns what it cost (nil: there
    /// was nothing to draw). `now` is the host's clock in seconds (the runner reads none).
    @discardableResult
    package func drawFrame(with renderer: any Renderer, on presenter: Presenter, scale: Double,
                          now: () -> Double = { 0 }, beforePresent: () -> Void = {}) -> FrameSample? {
        // A scaled copy or a photo decoded again after the budget took it back: draw again with it.
        if renderer.hasArrivals || loader.takeReloaded() { tree.damageAll() }
        let t0 = now()
        let (list, damage) = buildFrame()
        guard let d = damage else { return nil }
        let t1 = now()
        presenter.draw { draw(list, damage: d, with: renderer, into: $0, scale: scale) }
        let t2 = now()
        // (The window waits here for the frame's deadline, so frames show on an even grid.)
        beforePresent()
        let presented = now()
        presenter.present(damage: d, scale: scale)
        let t3 = now()
        entryFrameShown()
        let sample = FrameSample(time: t3, layoutMs: (t1 - t0) * 1000, renderMs: (t2 - t1) * 1000, presentMs: (t3 - presented) * 1000, damage: d)
        record(sample)
        return sample
    }

    /// Shows a frame in the performance overlay, unless the frame only redrew the overlay.
    func record(_ sample: FrameSample) {
        let overlay = shell.performance
        guard shell.isShowingPerformance, !overlay.windowFrame.insetBy(dx: -8, dy: -8).contains(sample.damage) else { return }
        overlay.add(sample, imageBytes: loader.memory.byteCount, budget: loader.memory.byteLimit, queue: loader.pendingCount)
    }

    /// Sets up frame `time` of `lumen bench` (see `BenchMotion`); returns whether anything moves.
    package func benchStep(time: Double) -> Bool {
        clock.advance(to: time)
        switch scene.motionForBench {
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
}
