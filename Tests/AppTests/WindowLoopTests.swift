@testable import App
import BuiltInScenes
import Accessibility
import Geometry
import Input
import LumenTestSupport
import LumenTesting
import Pixels
import Platform
import Render
import Scenes
import Testing
import Widgets

/// A window with no display: frames go into memory, events come from a list, one batch each
/// time the loop asks once the first frame is on screen (a person acts on what they see), and
/// `.quit` once the list is spent.
final class FakeWindow: WindowBackend {
    var pointSize: Size
    let scale = 1.0
    let refreshRate = 60.0
    let presentWaitsForVsync = false
    let presentFailure: String? = nil
    let displayLost: String? = nil
    var isCursorVisible = true
    var screenFrame: Rect { Rect(size: pointSize) }
    let wake: @Sendable () -> Void = {}
    private(set) var screen: TestScreen
    var presenter: any Presenter { screen }
    /// What the loop will be told, batch by batch; a closure so an event can carry the clock's
    /// time, or change the window's size first.
    var batches: [((Double) -> Double) -> [WindowEvent]]
    private(set) var titles: [String] = []
    /// Host seconds of `resetTimebase` (the loop's start), and of each command played, there.
    private(set) var timebase = 0.0
    private(set) var played: [Double] = []
    private(set) var clipboard: [String] = []
    /// How many times the loop asked for events.
    private(set) var waits = 0

    init(size: Size, batches: [((Double) -> Double) -> [WindowEvent]]) {
        pointSize = size
        screen = TestScreen(width: Int(size.width), height: Int(size.height))
        self.batches = batches
    }

    func resize(to size: Size) {
        pointSize = size
        screen = TestScreen(width: Int(size.width), height: Int(size.height))
    }
    func setTitle(_ title: String) { titles.append(title) }
    func setClipboard(_ text: String) { clipboard.append(text) }
    func screenRect(ofScenePoints rect: Rect) -> Rect { rect }
    func resetTimebase() { timebase = Stopwatch.now() }
    func play(_ command: InputScript.Command, at time: Double) { played.append(timebase + time) }
    func nextEvents(timeout: Double?, clockTime: @escaping (Double) -> Double) -> [WindowEvent] {
        waits += 1
        guard !screen.presents.isEmpty else { return [] }
        guard !batches.isEmpty else { return [.quit] }
        return batches.removeFirst()(clockTime)
    }
    func snapshot() -> PixelBuffer { screen.shown.copy() }
    func snapshot(reusing reuse: PixelBuffer?) -> PixelBuffer { snapshot() }
    func fallBackToCPU() throws {}
}

@Suite("The window loop against a fake backend")
struct WindowLoopTests {
    static let size = Size(width: 1280, height: 800)

    /// The loop for scroll-lab in `window`, as `WindowHost` wires it, with Cairo drawing.
    func loop(_ window: FakeWindow, script: InputScript? = nil) throws -> WindowLoop {
        TestAssets.registerFonts()
        let runner = try SceneRunner(scene: "scroll-lab", in: .lumen, size: window.pointSize, assets: TestAssets.path, chrome: true)
        let cairo = { RendererSelection.cairo(SceneOptions(), memory: runner.loader.memory, scalesInBackground: false, wake: {}) }
        let renderer = cairo().renderer
        runner.snapshotRenderer = renderer
        return WindowLoop(window: window, runner: runner, renderer: renderer, cairoFallback: cairo, loader: runner.loader,
                          clock: runner.clock, accessibility: AccessibilityBridge(applicationName: "Lumen", mode: .off, sessionBus: false, wake: {}),
                          trace: nil, script: script, exitAfter: 20, kiosk: false)
    }

    /// Where scroll-lab's first button is, laid out as the window lays it out.
    func firstButton() throws -> Point {
        func find(_ n: Node) -> Button? { (n as? Button) ?? n.children.lazy.compactMap(find).first }
        TestAssets.registerFonts()
        let lab = try SceneRunner(scene: "scroll-lab", in: .lumen, size: Self.size, assets: TestAssets.path, chrome: true)
        lab.tree.layout()
        return try #require(find(lab.shell.content)).windowFrame.center
    }

    @Test func aTapFromTheBackendPressesTheButtonAndTheFrameShowsIt() throws {
        let at = try firstButton()
        func tap(_ phase: PointerEvent.Phase) -> ((Double) -> Double) -> [WindowEvent] {
            { clock in [.input(.pointer(PointerEvent(phase: phase, location: at, time: clock(Stopwatch.now()), isPressed: phase == .down)))] }
        }
        let window = FakeWindow(size: Self.size, batches: [{ _ in [] }, tap(.down), tap(.up), { _ in [] }])
        let loop = try loop(window)
        try loop.run()

        #expect(window.titles.first == loop.runner.title, "the title is the scene's: \(window.titles)")
        #expect(loop.framesDrawn >= 2, "a first frame and the pressed button's")
        #expect(window.batches.isEmpty, "every batch was taken before the quit")
        #expect(loop.runner.tree.semanticsDump().contains("text \"Tapped 1×\""), "the tap reached the button")
        // What the loop presented is the scene as the runner draws it now, pixel for pixel.
        let expected = loop.runner.snapshot()
        let shown = window.snapshot()
        var differing = 0
        for y in 0..<expected.height { for x in 0..<expected.width where expected[x, y] != shown[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ from the runner's own frame")
        let screen = try #require(window.presenter as? TestScreen)
        #expect(screen.presents.first == Rect(size: Self.size), "the first frame is presented whole")
    }

    /// LumenTesting's window: a script's tap reaches the scene through the real loop, which
    /// presents the first frame whole and then only what changed, and shows what the scene draws.
    @Test func theTestWindowPlaysAScriptThroughTheRealLoop() throws {
        let at = try firstButton()
        let script = try InputScript.parse("at 200 mouse-down \(at.x) \(at.y)\nat 260 mouse-up \(at.x) \(at.y)")
        let window = try TestWindow.run(.lumen, scene: "scroll-lab", size: Self.size, script: script, seconds: 1.5)
        #expect(window.runner.tree.semanticsDump().contains("text \"Tapped 1×\""), "the tap reached the button")
        #expect(window.titles.first == "Scroll lab — Lumen")
        #expect(window.framesPresented >= 2 && window.damage.first == Rect(size: Self.size))
        #expect(window.damage.dropFirst().contains { $0.width < Self.size.width || $0.height < Self.size.height }, "partial redraws after")
        let drawn = window.runner.snapshot(), shown = window.snapshot()
        #expect(PixelDifference(drawn, shown, tolerance: 0).differing == 0, "the window shows what the scene draws")
    }

    @Test func aResizeFromTheBackendLaysTheSceneOutAgain() throws {
        let bigger = Size(width: 1400, height: 900)
        let window = FakeWindow(size: Self.size, batches: [])
        window.batches = [{ _ in [] }, { [window] _ in window.resize(to: bigger); return [.resized] }, { _ in [] }]
        let loop = try loop(window)
        try loop.run()
        #expect(loop.runner.tree.size == bigger)
        let screen = try #require(window.presenter as? TestScreen)
        #expect(screen.presents.last == Rect(size: bigger), "the resized window is drawn whole")
    }

    /// A script's times count from the first frame shown (the guide's promise), so a first
    /// frame a loaded machine draws late does not bunch the steps after it: a step at 0 is
    /// played once that frame is on screen, not before.
    @Test func scriptStepsCountFromTheFirstFrameShown() throws {
        let window = FakeWindow(size: Self.size, batches: [{ _ in [] }, { _ in [] }])
        let script = try InputScript.parse("at 0 key tab\nat 0 key space\n")
        let loop = try loop(window, script: script)
        try loop.run()
        let screen = try #require(window.presenter as? TestScreen)
        let shown = try #require(screen.firstShown)
        #expect(window.played.count == 2, "both steps played: \(window.played)")
        #expect(window.played.allSatisfy { $0 >= shown }, "each step at or after the first frame: \(window.played.map { $0 - shown })")
    }

    @Test func quitEndsTheLoopAfterOneLastFrame() throws {
        let window = FakeWindow(size: Self.size, batches: [{ _ in [.quit] }])
        let loop = try loop(window)
        try loop.run()
        #expect(window.batches.isEmpty)
        let screen = try #require(window.presenter as? TestScreen)
        #expect(!screen.presents.isEmpty, "the last frame shows")
    }
}
