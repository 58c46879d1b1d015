import Animation
import Geometry
import Render
import Widgets

/// Seed 000's demo: a scroll view with the large title "Gallery" and the six gallery photos as
/// Color Reveal images, 20 pt apart, 24 pt padding. `--set aspectRatio=…`, `cornerRadius=…`.
public final class GalleryScene: Scene {
    public let root: Node
    let scroll: ScrollView
    let images: [ColorRevealImage]
    public var benchmarkMoves: Bool { true }

    static let photos = [("gallery/01_forest.jpg", "Forest"), ("gallery/02_sea_reef.jpg", "Reef"),
                         ("gallery/03_canyon.jpg", "Canyon"), ("gallery/04_mountains.jpg", "Mountains"),
                         ("gallery/05_meadow.jpg", "Meadow"), ("gallery/06_river_night.jpg", "River at night")]

    static let settings: [SceneCatalog.Setting] = [
        .init(name: "aspectRatio", help: "width / height of each photo (default 1.333)") { (v: String) throws(UsageError) in
            _ = try SettingValues.number("aspectRatio", v, range: 0.1...10) },
        .init(name: "cornerRadius", help: "corner radius in points (default 24)") { (v: String) throws(UsageError) in
            _ = try SettingValues.number("cornerRadius", v, range: 0...500) },
    ]

    public init(context: SceneContext) throws(UsageError) {
        let ratio = try context.settings["aspectRatio"].map { v throws(UsageError) in try SettingValues.number("aspectRatio", v, range: 0.1...10) } ?? 4.0 / 3.0
        let radius = try context.settings["cornerRadius"].map { v throws(UsageError) in try SettingValues.number("cornerRadius", v, range: 0...500) } ?? 24
        images = GalleryScene.photos.map { path, title in
            ColorRevealImage(image: context.photo(path), title: title, aspectRatio: ratio, cornerRadius: radius, motion: context.motion)
        }
        let title = TextNode("Gallery", style: .largeTitle, weight: .bold).frame(maxWidth: .infinity, alignment: .leading)
        // On a wide window the column keeps a phone-like reading width, centred.
        let column = VStack(spacing: 20, [title] + images).padding(24).frame(maxWidth: 720)
        scroll = ScrollView(column.frame(maxWidth: .infinity))
        root = scroll.frame(maxWidth: .infinity, maxHeight: .infinity)
    }

    public func scroll(to offset: Double) { scroll.scroll(to: offset) }

    /// For `lumen bench`: the gallery scrolls down and up at 800 pt/s.
    public func benchmarkFrame(time: Double) {
        let span = max(scroll.range.upperBound, 1)
        let p = (time * 800).truncatingRemainder(dividingBy: 2 * span)
        scroll.scroll(to: p < span ? p : 2 * span - p)
    }
}
