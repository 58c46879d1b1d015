import Animation
import Geometry
import Input
import Render
import Widgets

/// A screen: a widget tree and what changes with time. A scene type describes itself (name,
/// title, one line of summary), so a `SceneCatalog` is a list of types.
///
/// Only `name`, `init(context:)` and `root` must be written; the rest has defaults. What only
/// some scenes do is a protocol of its own, adopted beside this one: `ConfigurableScene`
/// (`--set` settings), `PhotoScene` (shows the user's photos), `BenchmarkedScene` (what
/// `bench` moves), `AttractingScene` (a kiosk's attract loop), `SwiftUIExportable` (the scene as
/// SwiftUI source) and `BackgroundWorkScene` (work done a piece a frame).
public protocol Scene: AnyObject, SendableMetatype {
    /// The name `--scene` takes ("gallery"): lower case, no spaces.
    static var name: String { get }
    /// The title the home screen, the navigation bar and the window show ("Color Reveal
    /// gallery"); by default the name with its first letter upper case.
    static var title: String { get }
    /// One line for `--help` and the home screen (empty by default).
    static var summary: String { get }
    /// The scene's own keys, for the help overlay (the app's keys are listed there anyway).
    static var keys: [KeyHelp] { get }
    /// Builds the scene; a bad `--set` value throws its one-line reason.
    init(context: SceneContext) throws(SettingError)

    /// The tree to show.
    var root: Node { get }
    /// What shows behind the tree (white by default).
    var background: Color { get }
    /// Whether the scene moves by itself, so that the loop draws every frame (false by default).
    var isAnimating: Bool { get }
    /// Sets everything that depends on scene time (seconds since the scene opened).
    func update(time: Double)
    /// A key pressed; returns whether the scene used it (else the tree and the app get it).
    func key(_ event: KeyEvent) -> Bool
}

extension Scene {
    public static var title: String { name.prefix(1).uppercased() + name.dropFirst().replacing("-", with: " ") }
    public static var summary: String { "" }
    public static var keys: [KeyHelp] { [] }
    public var background: Color { .white }
    public var isAnimating: Bool { false }
    public func update(time: Double) {}
    public func key(_ event: KeyEvent) -> Bool { false }
}

/// A scene with `--set NAME=VALUE` settings, which the inspector edits live.
public protocol ConfigurableScene: Scene {
    /// The settings it accepts, in the order the inspector and `--help` list them.
    static var settings: [SceneSetting] { get }
    /// Applies one setting's new value (already checked) in place, animating where the scene
    /// animates; false when the scene must be built again for it (the default).
    func apply(_ name: String, _ value: String) -> Bool
}

extension ConfigurableScene {
    public func apply(_ name: String, _ value: String) -> Bool { false }
}

/// A scene that shows the user's photos (`--images`, a folder dropped on the window) instead
/// of the bundled ones; `SceneContext.photos` holds them.
public protocol PhotoScene: Scene {
    /// When the main scroll view lists the photos lazily: how many rows come before the first
    /// photo (a title), so that the photo on screen stays there when the list changes; nil
    /// (the default) when it does not list them that way.
    var photoListOffset: Int? { get }
}

extension PhotoScene {
    public var photoListOffset: Int? { nil }
}

/// A scene that says what `lumen bench` moves in it, frame after frame (a scene without it is
/// measured in its own motion: `BenchMotion.own`).
public protocol BenchmarkedScene: Scene {
    /// What bench moves, frame after frame.
    var benchMotion: BenchMotion { get }
}

/// A scene with a kiosk attract loop, played after `--idle` seconds without input.
public protocol AttractingScene: Scene {
    /// The loop played while no one uses the kiosk.
    var attractLoop: AttractLoop { get }
}

/// A scene that can be written as SwiftUI source (the inspector's Copy as SwiftUI,
/// `--print-swiftui`).
package protocol SwiftUIExportable: Scene {
    /// The scene as SwiftUI source for these settings, with the SwiftUI component's own
    /// names; nil when these settings have none.
    static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String?
}

/// A scene that does work a piece a frame (the home's pictures of the scenes).
public protocol BackgroundWorkScene: Scene {
    /// Whether that work is not finished yet (the loop keeps drawing frames until it is).
    var hasPendingWork: Bool { get }
    /// Finishes it now (headless renders, which show the scene as a patient window would).
    func completePendingWork()
}

/// What the runtime asks of any scene, answered from the capabilities it adopts.
extension Scene {
    /// Its `--set` settings (none unless it is a `ConfigurableScene`).
    public static var declaredSettings: [SceneSetting] { (Self.self as? any ConfigurableScene.Type)?.settings ?? [] }
    /// Whether it shows the user's photos (it is a `PhotoScene`).
    public static var showsPhotos: Bool { Self.self is any PhotoScene.Type }
    var listedPhotoOffset: Int? { (self as? any PhotoScene)?.photoListOffset }
    var motionForBench: BenchMotion { (self as? any BenchmarkedScene)?.benchMotion ?? .own }
    var loopWhenIdle: AttractLoop { (self as? any AttractingScene)?.attractLoop ?? .none }
    var isWorking: Bool { (self as? any BackgroundWorkScene)?.hasPendingWork ?? false }
    func finishWork() { (self as? any BackgroundWorkScene)?.completePendingWork() }
    func applyLive(_ name: String, _ value: String) -> Bool { (self as? any ConfigurableScene)?.apply(name, value) ?? false }
}

/// A line of the help overlay: a key or chord and what it does.
public struct KeyHelp: Sendable, Equatable {
    /// The key or chord ("Ctrl+Alt+Q").
    public let keys: String
    /// What it does.
    public let action: String
    /// A line saying `keys` do `action`.
    public init(_ keys: String, _ action: String) { self.keys = keys; self.action = action }
}

/// What `lumen bench` moves, frame by frame, to measure a scene in motion.
public enum BenchMotion {
    /// The scene's own motion (`update(time:)`); a still scene is redrawn in full.
    case own
    /// The main scroll view scrolls at this speed, wrapping at the end or going back and forth.
    case scroll(pointsPerSecond: Double, pingPong: Bool)
    /// The scene sets up frame `time` itself (a stand-in for the input that moves it).
    case custom((_ time: Double) -> Void)
}
