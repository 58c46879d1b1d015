import Animation
import Imaging
import Render

/// What a scene may use: the photo loader, the assets folder, the clock its tree runs on,
/// motion settings and the `--set` values meant for it.
public final class SceneContext {
    public let assets: String
    public let loader: ImageLoader
    public let clock: AnimationClock
    public let motion: MotionSettings
    /// `--set NAME=VALUE` pairs, already checked against the scene's settings.
    public let settings: [String: String]
    public init(assets: String, loader: ImageLoader, clock: AnimationClock = AnimationClock(),
                motion: MotionSettings = MotionSettings(), settings: [String: String] = [:]) {
        self.assets = assets; self.loader = loader; self.clock = clock; self.motion = motion; self.settings = settings
    }
    /// A photo from the assets folder, e.g. "gallery/01_forest.jpg".
    public func photo(_ relative: String) -> ImageAsset { loader.image(at: assets + "/" + relative) }

    /// The parsed value of a setting given on the command line, or nil.
    public func value<V>(_ key: SettingKey<V>) throws(SettingError) -> V? {
        guard let raw = settings[key.name] else { return nil }
        return try key.parse(raw)
    }
}
