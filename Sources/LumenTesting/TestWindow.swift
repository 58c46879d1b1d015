import Accessibility
import App
import Geometry
import Glibc
import Input
import LumenApp
import Pixels
import Platform
import Render
import Scenes

/// An app's scene in Lumen's real window loop with no display: the loop paces, draws only what
/// changed and presents into memory, a script's input comes back from the window as events at
/// its times, and the loop ends `seconds` after its first frame. What `AppTester` leaves out
/// (the loop's pacing, damage and presenting) is here, at the wall clock's pace.
///
/// ```swift
/// let window = try TestWindow.run(.photoWall, scene: "photo-row",
///                                 script: try InputScript.parse("at 300 key Right"), seconds: 1.5)
/// #expect(window.framesPresented > 1)
/// ```
public final class TestWindow {
    /// The scene's runner, as the loop left it.
    public let runner: SceneRunner
    private let backend: Backend

    /// The titles the loop gave the window, in order.
    public var titles: [String] { backend.titles }
    /// What the app put on the clipboard, in order.
    public var clipboard: [String] { backend.clipboard }
    /// Frames presented.
    public var framesPresented: Int { backend.screen.presents.count }
    /// Each present's damaged rectangle, in device pixels.
    public var damage: [Rect] { backend.screen.presents }
    /// The pixels the window shows now.
    public func snapshot() -> PixelBuffer { backend.screen.shown.copy() }

    private init(runner: SceneRunner, backend: Backend) { self.runner = runner; self.backend = backend }

    /// Runs `scene` of `catalog` (its first when nil) in a window of `size` points, with the
    /// app's bar, playing `script` from the first frame on, for `seconds` after it; Cairo
    /// draws, as on a machine without a GPU.
    public static func run(_ catalog: SceneCatalog, scene: String? = nil, size: Size = Size(width: 1280, height: 800),
                           script: InputScript? = nil, seconds: Double) throws -> TestWindow {
        guard let assets = LumenApp.assets(for: catalog) else { throw AppTesterError("cannot find Lumen's assets") }
        var options = SceneOptions()
        options.scene = scene ?? catalog.firstScene
        options.size = size
        options.chrome = true
        let runner = try SceneRunner(options, in: catalog, assets: assets)
        let backend = Backend(size: size)
        let cairo = { RendererSelection.cairo(options, memory: runner.loader.memory, scalesInBackground: false, wake: {}) }
        let renderer = cairo().renderer
        runner.snapshotRenderer = renderer
        let loop = WindowLoop(window: backend, runner: runner, renderer: renderer, cairoFallback: cairo, loader: runner.loader,
                              clock: runner.clock,
                              accessibility: AccessibilityBridge(applicationName: catalog.title, mode: .off, sessionBus: false, wake: {}),
                              trace: nil, script: script, exitAfter: seconds, kiosk: false)
        try loop.run()
        return TestWindow(runner: runner, backend: backend)
    }
}

/// Seconds on the monotonic clock.
private func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The window the loop talks to: a fixed size at scale 1 and 60 Hz, events played back from
/// the script's commands, frames into `screen`.
private final class Backend: WindowBackend {
    let pointSize: Size
    let scale = 1.0
    let refreshRate = 60.0
    let presentWaitsForVsync = false
    let presentFailure: String? = nil
    let displayLost: String? = nil
    var isCursorVisible = true
    var screenFrame: Rect { Rect(size: pointSize) }
    let wake: @Sendable () -> Void = {}
    let screen: TestScreen
    var presenter: any Presenter { screen }
    private(set) var titles: [String] = []
    private(set) var clipboard: [String] = []
    private var timebase = 0.0
    private var queued: [(time: Double, command: InputScript.Command)] = []
    private var mouse = InputScript.MouseState()

    init(size: Size) {
        pointSize = size
        screen = TestScreen(width: Int(size.width), height: Int(size.height))
    }

    func setTitle(_ title: String) { titles.append(title) }
    func setClipboard(_ text: String) { clipboard.append(text) }
    func screenRect(ofScenePoints rect: Rect) -> Rect { rect }
    func resetTimebase() { timebase = monotonicSeconds() }
    func play(_ command: InputScript.Command, at time: Double) { queued.append((timebase + time, command)) }

    func nextEvents(timeout: Double?, clockTime: @escaping (Double) -> Double) -> [WindowEvent] {
        let now = monotonicSeconds()
        let due = queued.filter { $0.time <= now }
        if due.isEmpty {
            // Nothing due: sleep until the next command or the loop's own deadline.
            let next = queued.map(\.time).min().map { $0 - now } ?? timeout ?? 0.05
            let wait = min(max(min(next, timeout ?? next), 0), 0.05)
            if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            return []
        }
        queued.removeAll { $0.time <= now }
        return due.compactMap { item in
            if case .quit = item.command { return .quit }
            // Host times count from the timebase, as the platform's do.
            let event = item.command.inputEvent(at: clockTime(item.time - timebase), mouse: mouse, windowSize: pointSize)
            mouse.apply(item.command)
            return event.map { .input($0) }
        }
    }

    func snapshot() -> PixelBuffer { screen.shown.copy() }
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { snapshot() }
    func fallBackToCPU() throws {}
}

/// A window's pixels with no display: drawn into, and what was last presented (Lumen's own
/// window loop tests use it too).
package final class TestScreen: Presenter {
    package let buffer: PixelBuffer
    package private(set) var shown: PixelBuffer
    /// Each present's damaged rectangle.
    package private(set) var presents: [Rect] = []
    /// Monotonic seconds of the first present.
    package private(set) var firstShown: Double?
    package init(width: Int, height: Int) {
        buffer = PixelBuffer(width: width, height: height)
        shown = PixelBuffer(width: width, height: height)
    }
    package var pixelWidth: Int { buffer.width }
    package var pixelHeight: Int { buffer.height }
    package func draw(_ body: (RenderTarget) -> Void) {
        body(RenderTarget(pixels: UnsafeMutableRawPointer(buffer.pixels), width: buffer.width, height: buffer.height,
                          stride: buffer.stride * 4))
    }
    package func present(damage: Rect, scale: Double) {
        if firstShown == nil { firstShown = monotonicSeconds() }
        presents.append(damage)
        shown = buffer.copy()
    }
}
