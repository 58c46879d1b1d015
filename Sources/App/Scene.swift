import Geometry
import Render
import Widgets

/// What a scene may use: the photo loader, the assets folder, settings.
public final class SceneContext {
    public let assets: String
    public let loader: ImageLoader
    public var reduceMotion: Bool
    public init(assets: String, loader: ImageLoader, reduceMotion: Bool = false) {
        self.assets = assets; self.loader = loader; self.reduceMotion = reduceMotion
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
}

extension Scene {
    public var background: Color { .white }
    public var isAnimating: Bool { false }
    public func update(time: Double) {}
    public func scroll(to offset: Double) {}
}

/// Every scene by name.
public enum SceneCatalog {
    public static let entries: [(name: String, summary: String, make: @Sendable (SceneContext) -> any Scene)] = [
        ("swatches", "every display-list command in one picture", { SwatchesScene(context: $0) }),
        ("cards", "renderer benchmark: six 600×450 photo cards moving 1 pt per frame", { CardsScene(context: $0) }),
    ]
    public static var names: [String] { entries.map(\.name) }
    public static func make(_ name: String, context: SceneContext) -> Scene? {
        entries.first { $0.name == name }?.make(context)
    }
}
