import Accessibility
import Animation
import DecodeWorkers
import FoundationEssentials
import Glibc
import Geometry
import Imaging
import Input
import Platform
import Render
import RenderGL
import Scenes
import SystemSupport
import Widgets

/// One open window's passes, each a few named steps:
///
/// 1. **events in**: decoded photos delivered, a screen reader's requests, due script steps;
/// 2. **time forward**: the scene advanced to now;
/// 3. **a frame out** when something wants one: drawn ahead of its deadline on the display's
///    grid by `DrawAheadLead`, animated at the deadline, presented at it;
/// 4. **side effects**: heap trim, cursor, title, the accessible tree, screenshots, clipboard;
/// 5. **sleep** until the next reason to wake (`WakeSchedule`), or an event.
///
/// `WindowHost` sets it up; this type only runs it.
package final class WindowLoop {
    package let window: any WindowBackend
    package let runner: SceneRunner
    private var renderer: any Renderer
    /// Cairo for the window, should the GPU renderer fail while running.
    private let cairoFallback: () -> RendererSelection
    /// A GPU renderer on a new context of the window, after the last context was lost (nil:
    /// none came up, and the window draws on the CPU).
    private let gpuRenewal: (() -> RendererSelection?)?
    /// Contexts made again after a loss so far (`renewalsAllowed` at most, then Cairo).
    private var renewals = 0
    /// Lost contexts made again in one run, at most: a GPU that keeps resetting is left for Cairo.
    static let renewalsAllowed = 3
    /// `LUMEN_GL_LOSE_AFTER`: the context is taken as lost this long after the first frame (once).
    private var loseContextAfter = AppEnvironment.process.faults.glLoseAfter
    private let loader: ImageLoader
    private let clock: AnimationClock
    private let accessibility: AccessibilityBridge
    private let trace: FrameTrace?
    private let kiosk: Bool
    /// Host seconds when the loop started; the scene's clock and the trace count from it.
    private let start: Double
    /// Host seconds when the first frame was shown (nil until then): script steps and
    /// `--exit-after` count from it, so a first frame a loaded machine draws late neither
    /// bunches the steps after it nor cuts the run short.
    private var firstShown: Double?
    /// `--exit-after`, in seconds.
    private let exitAfter: Double?
    /// When `--exit-after` is due, in host seconds: counted from the first frame shown, or from
    /// the start while none has been.
    private var exitDeadline: Double? { exitAfter.map { (firstShown ?? start) + $0 } }
    private var steps: ArraySlice<InputScript.Step>
    private var pacer: FramePacer
    private var lead = DrawAheadLead()
    private var cursor = KioskCursor()
    private var heapTrim = HeapTrimSchedule()
    private var title = ""
    private var running = true
    /// The loop ended because the last display went away (see `WindowEvent.displaysGone`).
    private(set) var displaysGone = false
    /// A display was plugged in or out since the flag was last cleared (`DisplayGroup` looks).
    var displaysChanged = false
    /// Whether the window maps the touchscreens onto its output (a kiosk alone on its machine:
    /// one window), and whether that is due (at the start, and when the output may have
    /// changed: resized, turned, plugged in).
    var mapsTouch = false
    private var touchMapDue = true
    private var pendingScreenshots: [String] = []
    /// `r` and the bar's record button: the window recorded to the Videos folder.
    private let recorder: WindowRecorder
    /// Main-thread milliseconds the last hand-over to a screen reader took (0 while none listens).
    private var accessibilityMs = 0.0
    /// The GPU renderer's shader variants compiled late that the trace has told of.
    private var compiledTold = 0
    /// Frames drawn (for the trace and tests).
    package private(set) var framesDrawn = 0
    /// Frames shown a refresh period or more past their deadline.
    private var framesLate = 0
    /// systemd, the status socket and the metrics file (nil: none, as in an app's tests).
    private let fleet: FleetServices?
    private let playlistPath: String?
    /// Which of the process's windows this is (0 the first `--display` given).
    package let display: Int
    /// `LUMEN_HANG_AFTER`: the loop stops answering this long after its first frame (a fault
    /// for the watchdog's tests).
    private let hangAfter = AppEnvironment.process.faults.hangAfter
    /// The screen schedule (nil: the display stays on, as in an app's tests).
    private let screen: ScreenPower?

    package init(window: any WindowBackend, runner: SceneRunner, renderer: any Renderer, cairoFallback: @escaping () -> RendererSelection,
         gpuRenewal: (() -> RendererSelection?)? = nil, loader: ImageLoader, clock: AnimationClock,
         accessibility: AccessibilityBridge, trace: FrameTrace?, script: InputScript?, exitAfter: Double?, kiosk: Bool,
         fleet: FleetServices? = nil, playlistPath: String? = nil, screen: ScreenPower? = nil, display: Int = 0) {
        self.window = window
        self.display = display
        self.screen = screen
        self.fleet = fleet
        self.playlistPath = playlistPath
        self.runner = runner
        self.renderer = renderer
        self.cairoFallback = cairoFallback
        self.gpuRenewal = gpuRenewal
        self.loader = loader
        self.clock = clock
        self.accessibility = accessibility
        self.trace = trace
        self.kiosk = kiosk
        steps = script?.steps[...] ?? []
        recorder = WindowRecorder(log: runner.log, wake: window.wake)
        title = runner.title
        window.setTitle(runner.title)
        trace?.writeHeader()
        let start = Stopwatch.now()
        self.start = start
        window.resetTimebase()
        self.exitAfter = exitAfter
        // Frames go on the display's refresh grid (absolute deadlines; see FramePacer).
        pacer = FramePacer(rate: window.refreshRate, origin: start)
    }

    /// Runs passes until the window closes, the scene asks to quit or `--exit-after` is due,
    /// then shows the last frame.
    package func run() throws {
        while true {
            switch try pass() {
            case .over: return try finish()
            case .events(let timeout): pump(timeout)
            case .sleep(let until): Stopwatch.sleep(until: until)
            }
        }
    }

    /// How a pass ends: what the loop waits for before the next one.
    package enum PassEnd: Equatable {
        /// Events, waiting up to this many seconds for the first (nil: until one comes; 0:
        /// only those already there).
        case events(timeout: Double?)
        /// A precise sleep until this host time, taking no events (the last moments before a
        /// frame is due to start).
        case sleep(until: Double)
        /// The loop is over (the window closed, the scene quit, `--exit-after`): `finish` next.
        case over
    }

    /// One pass: events in, time forward, a frame out when one is due, the side effects; says
    /// what to wait for next. A process with a window on each of several displays runs their
    /// passes in turn and waits once for all (`DisplayGroup`).
    package func pass() throws -> PassEnd {
        guard running && !runner.quitRequested else { return .over }
        takeInput()
        let now = Stopwatch.now()
        if let d = exitDeadline, now >= d { return .over }
        if let off = screenIsOff(now) { return off }
        feedScript(until: now)
        runner.advance(to: now - start)
        if wantsFrame, let wait = drawFrameWhenDue(now) { return wait }
        try sideEffects(now)
        hangIfAsked(now)
        return nextWait(now)
    }

    // MARK: Events in

    /// Photos decoded since the last pass, and what a screen reader asked for, done as a
    /// person's input would be.
    private func takeInput() {
        loader.deliver()
        for r in accessibility.takeRequests() { runner.perform(r.action, on: r.id) }
    }

    /// Due script steps go into the window's queue now and come back through it as events.
    private func feedScript(until now: Double) {
        guard let origin = firstShown else { return }
        while let step = steps.first, origin + step.time <= now {
            steps.removeFirst()
            if case .screenshot(let path) = step.command {
                pendingScreenshots.append(path)
            } else {
                window.play(step.command, at: origin - start + step.time)
            }
        }
    }

    /// Handles the window's events, waiting up to `timeout` seconds (nil: until one comes).
    package func pump(_ timeout: Double?) {
        for event in window.nextEvents(timeout: timeout, clockTime: { [clock] in clock.time(atHost: $0) }) {
            switch event {
            case .quit: running = false
            case .displaysGone:
                displaysGone = true
                running = false
            case .displaysChanged:
                displaysChanged = true
                touchMapDue = true
            case .resized:
                touchMapDue = true
                if window.scale != runner.tree.pixelsPerPoint { runner.setScale(window.scale) }
                runner.tree.size = window.pointSize
                runner.tree.damageAll()
            case .exposed: runner.tree.damageAll()
            case .pointerLeft: runner.tree.pointerLeft()
            case .wake: break
            case .input(let input):
                if screen?.take(input, at: Stopwatch.now()) == true { continue }
                cursor.note(input)
                runner.handle(input)
            case .dropped(let paths): runner.showPhotos(paths, inBackground: true)
            }
            if !running || runner.quitRequested { break }
        }
    }

    // MARK: A frame out

    private var isMoving: Bool { runner.isMoving || runner.tree.needsFrame }
    private var wantsFrame: Bool { isMoving || renderer.hasArrivals || loader.hasReloaded }

    /// Draws the next frame if its time to start has come (its deadline less the lead) and
    /// returns nil; else says how to wait toward that time (the pass starts again after).
    private func drawFrameWhenDue(_ now: Double) -> PassEnd? {
        pacer.resume(at: now)
        let begin = pacer.deadline - lead.seconds
        guard now >= begin - 0.0002 else {
            // Time to spare: a slice of the GPU renderer's start-up variants (then the pass
            // starts again, taking events).
            if begin - now > Self.compileSlice + 0.002, compileVariantsLeft() { return .events(timeout: 0) }
            // Until then: events as they come (coarse, whole milliseconds), then a precise
            // sleep for the rest.
            let coarse = (begin - now) - 0.0015
            return coarse > 0.001 ? .events(timeout: coarse) : .sleep(until: begin)
        }
        drawFrame()
        return nil
    }

    /// Draws the frame for the pacer's deadline, animated at that deadline, and presents it at
    /// the deadline (with vsync the present itself waits for the display; else the loop does).
    private func drawFrame() {
        let target = pacer.deadline
        runner.advance(to: target - start)
        let vsync = window.presentWaitsForVsync
        let sample = runner.drawFrame(with: renderer, on: window.presenter, scale: window.scale, now: Stopwatch.now,
                                      beforePresent: { if !vsync { Stopwatch.sleep(until: target) } })
        let finished = Stopwatch.now()
        if let sample {
            framesDrawn += 1
            if firstShown == nil { firstShown = sample.time }
            if sample.time - target >= pacer.period { framesLate += 1 }
            lead.record(draw: sample.totalMs / 1000, period: pacer.period)
            let recorded = recorder.capture({ window.snapshot(reusing: $0) }, shown: sample.time)
            trace?.write(runner.tree, scene: type(of: runner.scene).name, time: target - start, frameMs: sample.totalMs,
                         imageBytes: loader.memory.byteCount, shown: sample.time - start, accessibilityMs: accessibilityMs,
                         recorded: recorded, compiled: newlyCompiled(), variants: (renderer as? GLRenderer)?.variantsCompiled)
        }
        pacer.frameFinished(at: finished)
        if let why = renderer.failure ?? window.presentFailure ?? contextLostOnPurpose(at: finished) {
            if Self.isContextLoss(why), renewals < Self.renewalsAllowed, let renewed = renewContext() {
                renewals += 1
                takeRenewed(renewed, why)
            } else {
                fallBackToCairo(why)
            }
        } else {
            _ = compileVariantsLeft()   // a frame is shown: a slice of the GPU renderer's other start-up variants
        }
    }

    /// How long a slice of the GPU renderer's start-up variants may take (at least one is
    /// compiled): compiled at once after the first frame, the rest of the list held the
    /// window's events and frames 0.8–0.9 s with llvmpipe and a cold shader cache, against a
    /// longest gap of 0.2–0.4 s in slices (performance.md, "The rest of the list in slices").
    static let compileSlice = 0.004

    /// How often a still window looks whether the driver has finished the start-up variants it
    /// compiles on threads of its own (`GLRenderer.isWaitingOnDriverForVariants`).
    static let driverCheck = 0.004

    /// Compiles a slice of the GPU renderer's start-up variants once its first frame is shown
    /// (or hands them to the driver, or takes in those it has done); false when there was
    /// nothing to do now (or Cairo draws).
    private func compileVariantsLeft() -> Bool {
        guard framesDrawn > 0, let gl = renderer as? GLRenderer, gl.hasListedVariantsLeft else { return false }
        let worked = gl.compileListedVariants(within: Self.compileSlice)
        if let why = gl.failure { fallBackToCairo(why) }   // a driver that could not compile one
        return worked
    }

    /// The GPU renderer's shader variants compiled since the last frame (none with Cairo).
    private func newlyCompiled() -> [String] {
        guard let gl = renderer as? GLRenderer, gl.variantsCompiledLate > compiledTold else { return [] }
        defer { compiledTold = gl.variantsCompiledLate }
        return gl.namesOfVariantsCompiledLate(from: compiledTold)
    }

    /// Whether a failure is the GL context's loss (a GPU reset, a lost context's error), which a
    /// new context may outlive, rather than the renderer's own.
    static func isContextLoss(_ why: String) -> Bool { why.contains("context is lost") || why.contains("(context lost)") }

    /// `LUMEN_GL_LOSE_AFTER`: a GL renderer's context taken as lost, once, by the first frame
    /// drawn the set time or more after the first (as a GPU reset is told at the next draw).
    private func contextLostOnPurpose(at now: Double) -> String? {
        guard let after = loseContextAfter, renderer is GLRenderer, let first = firstShown, now - first >= after else { return nil }
        loseContextAfter = nil
        return "the GPU was reset (LUMEN_GL_LOSE_AFTER) in frame \(framesDrawn): its GL context is lost"
    }

    /// Lets the GPU renderer go in its lost context (a Cairo stand-in meanwhile), then asks for
    /// a new context and a renderer on it: nil when none came up.
    private func renewContext() -> RendererSelection? {
        guard let gpuRenewal else { return nil }
        (window as? PlatformWindow)?.makeContextCurrent()
        let standIn = cairoFallback()
        renderer = standIn.renderer
        runner.snapshotRenderer = standIn.renderer
        return gpuRenewal()
    }

    /// A new context's renderer draws from the next frame on, the whole window, the scene where it was.
    private func takeRenewed(_ renewed: RendererSelection, _ why: String) {
        renderer = renewed.renderer
        runner.snapshotRenderer = renewed.renderer
        trace?.renderer = renewed.name
        LogFields.warning { runner.log("\(why); drawing on a new GL context (\(renewals) of \(Self.renewalsAllowed) in this run)") }
        runner.tree.damageAll()
    }

    /// The GPU renderer failed: Cairo draws from the next frame on, in the same window, the
    /// scene where it was; said once.
    private func fallBackToCairo(_ why: String) {
        do {
            try window.fallBackToCPU()
        } catch {
            LogFields.error { runner.log("the GPU renderer stopped (\(why)) and no window surface took over: \(error)") }
            running = false
            return
        }
        let cairo = cairoFallback()
        renderer = cairo.renderer
        runner.snapshotRenderer = cairo.renderer
        trace?.renderer = cairo.name
        LogFields.warning { runner.log("the GPU renderer stopped: \(why); drawing with Cairo (\(cairo.name)) from now on") }
        runner.tree.damageAll()
    }

    // MARK: Displays unplugged and plugged in

    /// Its display went away (`DisplayGroup`): the GPU renderer, if one draws, is let go in its
    /// own context, then `close` closes the window. The content waits, neither moving nor
    /// drawing, until `reopened`.
    func closeForDisplay(_ close: () -> Void) {
        (window as? PlatformWindow)?.makeContextCurrent()
        let standIn = cairoFallback()
        renderer = standIn.renderer
        runner.snapshotRenderer = standIn.renderer
        close()
        runner.log("display \(display)\(window.homeDisplay.map { " (\($0))" } ?? ""): unplugged; its content waits for it")
        tellFleet()
    }

    /// The window was opened again on a display that came: drawn with `renderer` (a new GL
    /// context's, or Cairo), laid out at its size, paced by its refresh, whole.
    func reopened(drawingWith chosen: RendererSelection) {
        renderer = chosen.renderer
        runner.snapshotRenderer = chosen.renderer
        trace?.renderer = chosen.name
        if window.scale != runner.tree.pixelsPerPoint { runner.setScale(window.scale) }
        runner.tree.size = window.pointSize
        runner.tree.damageAll()
        title = ""
        let now = Stopwatch.now()
        pacer = FramePacer(rate: window.refreshRate, origin: now)
        runner.log("display \(display) is back\(window.homeDisplay.map { " (\($0))" } ?? ""): showing \(type(of: runner.scene).title) again")
    }

    // MARK: Side effects

    /// What follows a pass: the heap given back, the cursor, the title, the screen reader's
    /// tree, screenshots and the clipboard.
    private func sideEffects(_ now: Double) throws {
        if mapsTouch && touchMapDue {
            touchMapDue = false
            if let said = window.mapTouchscreens() { runner.log(said) }
        }
        // Pixels the budget gave back leave holes in the heap: return them every few seconds.
        if heapTrim.isDue(givenBack: loader.memory.bytesGivenBack, frames: framesDrawn, at: now) {
            MemoryTuning.trim()   // 0.3 ms at most, measured in a soak with a 64 MB budget
        }
        if kiosk { window.isCursorVisible = cursor.isVisible(at: now - start) }
        if runner.recordingToggleRequested {
            runner.recordingToggleRequested = false
            recorder.toggle(scene: type(of: runner.scene).name, now: Stopwatch.now())
        }
        if recorder.poll(bar: runner.shell.bar, now: Stopwatch.now()) { runner.tree.damageAll() }
        // The window's title names the scene on screen (and says when the window records).
        let shownTitle = recorder.isRecording ? "● Recording – " + runner.title : runner.title
        if shownTitle != title { title = shownTitle; window.setTitle(title) }
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
        tellFleet()
    }

    /// Hands the fleet's services what this pass shows, and lets them do what is due.
    func tellFleet() {
        // A screenshot asked for by a fleet tool is the first display's (one window or several).
        fleet?.passed(published, now: Stopwatch.now(), playlistPath: playlistPath,
                      snapshot: display == 0 && !window.isDetached ? { [window] in window.snapshot() } : nil)
    }

    /// What this pass shows, for the fleet's status, metrics and the service manager.
    private var published: FleetServices.Published {
        var p = FleetServices.Published()
        p.scene = type(of: runner.scene).name
        if let playlist = runner.playlist, let i = runner.playlistIndex {
            p.entry = i + 1
            p.entries = playlist.entries.count
            p.showing = "playlist entry \(i + 1) of \(playlist.entries.count): \(playlist.entries[i].title)"
        } else {
            p.showing = type(of: runner.scene).title
        }
        p.framesPresented = framesDrawn
        p.framesLate = framesLate
        p.imageBytes = loader.memory.byteCount
        p.workersLost = (loader.decoder as? DecoderPool)?.workersLost ?? 0
        p.screenOff = screen?.isOff ?? false
        p.display = display
        p.displayName = window.homeDisplay
        p.waiting = window.isDetached
        return p
    }

    /// The fault `LUMEN_HANG_AFTER` asks for: the loop stops for good, as a deadlock would stop it.
    private func hangIfAsked(_ now: Double) {
        guard let after = hangAfter, let first = firstShown, now - first >= after else { return }
        runner.log("LUMEN_HANG_AFTER: the frame loop stops answering now")
        while true { pause() }
    }

    /// Hands the tree to the screen reader when it changed (a cheap compare when it did not).
    private func publishAccessibleTree() {
        guard accessibility.isActive else { return }
        let t0 = Stopwatch.now()
        let (nodes, focused) = runner.tree.accessibleNodes()
        accessibility.publish(nodes, focused: focused, frameName: runner.title, frame: window.screenFrame,
                              toScreen: { [window] in window.screenRect(ofScenePoints: $0) })
        accessibilityMs = (Stopwatch.now() - t0) * 1000
    }

    // MARK: The screen schedule

    /// Switches the display when the screen schedule says; while it is off, nothing moves or
    /// draws: the pass only keeps the fleet's duties, then sleeps until an event (the schedule's
    /// alarm, an input, a fleet tool) or a duty, as the returned wait says (nil: the screen is on).
    private func screenIsOff(_ now: Double) -> PassEnd? {
        guard let screen else { return nil }
        let wasOff = screen.isOff
        // An edit's screen-off, taken before the scene's time moves, so this pass follows it.
        runner.takePlaylistEdit()
        screen.follow(playlist: runner.playlistScreenOff)
        guard screen.update(at: now) else {
            if wasOff {
                // Back on: the frame shown before it went off is stale; time moved on meanwhile.
                pacer.resume(at: now)
                runner.tree.damageAll()
            }
            return nil
        }
        if !wasOff && screen.staysLit { showBlack() }
        tellFleet()
        let t = Stopwatch.now()
        return .events(timeout: [fleet?.secondsToNextDuty(at: t), exitDeadline.map { $0 - t }].compactMap { $0 }.min().map { max($0, 0) })
    }

    /// A display that cannot be switched off shows black while the screen is off.
    private func showBlack() {
        let all = Rect(size: runner.tree.size)
        window.presenter.draw { renderer.render(DisplayList(), into: $0, scale: window.scale, damage: all, background: .black) }
        window.presenter.present(damage: all, scale: window.scale)
    }

    // MARK: Sleep

    /// While something moves, the loop comes back for the next deadline at once; else it
    /// sleeps until the next reason to wake (`WakeSchedule`) or an event.
    private func nextWait(_ now: Double) -> PassEnd {
        // A renderer settling a size (a frame or two until a photo's copy is asked for) has no
        // background work to wake the loop: it goes on as if moving.
        if isMoving || renderer.hasArrivals || compileVariantsLeft() { return .events(timeout: 0) }
        return .events(timeout: wakeSchedule(passStartedAt: now).timeout)
    }

    /// The reasons a still window has to wake, from now.
    private func wakeSchedule(passStartedAt now: Double) -> WakeSchedule {
        let t = Stopwatch.now()
        return WakeSchedule(clockTimer: clock.secondsToNextDeadline,
                            scriptStep: firstShown.flatMap { origin in steps.first.map { origin + $0.time - t } },
                            exitDeadline: exitDeadline.map { $0 - t },
                            cursorChange: kiosk ? cursor.nextChange(after: now - start).map { start + $0 - t } : nil,
                            playlistStep: runner.secondsToPlaylistStep,
                            attractStep: runner.secondsToAttract,
                            indicatorTick: recorder.secondsToNextTick(now: t),
                            driverCheck: (renderer as? GLRenderer)?.isWaitingOnDriverForVariants == true ? Self.driverCheck : nil,
                            fleetDuty: fleet?.secondsToNextDuty(at: t),
                            screenChange: screen?.secondsToChange(at: t),
                            slowdown: clock.slowdown)
    }

    /// The last frame shows the state at the moment of quitting, however late the loop ran.
    func finish() throws {
        // With no display there is nothing to show a last frame on.
        guard !displaysGone else { return recorder.stop(at: Stopwatch.now(), wait: true) }
        runner.advance(to: pacer.gridPoint(atOrAfter: Stopwatch.now()) - start)
        runner.drawFrame(with: renderer, on: window.presenter, scale: window.scale)
        // A recording still going is finished, its file complete, before the window closes.
        recorder.stop(at: Stopwatch.now(), wait: true)
    }
}
