import Accessibility
import DecodeWorkers
import Fleet
import FoundationEssentials
import Platform
import Recording
import Scenes

/// The app's settings from its environment, read once at start (`process`) and passed down:
/// the library modules read no environment variable. Only declared variables are read
/// (`EnvironmentVariable`); the fault hooks only where `FaultHooks.compiledIn`.
struct AppEnvironment: Sendable {
    /// The process's variables.
    private let values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    /// This process's, read once.
    static let process = AppEnvironment(ProcessInfo.processInfo.environment)

    /// The value of a declared variable; nil when unset or empty.
    func value(_ variable: EnvironmentVariable) -> String? {
        values[variable.name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func number(_ variable: EnvironmentVariable) -> Double? { value(variable).flatMap(Double.init) }

    /// `LUMEN_ASSETS`.
    var assets: String? { value(.assets) }
    /// `LUMEN_SLOW_ANIMATIONS`: how many times slower animations run (1 unless set).
    var slowAnimations: Double { number(.slowAnimations).flatMap { $0 > 0 ? $0 : nil } ?? 1 }
    /// `GDK_SCALE`: device pixels per point when `--scale` is not given.
    var gdkScale: Double? { number(.gdkScale).flatMap { $0 > 0 ? $0 : nil } }
    /// `LUMEN_EGL_PLATFORM` (auto unless set) and `LUMEN_EGL_LIBRARY`.
    var eglPlatform: String { value(.eglPlatform) ?? "auto" }
    var eglLibrary: String? { value(.eglLibrary) }
    /// `LUMEN_GL_PHASES=1`, `LUMEN_GL_PROFILE=1`: what `bench` times of the GPU renderer.
    var glPhases: Bool { value(.glPhases) == "1" }
    var glProfile: Bool { value(.glProfile) == "1" }

    /// The window's: the window system's own variables, `LUMEN_GL_PARTIAL`,
    /// `LUMEN_GL_OWN_SWAP`, `LUMEN_SDL_WAIT` and the swap fault.
    /// The window's settings for `catalog`'s app: the environment's, with the app's id as the
    /// window's class and Wayland app id.
    func platform(for catalog: SceneCatalog) -> PlatformSettings {
        var settings = platform
        settings.appID = catalog.appID
        return settings
    }

    var platform: PlatformSettings {
        let windowSystem = values.filter { ["DISPLAY", "WAYLAND_DISPLAY", EnvironmentVariable.videoDriver.name].contains($0.key) }
        let ownSwap: PlatformSettings.OwnSwap = switch value(.glOwnSwap) { case "0": .sdl; case "1": .lumen; default: .automatic }
        return PlatformSettings(windowSystem: windowSystem, partialRedraw: value(.glPartial) != "0", ownSwap: ownSwap,
                                sdlWait: value(.sdlWait) == "1", swapFailsAt: faults.glSwapFailAt)
    }

    /// The screen reader bridge's: `NO_AT_BRIDGE=1` off, `LUMEN_ACCESSIBILITY=1` always.
    var accessibility: AccessibilityBridge.Mode {
        if value(.noATBridge) == "1" { return .off }
        return value(.accessibility) == "1" ? .always : .whenAsked
    }

    /// Whether the session's D-Bus exists (the bridge never starts one).
    var sessionBus: Bool { AccessibilityBridge.sessionBusExists(environment: values) }

    /// The decoder workers': `LUMEN_DECODE_WORKERS` (0: decode in the app) and
    /// `LUMEN_DECODE_TIMEOUT` (seconds).
    var decoders: DecoderPool.Settings {
        var settings = DecoderPool.Settings.standard
        if let n = number(.decodeWorkers) { settings.workers = max(Int(n), 0) }
        if let seconds = number(.decodeTimeout), seconds > 0 { settings.deadline = seconds }
        return settings
    }

    /// The encoders': `LUMEN_GIF_PALETTE=global` and `LUMEN_RECORD_PRESET`.
    var encoder: EncoderSettings {
        var settings = EncoderSettings()
        if value(.gifPalette) == "global" { settings.gifPalette = .global }
        if let preset = value(.recordPreset) { settings.livePreset = preset }
        return settings
    }

    /// What the service manager set (`NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`,
    /// `JOURNAL_STREAM`) and the runtime folder (`XDG_RUNTIME_DIR`).
    var fleet: FleetEnvironment {
        FleetEnvironment(runtimeFolder: value(.runtimeDir), notifySocket: value(.notifySocket), watchdogMicroseconds: value(.watchdogUsec),
                         watchdogProcess: value(.watchdogPid), journalStream: value(.journalStream))
    }

    /// The fault hooks (none where they are not compiled in).
    var faults: FaultHooks { FaultHooks(self) }
}
