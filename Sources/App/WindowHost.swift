import Accessibility
import Animation
import DecodeWorkers
import FoundationEssentials
import Geometry
import Imaging
import Input
import Platform
import Render
import RenderGL
import Scenes
import Video
import SystemSupport
import Widgets

/// The window: sets up what a `WindowLoop` runs (the platform window, the renderer, the scene
/// runner, kiosk logging, the screen reader's bridge), runs it, and writes what was asked for
/// at the end (`--screenshot`, `--semantics`).
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
    /// The app's scenes.
    let catalog: SceneCatalog

    /// systemd, the status socket, the metrics file (`FleetServices`).
    private let fleet: FleetServices

    /// Which of the process's windows this is (0 the first `--display` given).
    private let display: Int

    /// `loader`: the process's photos (one for all its windows: one decode of a photo and size,
    /// one memory budget, one set of decoder workers).
    init(options: WindowOptions, catalog: SceneCatalog, assets: String, loader: ImageLoader, fleet: FleetServices, display: Int = 0) {
        self.options = options
        self.fleet = fleet
        self.catalog = catalog
        self.assets = assets
        self.display = display
        self.loader = loader
        // The decoder workers start while the window opens, when its scene shows photos.
        if !options.scene.images.isEmpty || catalog.scene(named: options.scene.scene)?.showsPhotos == true {
            (loader.decoder as? DecoderPool)?.prestart()
        }
        clock = AnimationClock(slowdown: AppEnvironment.process.slowAnimations)
        motion = MotionSettings(reduceMotion: options.scene.reduceMotion || DesktopSettings.animationsDisabled())
    }

    /// Whether the window closed because the last display went away: Lumen then starts again
    /// (`SelfRestart`) and waits for a display, as a fresh process, since SDL 2.26 cannot carry
    /// a window through having no display at all.
    private(set) var startsAgain = false
    /// What the new start adds to the command line to come back where this one was: the scene
    /// on screen and its scroll offset (a playlist starts again from its first entry).
    private(set) var resumeArguments: [String] = []

    func run() throws -> Int32 {
        let window: any WindowBackend
        let status: Result<Int32, any Error>
        do {
            let loop = try openLoop()
            window = loop.window
            status = Result { try run(loop) }
        }
        // The loop, and with it the renderer, went first: the GPU renderer's textures and
        // programs are deleted while the window's GL context is there. Then the window. (On KMS,
        // SDL unloads EGL with its window; GL calls after that crashed.)
        withExtendedLifetime(window) {}
        return try status.get()
    }

    private func run(_ loop: WindowLoop) throws -> Int32 {
        try loop.run()
        let status = try ended(loop)
        fleet.quitting(clean: status == 0 && !startsAgain)
        return status
    }

    /// After the loop ran: what was asked for at the end written, or the reason it ended said.
    func ended(_ loop: WindowLoop) throws -> Int32 {
        let lost = loop.window.displayLost
        if loop.displaysGone, lost == nil {
            loop.runner.log("the last display went away; starting again when one is back")
            startsAgain = true
            if options.playlist == nil && options.otherDisplays.isEmpty {
                resumeArguments = ["--scene", type(of: loop.runner.scene).name]
                if let offset = loop.runner.tree.mainScrollView?.offset, offset != 0 { resumeArguments += ["--scroll", "\(offset)"] }
            }
            return 0
        }
        if let path = options.screenshot { try PNGFile.write(loop.window.snapshot(), to: path) }
        if options.semantics { print(loop.runner.tree.semanticsDump()) }
        // A display that went away is a failure (a kiosk's service restarts Lumen), not a quit.
        if let why = lost {
            LogFields.error { loop.runner.log("\(why); quitting") }
            return 1
        }
        return 0
    }

    /// The window, its renderer and the scene runner, wired together.
    func openLoop() throws -> WindowLoop {
        let script = try options.script.map { path throws(UsageError) in try InputScript.loadForCommandLine(path) }
        let asked = options.scene.scale ?? AppEnvironment.process.gdkScale
        let (window, chosen) = try openWindow(scale: asked)
        let scale = window.scale
        // A kiosk hides the cursor; a real mouse brings it back for 3 s, a finger never does.
        if options.scene.kiosk { window.isCursorVisible = false }
        let trace = try options.trace.map { path throws(UsageError) in try FrameTrace(path: path, renderer: chosen.name) }
        loader.setWake(window.wake)
        let renderer = chosen.renderer
        let runner = try makeRunner(window: window, scale: scale)
        runner.snapshotRenderer = renderer
        // A kiosk's log says once how it draws: the first thing an operator looks for.
        if options.scene.kiosk { runner.log("drawing with \(chosen.name); shown through \(window.presentSummary)") }
        // Screen readers: nothing runs for them until one listens (see AccessibilityBridge).
        let accessibility = AccessibilityBridge(applicationName: catalog.title, mode: AppEnvironment.process.accessibility,
                                                sessionBus: AppEnvironment.process.sessionBus, wake: window.wake)
        // A playlist's videos are decoded by sandboxed workers started from this binary.
        runner.videos = WorkerVideos(executable: "/proc/self/exe", output: options.playlist.flatMap { soundOutput(for: $0.playlist, log: runner.log) })
        if let p = options.playlist { runner.play(p.playlist, from: p.path, resuming: fleet.resumeIndex(playlist: p.path, display: display)) }
        fleet.attach(wake: window.wake)
        if options.scene.scroll != 0 { runner.scroll(to: options.scene.scroll) }
        let wake = window.wake
        let cairo = { [options, loader] in RendererSelection.cairo(options.scene, memory: loader.memory, scalesInBackground: true, wake: wake) }
        // After a lost context: a new one, and a GPU renderer on it (nil: Cairo draws).
        let renewal = { [weak self, weak window] () -> RendererSelection? in
            guard let self, let window else { return nil }
            do { try window.renewGPUContext() } catch {
                StandardError.message("no new GL context after the loss (\(error)); drawing with Cairo")
                return nil
            }
            let chosen = self.renderer(forReopened: window)
            return chosen.gl == nil ? nil : chosen
        }
        let loop = WindowLoop(window: window, runner: runner, renderer: renderer, cairoFallback: cairo,
                              gpuRenewal: chosen.gl == nil ? nil : renewal, loader: loader, clock: clock,
                          accessibility: accessibility, trace: trace, script: script, exitAfter: options.exitAfter,
                          kiosk: options.scene.kiosk, fleet: fleet, playlistPath: options.playlist?.path,
                          screen: ScreenPower(schedule: options.fleet.screenOff, wakeFor: options.fleet.wakeFor, window: window, log: runner.log),
                          display: display)
        // A kiosk alone on its machine maps the touchscreens onto its output (on X11).
        loop.mapsTouch = options.scene.kiosk && options.otherDisplays.isEmpty && display == 0
        return loop
    }

    /// What draws in `window`, opened again on a display that came: a GPU renderer on its new
    /// GL context, as before it closed, else Cairo (the window then shows Cairo's frames).
    func renderer(forReopened window: PlatformWindow) -> RendererSelection {
        if let getProc = window.glProcAddress {
            switch RendererSelection.window(options.scene, memory: loader.memory, wake: window.wake, getProc: getProc) {
            case .success(let chosen):
                window.drawsOnTheGPU(summary: chosen.name) { [weak gl = chosen.gl] in gl?.frameSnapshot() }
                return chosen
            case .failure(let e):
                StandardError.message("the GPU renderer could not start again (\(e.description)); drawing with Cairo")
                try? window.fallBackToCPU()
            }
        }
        return RendererSelection.cairo(options.scene, memory: loader.memory, scalesInBackground: true, wake: window.wake)
    }

    /// The window and what draws in it: the GPU renderer on an OpenGL ES context of the window
    /// when `--renderer` asks for it (or `auto` finds a hardware GPU), else Cairo into the
    /// window's surface or texture. A GL failure says why in one line and opens Cairo's window.
    /// Photos are scaled to their on-screen size off the main thread; until then a stand-in draws.
    /// `scale`: asked for (`--scale`, `GDK_SCALE`), else the window system's density.
    private func openWindow(scale: Double?) throws -> (PlatformWindow, RendererSelection) {
        func open(_ present: PresentPath) throws(SDLError) -> PlatformWindow {
            try PlatformWindow(title: catalog.title, size: options.scene.size, scale: scale ?? 1,
                               settings: AppEnvironment.process.platform(for: catalog),
                               followsDisplay: scale == nil, fullscreen: options.fullscreen,
                               display: options.display, rotation: options.rotation, present: present)
        }
        let choice = options.scene.rendererChoice, triesGPU = RendererSelection.triesGPU(choice)
        // Held until the Cairo window is open, should the GPU window be given up: an X server
        // whose only client is Lumen would otherwise reset between the two (DisplayServerHold).
        let hold = triesGPU ? DisplayServerHold(environment: AppEnvironment.process.platform.windowSystem) : nil
        defer { withExtendedLifetime(hold) {} }
        if triesGPU {
            // `auto` on a software rasteriser is not a failure: Cairo is the faster one there. Nor
            // is SDL's video not starting: the window for Cairo says so, once, if it fails too.
            var why = "", quiet = false
            do {
                let window = try open(.gl)
                switch RendererSelection.window(options.scene, memory: loader.memory, wake: window.wake, getProc: window.glProcAddress!) {
                case .success(let chosen):
                    window.drawsOnTheGPU(summary: chosen.name) { [weak gl = chosen.gl] in gl?.frameSnapshot() }
                    return (window, chosen)
                case .failure(let e): (why, quiet) = (e.description, e.isSoftwareRasteriser)
                }
            } catch {
                (why, quiet) = (error.description, error.isNoVideo)
            }
            if choice == .gl || !quiet {
                StandardError.message("--renderer \(choice.rawValue): \(why); drawing with Cairo")
            }
        }
        let window = try open(options.present)
        return (window, RendererSelection.cairo(options.scene, memory: loader.memory, scalesInBackground: true, wake: window.wake))
    }

    /// The scene runner for the window's size and scale; a kiosk's log lines carry the time.
    /// The audio device for a playlist with a video's sound on (a kiosk is muted unless it
    /// says), opened once; the log says which driver plays it, or why none can.
    private func soundOutput(for playlist: Playlist, log: (String) -> Void) -> SDLSoundOutput? {
        guard playlist.entries.contains(where: { $0.isVideo && $0.sound }) else { return nil }
        switch SDLSoundOutput.open() {
        case .success(let output):
            log("sound: through SDL's \(output.driver) driver")
            return output
        case .failure(let why):
            log("sound: none (\(why)); videos play muted")
            return nil
        }
    }

    private func makeRunner(window: PlatformWindow, scale: Double) throws -> SceneRunner {
        var sceneOptions = options.scene
        // A playlist starts on its first entry's scene (its settings and photos come with it).
        if let first = options.playlist?.playlist.entries.first(where: { !$0.isVideo }) { sceneOptions.scene = first.scene }
        sceneOptions.size = window.pointSize
        sceneOptions.scale = scale
        let runner: SceneRunner
        do {
            runner = try SceneRunner(sceneOptions, in: catalog, assets: assets, loader: loader, clock: clock, motion: motion,
                                     largestSize: window.displayPointSize, startTime: options.scene.time,
                                     listsInBackground: true)
        } catch {
            throw error.usage
        }
        if options.scene.kiosk {
            // Unattended: every line says when (the journal, or a file, keeps them).
            runner.log = { StandardError.stampedMessage($0) }
            loader.log = { StandardError.stampedMessage($0) }
        }
        runner.tree.background.wake = window.wake
        runner.tree.pixelsPerPoint = scale
        runner.wake = window.wake
        return runner
    }
}
