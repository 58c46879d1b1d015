import Animation
import Geometry
import Input
import Render
import Widgets

/// A screen of the app: a widget tree plus what changes with time. A scene type describes
/// itself (name, summary, settings), so the catalog is a list of types.
public protocol Scene: AnyObject {
    /// The name `--scene` takes ("gallery").
    static var name: String { get }
    /// The title the home screen, the navigation bar and the window show ("Color Reveal gallery").
    static var title: String { get }
    /// One line for `--help` and the home screen.
    static var summary: String { get }
    /// The scene's own keys, for the help overlay (the app's keys are listed there anyway).
    static var keys: [KeyHelp] { get }
    /// Whether it shows the user's photos (`--images`, a drop) instead of the bundled ones.
    static var usesPhotos: Bool { get }
    /// The `--set NAME=VALUE` settings it accepts.
    static var settings: [SceneSetting] { get }
    /// Builds the scene; a bad `--set` value throws its one-line reason.
    init(context: SceneContext) throws(SettingError)

    /// The tree to show.
    var root: Node { get }
    /// What shows behind the tree.
    var background: Color { get }
    /// Whether the scene moves by itself (the loop then draws every frame).
    var isAnimating: Bool { get }
    /// Sets everything that depends on scene time (seconds since the scene started).
    func update(time: Double)
    /// A key pressed; returns whether the scene used it (else the tree and the app get it).
    func key(_ event: KeyEvent) -> Bool
    /// What `lumen bench` moves in this scene, frame after frame.
    var benchMotion: BenchMotion { get }
    /// When the main scroll view lists the user's photos lazily: how many rows come before the
    /// first photo (a title), so that the photo on screen stays there when the list changes.
    var photoListOffset: Int? { get }
    /// Applies one setting's new value (already checked) in place, animating where the scene
    /// animates; false when the scene must be built again for it.
    func apply(_ name: String, _ value: String) -> Bool
    /// Work the scene does a piece a frame (the home's thumbnails) is not finished yet.
    var hasPendingWork: Bool { get }
    /// The scene as SwiftUI source for these settings, with the seed's own component and
    /// modifier names (the inspector's Copy as SwiftUI, `--print-swiftui`); nil for a scene
    /// that is Lumen's own and has none (home, swatches, cards).
    static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String?
    /// Finishes that work now (headless renders, which show the scene as a patient window would).
    func completePendingWork()
    /// The kiosk's attract loop for this scene (`none` unless it says).
    var attractLoop: AttractLoop { get }
}

/// A line of the help overlay: a key or chord and what it does.
public struct KeyHelp: Sendable, Equatable {
    public let keys: String
    public let action: String
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

extension Scene {
    public static var title: String { name.prefix(1).uppercased() + name.dropFirst().replacing("-", with: " ") }
    public static var keys: [KeyHelp] { [] }
    public static var usesPhotos: Bool { false }
    public var photoListOffset: Int? { nil }
    public func apply(_ name: String, _ value: String) -> Bool { false }
    public var hasPendingWork: Bool { false }
    public func completePendingWork() {}
    public static var settings: [SceneSetting] { [] }
    public var background: Color { .white }
    public var isAnimating: Bool { false }
    public func update(time: Double) {}
    public func key(_ event: KeyEvent) -> Bool { false }
    public var benchMotion: BenchMotion { .own }
    public var attractLoop: AttractLoop { .none }
    public static func swiftUI(_ input: SwiftUIInput) throws(SettingError) -> String? { nil }
}
