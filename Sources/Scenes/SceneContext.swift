import FoundationEssentials
import Animation
import Effects
import Geometry
import Imaging
import Render

/// What a scene may use: the photo loader, the assets folder, the clock its tree runs on,
/// motion settings and the `--set` values meant for it.
public final class SceneContext {
    /// Lumen's assets folder (the bundled photos and fonts).
    public let assets: String
    /// The app's own resources folder (`SceneCatalog.resources`, found), if it has one:
    /// `photo(_:)` looks there first.
    public let resources: String?
    /// Loads photos off the main thread.
    public let loader: ImageLoader
    /// The clock the scene's tree runs on.
    public let clock: AnimationClock
    /// Reduce Motion, and its changes.
    public let motion: MotionSettings
    /// `--set NAME=VALUE` pairs, already checked against the scene's settings.
    public let settings: [String: String]
    /// The user's photos (`--images`), or nil for the bundled ones. May be empty: the scene
    /// then shows its empty state.
    public let photos: [Photo]?
    /// Where the user's photos came from, as given (for the empty state).
    public let photoSource: [String]
    /// The photos are still being listed (`photos` is empty until then): the empty state says so.
    public let listingPhotos: Bool
    /// Device pixels per point, so photos are decoded no larger than they are shown.
    public let scale: Double
    /// Opens another scene by name (the home screen's cards); set by the runner.
    public var open: ((String) -> Void)?
    /// The largest size, in points, the scene may be shown at (the window's display, or the
    /// headless render's size): what a full-window photo is decoded for.
    public let largestSize: Size
    /// The app's scenes (the home screen lists them).
    public let catalog: SceneCatalog

    /// A context of these (the runner makes it; tests may too).
    public convenience init(catalog: SceneCatalog, assets: String, loader: ImageLoader, clock: AnimationClock = AnimationClock(),
                motion: MotionSettings = MotionSettings(), settings: [String: String] = [:],
                photos: [Photo]? = nil, photoSource: [String] = [], scale: Double = 1,
                largestSize: Size = Size(width: 1920, height: 1080), listingPhotos: Bool = false) {
        self.init(catalog: catalog, assets: assets, resources: catalog.resources?.folder(command: catalog.command), loader: loader,
                  clock: clock, motion: motion, settings: settings, photos: photos, photoSource: photoSource, scale: scale,
                  largestSize: largestSize, listingPhotos: listingPhotos)
    }

    /// A context whose app resources folder was found already (`resources`): the runner finds it
    /// once, not for every scene it opens.
    package init(catalog: SceneCatalog, assets: String, resources: String?, loader: ImageLoader, clock: AnimationClock,
                 motion: MotionSettings, settings: [String: String], photos: [Photo]?, photoSource: [String], scale: Double,
                 largestSize: Size, listingPhotos: Bool) {
        self.resources = resources
        self.assets = assets; self.loader = loader; self.clock = clock; self.motion = motion; self.settings = settings
        self.photos = photos; self.photoSource = photoSource; self.scale = scale; self.listingPhotos = listingPhotos
        self.largestSize = largestSize; self.catalog = catalog
    }

    /// The user's photo at `path` for a place of `points` it is shown in by `mode`, no larger
    /// than that needs at this scale: a freedesktop thumbnail when one covers it, else decoded
    /// at the covering size (the photo as it is when it is no larger).
    public func userPhoto(_ path: String, shownIn points: Size, mode: ContentMode = .fill) -> ImageAsset {
        loader.image(at: path, shownIn: pixels(points), mode: mode)
    }
    /// A photo of the app's resources or else of Lumen's assets, e.g. "gallery/01_forest.jpg",
    /// as it is.
    public func photo(_ relative: String) -> ImageAsset { loader.image(at: path(of: relative)) }

    /// Where `relative` is: in the app's resources when it is there, else in Lumen's assets.
    public func path(of relative: String) -> String {
        if let resources, FileManager.default.fileExists(atPath: resources + "/" + relative) { return resources + "/" + relative }
        return assets + "/" + relative
    }

    /// A bundled photo for a place of `points` it is shown in by `mode`, decoded no larger
    /// than that needs at this scale (JPEG by DCT scaling); not written to the thumbnail cache.
    public func photo(_ relative: String, shownIn points: Size, mode: ContentMode = .fill) -> ImageAsset {
        loader.image(at: path(of: relative), shownIn: pixels(points), mode: mode, diskCache: false)
    }

    /// A size in points as device pixels at this scale.
    func pixels(_ points: Size) -> Size { Size(width: points.width * scale, height: points.height * scale) }

    /// The parsed value of a setting as given (`--set` or the inspector), else its default,
    /// else nil.
    public func value<V>(_ key: SettingKey<V>) throws(SettingError) -> V? { try key.value(in: settings) }

    /// The value of a setting that has a default.
    public func setting<V>(_ key: SettingKey<V>) throws(SettingError) -> V { try key.setting(in: settings) }
}
