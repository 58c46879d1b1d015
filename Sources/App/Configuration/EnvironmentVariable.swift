/// An environment variable Lumen reads, declared once: the app reads only these
/// (`AppEnvironment`), and `--help`, the man page and the user guide list the settings.
struct EnvironmentVariable: Hashable, Sendable {
    let name: String
    let help: String

    static let assets = EnvironmentVariable(name: "LUMEN_ASSETS", help: "the assets folder (photos, fonts) when Lumen runs from elsewhere")
    static let slowAnimations = EnvironmentVariable(name: "LUMEN_SLOW_ANIMATIONS", help: "N: every animation runs N times slower")
    static let gdkScale = EnvironmentVariable(name: "GDK_SCALE", help: "device pixels per point when --scale is not given")
    static let videoDriver = EnvironmentVariable(name: "SDL_VIDEODRIVER", help: "SDL's video driver (x11, wayland, kmsdrm; dummy for tests)")
    static let eglPlatform = EnvironmentVariable(name: "LUMEN_EGL_PLATFORM", help: "headless GL's EGL platform: device, surfaceless, default or auto (the three in turn)")
    static let eglLibrary = EnvironmentVariable(name: "LUMEN_EGL_LIBRARY", help: "another libEGL to load for headless GL (tests name a missing one)")
    static let glPhases = EnvironmentVariable(name: "LUMEN_GL_PHASES", help: "1: bench times the GPU renderer's phases, waiting for each")
    static let glProfile = EnvironmentVariable(name: "LUMEN_GL_PROFILE", help: "1: bench times each piece of the GPU renderer's work on the GPU, and its CPU by command")
    static let glPartial = EnvironmentVariable(name: "LUMEN_GL_PARTIAL", help: "0: a GL window redraws its whole frame even where EGL or GLX tells the buffer age")
    static let glOwnSwap = EnvironmentVariable(name: "LUMEN_GL_OWN_SWAP", help: "0: SDL swaps a GL window on Wayland even where EGL swaps with damage; 1: Lumen swaps it even where EGL cannot, whole frames")
    static let sdlWait = EnvironmentVariable(name: "LUMEN_SDL_WAIT", help: "1: on the console (KMS) wait for input with SDL's own wait, which polls every millisecond, not Lumen's")
    static let noATBridge = EnvironmentVariable(name: "NO_AT_BRIDGE", help: "1: no export to screen readers")
    static let accessibility = EnvironmentVariable(name: "LUMEN_ACCESSIBILITY", help: "1: export to screen readers without asking the accessibility bus")
    static let configHome = EnvironmentVariable(name: "XDG_CONFIG_HOME", help: "the folder of user-dirs.dirs (else ~/.config), whose Pictures folder s saves screenshots to and Videos folder r records to (else the working directory)")
    static let recordPreset = EnvironmentVariable(name: "LUMEN_RECORD_PRESET", help: "x264's preset for the window's recording (superfast)")
    static let gifPalette = EnvironmentVariable(name: "LUMEN_GIF_PALETTE", help: "global: every GIF frame in the first frame's palette (else each its own)")
    static let decodeTimeout = EnvironmentVariable(name: "LUMEN_DECODE_TIMEOUT", help: "seconds a photo's decoder worker may take before it is ended (5)")
    static let decodeWorkers = EnvironmentVariable(name: "LUMEN_DECODE_WORKERS", help: "N decoder worker processes (one a core, 2 to 8); 0: decode in the app")
    static let cacheHome = EnvironmentVariable(name: "XDG_CACHE_HOME", help: "where photo thumbnails are cached (thumbnails/; else ~/.cache)")
    static let runtimeDir = EnvironmentVariable(name: "XDG_RUNTIME_DIR", help: "the login session's runtime folder: a kiosk's status socket and resume point go in its lumen/ (the app's command)")
    static let notifySocket = EnvironmentVariable(name: "NOTIFY_SOCKET", help: "set by systemd for a Type=notify unit: READY, STATUS, WATCHDOG and STOPPING go there")
    static let watchdogUsec = EnvironmentVariable(name: "WATCHDOG_USEC", help: "set by systemd for WatchdogSec=: the frame loop tells it every half period")
    static let watchdogPid = EnvironmentVariable(name: "WATCHDOG_PID", help: "set by systemd: the process the watchdog is for (this one, or cage when cage runs Lumen)")
    static let journalStream = EnvironmentVariable(name: "JOURNAL_STREAM", help: "set by systemd when standard error is the journal: lines then go to journald with their fields")

    /// The settings, as `--help`, the man page and the user guide list them.
    static let all = [assets, slowAnimations, gdkScale, videoDriver, eglPlatform, eglLibrary, glPhases, glProfile, glPartial,
                      glOwnSwap, sdlWait, noATBridge, accessibility, configHome, recordPreset, gifPalette,
                      decodeTimeout, decodeWorkers, cacheHome, runtimeDir, notifySocket, watchdogUsec, watchdogPid, journalStream]

    static let glFailAt = EnvironmentVariable(name: "LUMEN_GL_FAIL_AT", help: "N: the GPU renderer's frame N makes a real GL error")
    static let glSwapFailAt = EnvironmentVariable(name: "LUMEN_GL_SWAP_FAIL_AT", help: "N: a GL window's swap N fails (its context let go first)")
    static let workerFault = EnvironmentVariable(name: "LUMEN_WORKER_FAULT", help: "a decoder worker misbehaves on photos tagged lumen-fault (see WorkerFault)")
    static let hangAfter = EnvironmentVariable(name: "LUMEN_HANG_AFTER", help: "the frame loop stops answering SECONDS after its first frame (the watchdog's test)")

    /// The fault hooks, for the tests (the testing guide lists them): honoured only where
    /// `FaultHooks.compiledIn`.
    static let glLoseAfter = EnvironmentVariable(name: "LUMEN_GL_LOSE_AFTER", help: "a GL window's first frame SECONDS or more after its first finds its context lost (once)")
    static let faults = [glFailAt, glSwapFailAt, workerFault, hangAfter, glLoseAfter]
}
