import Animation
import Geometry
import Render
import Widgets

/// What a scene may use: the photo loader, the assets folder, the clock its tree runs on,
/// motion settings and the `--set` values meant for it.
public final class SceneContext {
    public let assets: String
    public let loader: ImageLoader
    public let clock: AnimationClock
    public let motion: MotionSettings
    /// `--set NAME=VALUE` pairs, already checked against the scene's `settingNames`.
    public let settings: [String: String]
    public init(assets: String, loader: ImageLoader, clock: AnimationClock = AnimationClock(),
                motion: MotionSettings = MotionSettings(), settings: [String: String] = [:]) {
        self.assets = assets; self.loader = loader; self.clock = clock; self.motion = motion; self.settings = settings
    }
    /// A photo from the assets folder, e.g. "gallery/01_forest.jpg".
    public func photo(_ relative: String) -> ImageAsset { loader.image(at: assets + "/" + relative) }
}

/// A screen of the app: a widget tree plus what changes with time.
public protocol Scene: AnyObject {
    /// The tree to show.
    var root: Node { get }
    /// What shows behind the tree.
    var background: Color { get }
    /// Whether the scene moves by itself (the loop then draws every frame).
    var isAnimating: Bool { get }
    /// Sets everything that depends on scene time (seconds since the scene started).
    func update(time: Double)
    /// Sets the scroll offset in points (scenes without a scroll view ignore it).
    func scroll(to offset: Double)
    /// A key pressed (SDL key name, e.g. "Up", "Return", "A"); returns whether it was used.
    func key(_ name: String) -> Bool
    /// Sets up frame `time` of `lumen bench`: the scene's own motion, or for scenes that only
    /// move under input, a stand-in for it (a list scrolling).
    func benchmarkFrame(time: Double)
    /// Whether `benchmarkFrame` moves anything (else bench redraws a still frame in full).
    var benchmarkMoves: Bool { get }
}

extension Scene {
    public var background: Color { .white }
    public var isAnimating: Bool { false }
    public func update(time: Double) {}
    public func scroll(to offset: Double) {}
    public func key(_ name: String) -> Bool { false }
    public func benchmarkFrame(time: Double) { update(time: time) }
    public var benchmarkMoves: Bool { isAnimating }
}

/// Every scene by name, with the `--set` names it accepts.
public enum SceneCatalog {
    /// A `--set NAME=VALUE` a scene accepts: what it means and how its value is checked.
    public struct Setting: Sendable {
        public let name: String
        public let help: String
        /// Throws the one-line reason when a value is bad.
        public let validate: @Sendable (String) throws(UsageError) -> Void
        public init(name: String, help: String, validate: @escaping @Sendable (String) throws(UsageError) -> Void) {
            self.name = name; self.help = help; self.validate = validate
        }
    }

    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        public let settings: [Setting]
        let make: @Sendable (SceneContext) throws(UsageError) -> any Scene
    }

    public static let entries: [Entry] = [
        Entry(name: "swatches", summary: "every display-list command in one picture", settings: []) { SwatchesScene(context: $0) },
        Entry(name: "cards", summary: "renderer benchmark: six 600×450 photo cards moving 1 pt per frame", settings: []) { CardsScene(context: $0) },
        Entry(name: "gallery", summary: "seed 000: six photos that gain colour near the middle of the scroll view; tap for full colour",
              settings: GalleryScene.settings) { (c: SceneContext) throws(UsageError) -> any Scene in try GalleryScene(context: c) },
        Entry(name: "spoiler", summary: "seed 001: the Season finale card in blocks, and the Reveal Spoiler button",
              settings: SpoilerScene.settings) { (c: SceneContext) throws(UsageError) -> any Scene in try SpoilerScene(context: c) },
        Entry(name: "hero", summary: "seed 002: a full-window Ken Burns photo with the Sunset Ridge caption",
              settings: HeroScene.settings) { (c: SceneContext) throws(UsageError) -> any Scene in try HeroScene(context: c) },
        Entry(name: "gradient", summary: "seed 003: a gradient sampled from the photo, cross-fading as photos change every 1.5 s",
              settings: GradientScene.settings) { (c: SceneContext) throws(UsageError) -> any Scene in try GradientScene(context: c) },
        Entry(name: "transitions", summary: "seed 004: 25 animal cards with each scroll transition variant",
              settings: TransitionsScene.settings) { (c: SceneContext) throws(UsageError) -> any Scene in try TransitionsScene(context: c) },
        Entry(name: "scroll-lab", summary: "a long list for the scroll physics: alternating heights, buttons, chips, a live readout",
              settings: [ScrollLabScene.rows.setting]) {
            (c: SceneContext) throws(UsageError) -> any Scene in try ScrollLabScene(context: c)
        },
        Entry(name: "curves", summary: "the curve inspector: a timing curve or spring plotted, with a dot moving along it",
              settings: [CurvesScene.curve.setting]) { (c: SceneContext) throws(UsageError) -> any Scene in try CurvesScene(context: c) },
    ]
    public static var names: [String] { entries.map(\.name) }
    public static func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }
    public static func make(_ name: String, context: SceneContext) throws(UsageError) -> Scene? {
        try entry(name)?.make(context)
    }
}
