import Animation
import Geometry
import Render
import Scenes
import Widgets

/// The Color Reveal Image demo: a scroll view with the large title "Gallery" and the six gallery photos as
/// Color Reveal images, 20 pt apart, 24 pt padding. `--set aspectRatio=…`, `cornerRadius=…`.
/// With `--images`, the user's photos in a lazy list (any count), titled by their file names.
public final class GalleryScene: PhotoScene, ConfigurableScene, BenchmarkedScene, AttractingScene {
    public let root: Node
    let scroll: ScrollView
    /// The bundled gallery's six photos (a user's folder is realized lazily, none kept here).
    let images: [ColorRevealImage]
    public static let name = "gallery"
    public var photoListOffset: Int? { images.isEmpty ? 1 : nil }
    public static let title = "Color Reveal gallery"
    public static let summary = "six photos that gain colour near the middle of the scroll view; tap for full colour (ColorRevealImage)"
    /// `lumen bench`: the gallery scrolls down and up at 800 pt/s.
    public var benchMotion: BenchMotion { .scroll(pointsPerSecond: 800, pingPong: true) }
    /// On a kiosk left alone: a slow scroll, colour coming to each photo as it passes the middle.
    public var attractLoop: AttractLoop { .autoScroll(pointsPerSecond: 40) }

    static let photos = [("gallery/01_forest.jpg", "Forest"), ("gallery/02_sea_reef.jpg", "Reef"),
                         ("gallery/03_canyon.jpg", "Canyon"), ("gallery/04_mountains.jpg", "Mountains"),
                         ("gallery/05_meadow.jpg", "Meadow"), ("gallery/06_river_night.jpg", "River at night")]

    static let aspectRatio = SettingKey.number("aspectRatio", help: "width / height of each photo (default 1.333)", range: 0.1...10, default: 4.0 / 3.0, slider: 0.5...3, step: 0.01)
    static let cornerRadius = SettingKey.number("cornerRadius", help: "corner radius in points (default 24)", range: 0...500, default: 24, slider: 0...120, step: 1)
    public static let settings = [aspectRatio.setting, cornerRadius.setting, DrawnPhotos.setting.setting]

    /// The bundled gallery's photos change shape in place (animated); a lazy list of the
    /// user's photos is built again.
    public func apply(_ name: String, _ value: String) -> Bool {
        guard !images.isEmpty, let v = Double(value) else { return false }
        switch name {
        case Self.aspectRatio.name: for i in images { i.aspectRatio = v }
        case Self.cornerRadius.name: for i in images { i.cornerRadius = v }
        default: return false
        }
        return true
    }

    public init(context: SceneContext) throws(SettingError) {
        let ratio = try context.setting(Self.aspectRatio)
        let radius = try context.setting(Self.cornerRadius)
        let drawn = try context.setting(DrawnPhotos.setting) == 1
        if let photos = context.photos, !drawn {
            images = []
            guard !photos.isEmpty else {
                scroll = ScrollView(Node())
                root = EmptyState.node(context.photoSource, listing: context.listingPhotos)
                return
            }
            // The title, then one row a photo, realized as they come near the viewport.
            let lazy = LazyStack(spacing: 20, count: photos.count + 1, estimatedLength: 504) { _ in Node() }
            scroll = ScrollView(lazy)
            root = scroll.frame(maxWidth: .infinity, maxHeight: .infinity)
            lazy.builder = { i in
                let content: Node
                if i == 0 {
                    content = TextNode("Gallery", font: .rounded(.largeTitle, weight: .bold)).accessibility(traits: [.header]).frame(maxWidth: .infinity, alignment: .leading)
                        .padding(Insets(top: 24, leading: 24, bottom: 0, trailing: 24))
                } else {
                    // Fill-cropped to the column's width (672 pt at most) and the aspect ratio.
                    let asset = context.userPhoto(photos[i - 1].path, shownIn: Size(width: 672, height: 672 / ratio))
                    let image = ColorRevealImage(image: asset, title: photos[i - 1].title,
                                                 aspectRatio: ratio, cornerRadius: radius, motion: context.motion)
                    content = image.padding(Insets(top: 0, leading: 24, bottom: i == photos.count ? 24 : 0, trailing: 24))
                }
                return content.frame(maxWidth: 720).frame(maxWidth: .infinity)
            }
            return
        }
        if drawn {
            // Color Reveal Image's own six drawn photos.
            images = DrawnPhotos.gallery.indices.map { i in
                ColorRevealImage(image: DrawnPhotos.galleryImage(i, in: context), title: DrawnPhotos.gallery[i].title, aspectRatio: ratio,
                                 cornerRadius: radius, motion: context.motion)
            }
        } else {
            // Each decoded for the 672-pt column at the aspect ratio, not at its full size.
            images = GalleryScene.photos.map { path, title in
                ColorRevealImage(image: context.photo(path, shownIn: Size(width: 672, height: 672 / ratio)), title: title,
                                 aspectRatio: ratio, cornerRadius: radius, motion: context.motion)
            }
        }
        let title = TextNode("Gallery", font: .rounded(.largeTitle, weight: .bold)).accessibility(traits: [.header]).frame(maxWidth: .infinity, alignment: .leading)
        // On a wide window the column keeps a phone-like reading width, centred.
        let column = VStack(spacing: 20, [title] + images).padding(24).frame(maxWidth: 720)
        scroll = ScrollView(column.frame(maxWidth: .infinity))
        root = scroll.frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
