import Accessibility
import Animation
import FoundationEssentials
import Geometry
import Imaging
import Platform
import Render
import Scenes
import Widgets

/// The window's loop: input in, time forward, a frame out, through a `SceneRunner`.
///
/// Idle means idle: when nothing moves, no photo is loading and no input arrives, the loop
/// blocks in the window's event wait and draws nothing. A frame redraws and presents only the
/// damaged region. Quits on window close, Ctrl-C or SIGTERM, q or Escape.
///
/// A script (`--script`) is played through the platform's event queue, so scripted input takes
/// the same path as a person's; `--trace` writes one CSV line per frame drawn.
final class WindowHost {
    private let options: WindowOptions
    private let assets: String
    private let loader: ImageLoader
    private let clock: AnimationClock
    /// Reduce Motion: from --reduce-motion or the desktop's setting, toggled live with m.
    let motion: MotionSettings
    /// Frames drawn (for the trace and tests).
    private(set) var framesDrawn = 0
    private var pendingScreenshots: [String] = []

    init(options: WindowOptions, assets: String) {
        self.options = options
        self.assets = assets
        loader = ImageLoader(memory: ImageMemory(byteLimit: options.scene.imageMemoryBytes))
        let slow = ProcessInfo.processInfo.environment["LUMEN_SLOW_ANIMATIONS"].flatMap(Double.init) ?? 1
        clock = AnimationClock(slowdown: slow)
        motion = MotionSettings(reduceMotion: options.scene.reduceMotion || DesktopSettings.animationsDisabled())
    }

    func run() throws -> Int32 {
        let script = try options.script.map { path throws(UsageError) in try InputScript.loadForCommandLine(path) }
        let scale = options.scene.scale ?? ProcessInfo.processInfo.environment["GDK_SCALE"].flatMap(Double.init) ?? 1
        let window = try PlatformWindow(title: "Lumen", size: options.scene.size, scale: scale,
                                        fullscreen: options.fullscreen, display: options.display, rotation: options.rotation,
                                        present: options.present)
        // A kiosk hides the cursor; a real mouse brings it back for 3 s, a finger never does.
        let kiosk = options.scene.kiosk
        var cursor = KioskCursor()
        if kiosk { window.isCursorVisible = false }
        let trace = try options.trace.map { path throws(UsageError) in try FrameTrace(path: path) }
        let wake = window.wake
        loader.setWake(wake)
        // Photos are scaled to their on-screen size off the main thread; until then a stand-in draws.
        let renderer: any Renderer = options.scene.renderer(memory: loader.memory, scalesInBackground: true, wake: wake)

        var sceneOptions = options.scene
        // A playlist starts on its first entry's scene (its settings and photos come with it).
        if let first = options.playlist?.playlist.entries.first { sceneOptions.scene = first.scene }
        sceneOptions.size = window.pointSize
        sceneOptions.scale = scale
        let runner: SceneRunner
        do {
            runner = try SceneRunner(sceneOptions, assets: assets, loader: loader, clock: clock, motion: motion,
                                     largestSize: window.displayPointSize, startTime: options.scene.time)
        } catch {
            throw error.usage
        }
        if kiosk {
            // Unattended: every line says when (the journal, or a file, keeps them).
            runner.log = { StandardError.writeStamped("lumen: " + $0) }
            loader.log = { StandardError.writeStamped("lumen: " + $0) }
        }
        runner.tree.background.wake = wake
        runner.tree.pixelsPerPoint = scale
        runner.wake = wake
        runner.snapshotRenderer = renderer
        // Screen readers: nothing runs for them until one listens (see AccessibilityBridge).
        let accessibility = AccessibilityBridge(applicationName: "Lumen", wake: wake)
        /// Main-thread milliseconds the last hand-over took (0 while no screen reader listens).
        var accessibilityMs = 0.0
        /// Hands the tree to the screen reader when it changed (a cheap compare when it did not).
        func publishAccessibleTree() {
            guard accessibility.isActive else { return }
            let t0 = Stopwatch.now()
            let (nodes, focused) = runner.tree.accessibleNodes()
            accessibility.publish(nodes, focused: focused, frameName: runner.title, frame: window.screenFrame,
                                  toScreen: { window.screenRect(ofScenePoints: $0) })
            accessibilityMs = (Stopwatch.now() - t0) * 1000
        }
        if let p = options.playlist { runner.play(p.playlist, from: p.path) }
        var title = runner.title
        window.setTitle(title)
        trace?.writeHeader()
        if options.scene.scroll != 0 { runner.scroll(to: options.scene.scroll) }

        let start = Stopwatch.now()
        window.resetTimebase()
        let deadline = options.exitAfter.map { start + $0 }
        // Frames go on the display's refresh grid (absolute deadlines; see FramePacer).
        var pacer = FramePacer(rate: window.refreshRate, origin: start)
        var lead = 0.006, recent: [Double] = []
        var steps = script?.steps[...] ?? []
        var running = true
        var lastEvictions = 0, lastTrim = 0.0

        /// Handles the window's events, waiting up to `timeout` seconds (nil: until one comes).
        func pump(_ timeout: Double?) {
            for event in window.nextEvents(timeout: timeout, clockTime: { [clock] in clock.time(atHost: $0) }) {
                switch event {
                case .quit: running = false
                case .resized: runner.tree.size = window.pointSize; runner.tree.damageAll()
                case .exposed: runner.tree.damageAll()
                case .pointerLeft: runner.tree.pointerLeft()
                case .wake: break
                case .input(let input):
                    cursor.note(input)
                    runner.handle(input)
                case .dropped(let paths): runner.showPhotos(paths)
                }
                if !running || runner.quitRequested { break }
            }
        }

        while running && !runner.quitRequested {
            loader.deliver()
            // What a screen reader asked for, done as a person's input would be.
            for r in accessibility.takeRequests() { runner.perform(r.action, on: r.id) }
            let now = Stopwatch.now()
            if let d = deadline, now >= d { break }
            // Due script steps go into the window's queue now and come back through it below.
            while let step = steps.first, start + step.time <= now {
                steps.removeFirst()
                if case .screenshot(let path) = step.command { pendingScreenshots.append(path) } else { window.play(step.command, at: step.time) }
            }
            runner.advance(to: now - start)
            let wantsFrame = runner.isMoving || runner.tree.needsFrame || renderer.hasArrivals || loader.hasReloaded
            if wantsFrame {
                pacer.resume(at: now)
                // The frame is drawn ahead of its deadline by about what drawing takes, then
                // presented at the deadline, so frames show on an even grid however long each
                // took to draw.
                let begin = pacer.deadline - lead
                if now < begin - 0.0002 {
                    // Until then: events as they come (coarse, whole milliseconds), then a
                    // precise sleep for the rest.
                    let coarse = (begin - now) - 0.0015
                    if coarse > 0.001 { pump(coarse) } else { Stopwatch.sleep(until: begin) }
                    continue
                }
                // Animation time is the time of the frame being presented: its deadline.
                runner.advance(to: pacer.deadline - start)
                let target = pacer.deadline
                // With vsync the present itself waits for the display; else the loop does.
                let vsync = window.presentWaitsForVsync
                let sample = runner.drawFrame(with: renderer, on: window.presenter, scale: scale, now: Stopwatch.now,
                                              beforePresent: { if !vsync { Stopwatch.sleep(until: target) } })
                let t1 = Stopwatch.now()
                if let sample {
                    framesDrawn += 1
                    // How far ahead to start: the longest of the last 30 draws, plus 1.5 ms,
                    // within 2 ms and three quarters of a period.
                    recent.append(sample.totalMs / 1000)
                    if recent.count > 30 { recent.removeFirst() }
                    lead = min(max((recent.max() ?? 0) + 0.0015, 0.002), pacer.period * 0.75)
                    trace?.write(runner.tree, scene: type(of: runner.scene).name, time: target - start, frameMs: sample.totalMs, imageBytes: loader.memory.byteCount,
                                 shown: sample.time - start, accessibilityMs: accessibilityMs)
                }
                pacer.frameFinished(at: t1)
            }
            // Pixels the budget gave back leave holes in the heap: return them every few seconds.
            if loader.memory.evictions != lastEvictions, now - lastTrim > 5 {
                MemoryTuning.trim()   // 0.3 ms at most, measured in a soak with a 64 MB budget
                lastEvictions = loader.memory.evictions
                lastTrim = now
            }
            if kiosk { window.isCursorVisible = cursor.isVisible(at: now - start) }
            // The window's title names the scene on screen.
            if runner.title != title { title = runner.title; window.setTitle(title) }
            // A change a screen reader should hear may not show (a photo revealed below the
            // window): the tree is compared on every pass, which is a frame while anything moves.
            publishAccessibleTree()
            // A screenshot shows the frame just drawn: what is on screen at that moment.
            for path in pendingScreenshots { try PNGFile.write(window.snapshot(), to: path) }
            pendingScreenshots.removeAll()
            if let text = runner.clipboardRequest {
                runner.clipboardRequest = nil
                window.setClipboard(text)
            }
            if runner.screenshotRequested {
                runner.screenshotRequested = false
                Screenshots.save(window.snapshot(), scene: runner.scene, log: runner.log)
            }
            // While something moves, the loop comes back for the next deadline; else it sleeps
            // until the clock's next timer, the next script step, an event or the exit deadline.
            if runner.isMoving || runner.tree.needsFrame { pump(0); continue }
            var timeout: Double? = clock.secondsToNextDeadline
            if let step = steps.first { timeout = min(timeout ?? .infinity, max(start + step.time - Stopwatch.now(), 0)) }
            if let d = deadline { timeout = min(timeout ?? .infinity, max(d - Stopwatch.now(), 0)) }
            if kiosk, let hide = cursor.nextChange(after: now - start) { timeout = min(timeout ?? .infinity, max(start + hide - Stopwatch.now(), 0)) }
            if let next = runner.secondsToPlaylistStep { timeout = min(timeout ?? .infinity, next * clock.slowdown + 0.001) }
            if let attract = runner.secondsToAttract { timeout = min(timeout ?? .infinity, attract * clock.slowdown + 0.001) }
            pump(timeout)
        }
        // The last frame shows the state at the moment of quitting, however late the loop ran.
        runner.advance(to: pacer.gridPoint(atOrAfter: Stopwatch.now()) - start)
        runner.drawFrame(with: renderer, on: window.presenter, scale: scale)
        if let path = options.screenshot { try PNGFile.write(window.snapshot(), to: path) }
        if options.semantics { print(runner.tree.semanticsDump()) }
        return 0
    }
}
