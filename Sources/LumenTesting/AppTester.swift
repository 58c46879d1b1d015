import Geometry
import Input
import LumenApp
import Pixels
import Scenes
import Widgets

/// One scene of an app, run headless for a test, in the spirit of Flutter's `WidgetTester` and
/// egui's kittest: the app's catalog, a tree laid out at a size, a clock that moves only when
/// the test says, input by semantics (`tap("Next")`), and the pixels Lumen draws.
///
/// ```swift
/// @Test func nextStepsTheRow() throws {
///     let app = try AppTester(.photoWall, scene: "photo-row")
///     try app.tap("Next")
///     app.settle()
///     #expect(app.scrollViews.first?.currentItem == 1)
/// }
/// ```
///
/// It runs the same scene runner the window and `render` run: layout, events, animation and
/// drawing are the app's own; only the display and the wall clock are left out.
public final class AppTester {
    /// The scene's runner: its tree, clock, scene and context.
    public let runner: SceneRunner
    /// The widget tree on screen.
    public var tree: WidgetTree { runner.tree }
    /// The scene's clock reading, in seconds.
    public var now: Double { runner.clock.now }
    /// The window's size in points.
    public var size: Size { runner.tree.size }
    /// The frame rate `run(for:)` steps at, in frames a second.
    public var frameRate = 60.0

    /// `scene` of `catalog` (its first scene when nil) in a window of `size` points, with
    /// `settings` as `--set` gives them; `chrome` shows the app's bar over it as the window
    /// does. Lumen's fonts and the app's are found as the app finds them. Throws the one-line
    /// reason for an unknown scene, a bad setting or no assets.
    public init(_ catalog: SceneCatalog, scene: String? = nil, size: Size = Size(width: 1280, height: 800),
                settings: [String: String] = [:], reduceMotion: Bool = false, chrome: Bool = false) throws {
        guard let assets = LumenApp.assets(for: catalog) else { throw AppTesterError("cannot find Lumen's assets") }
        var options = SceneOptions()
        options.scene = scene ?? catalog.firstScene
        options.size = size
        options.settings = settings
        options.reduceMotion = reduceMotion
        options.chrome = chrome
        runner = try SceneRunner(options, in: catalog, assets: assets)
        runner.runHeadless(to: 0)
    }

    // MARK: Time

    /// Runs `seconds` of frames at `frameRate`: animations, scrolling and timers move on, and
    /// the photos that were decoded meanwhile are delivered.
    public func run(for seconds: Double) {
        let end = now + seconds
        while now < end - 1e-9 {
            runner.advance(to: min(now + 1 / frameRate, end))
            _ = runner.buildFrame()
        }
    }

    /// Waits for the photos being decoded, then runs frames until nothing moves (no
    /// animation, no scroll motion) or `limit` seconds of the scene's clock have passed;
    /// returns whether it came to rest.
    @discardableResult
    public func settle(limit: Double = 10) -> Bool {
        let end = now + limit
        repeat {
            runner.loader.waitForAll()
            run(for: 1 / frameRate)
            if !runner.isMoving && !tree.needsFrame { return true }
        } while now < end
        return false
    }

    // MARK: Finding

    /// Every element a screen reader would find, in tree order, with its frame in window points.
    public var elements: [Node.SemanticsElement] { tree.root.semanticsElements() }

    /// The first element labelled `label` (a button's title, a photo's name), if any.
    public func element(_ label: String) -> Node.SemanticsElement? { elements.first { $0.semantics.label == label } }

    /// The elements that satisfy `predicate`.
    public func elements(where predicate: (Node.SemanticsElement) -> Bool) -> [Node.SemanticsElement] {
        elements.filter(predicate)
    }

    /// The tree as a screen reader reads it, one element a line (what tests compare).
    public var semanticsDump: String { tree.semanticsDump() }

    /// The scroll views in the tree, outermost first.
    public var scrollViews: [ScrollView] {
        var found: [ScrollView] = []
        func visit(_ n: Node) { if let s = n as? ScrollView { found.append(s) }; n.children.forEach(visit) }
        visit(tree.root)
        return found
    }

    // MARK: Acting

    /// Taps the middle of the element labelled `label` with the mouse (down, then up 50 ms
    /// later), as a person would; throws when there is none or it is off screen.
    public func tap(_ label: String) throws {
        guard let e = element(label) else { throw AppTesterError("no element labelled '\(label)'") }
        let c = Point(x: e.frame.midX, y: e.frame.midY)
        guard Rect(size: size).contains(c) else { throw AppTesterError("'\(label)' is off screen at \(c)") }
        tap(at: c)
    }

    /// Taps `point` (window points) with the mouse, or with finger 0 when `touch`.
    public func tap(at point: Point, touch: Bool = false) {
        send(.down, point, touch: touch)
        run(for: 0.05)
        send(.up, point, touch: touch)
        run(for: 1 / frameRate)
    }

    /// Drags from `start` to `end` over `seconds`, one move a frame, then lets go there (a
    /// fling when fast).
    public func drag(from start: Point, to end: Point, seconds: Double = 0.25, touch: Bool = true) {
        send(.down, start, touch: touch)
        let frames = max(Int(seconds * frameRate), 1)
        for i in 1...frames {
            run(for: 1 / frameRate)
            let f = Double(i) / Double(frames)
            send(.move, Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), touch: touch)
        }
        send(.up, end, touch: touch)
    }

    /// Turns the mouse wheel over `point`: `notches` along y (positive: up, toward the start)
    /// and x, as a wheel's clicks.
    public func scroll(at point: Point, notches: Point) {
        runner.handle(.wheel(WheelEvent(delta: notches, location: point, time: now)))
        run(for: 1 / frameRate)
    }

    /// Presses `key` (and lets it go), with Shift when `shift`.
    public func press(_ key: Key, shift: Bool = false) {
        runner.handle(.key(KeyEvent(key, shift: shift, time: now)))
        run(for: 1 / frameRate)
    }

    /// Types `text` into the focused text field.
    public func type(_ text: String) {
        runner.handle(.text(TextEvent(text, time: now)))
        run(for: 1 / frameRate)
    }

    private func send(_ phase: PointerEvent.Phase, _ point: Point, touch: Bool) {
        runner.handle(.pointer(PointerEvent(id: touch ? 1 : 0, kind: touch ? .touch : .mouse, phase: phase, location: point,
                                            time: now, isPressed: phase != .up)))
    }

    // MARK: Pixels

    /// The window as Lumen draws it now (Cairo, the oracle of both renderers), at `scale`
    /// device pixels per point.
    public func snapshot(scale: Double = 1) -> PixelBuffer { runner.snapshot(scale: scale) }
}

/// Why an `AppTester` could not do what a test asked, in one line.
public struct AppTesterError: Error, CustomStringConvertible, Sendable {
    /// What was wrong.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
