import Animation
import FoundationEssentials
import Geometry
import Imaging
import Render
import Scenes
import Widgets

/// The Ken Burns Image demo: the hero photo as a full-window Ken Burns image (duration 4, zoom 1.6)
/// with "Sunset Ridge" / "Golden hour in the valley" over it, bottom-leading, with a soft
/// shadow. `--set duration=…`, `zoom=…`, `from=…`, `to=…` (unit point names or x,y).
public final class HeroScene: PhotoScene, ConfigurableScene {
    public let root: Node
    public var background: Color { .black }
    let hero: KenBurnsImage
    /// Whether it shows a photo of the user's (decoded for the zoom it was built with).
    private let showsUserPhoto: Bool
    public static let name = "hero"
    public static let title = "Ken Burns hero"
    public static let summary = "a full-window Ken Burns photo with the Sunset Ridge caption (KenBurnsImage)"

    static let duration = SettingKey.number("duration", help: "seconds per pass (default 4 here, 12 in the component)", range: 0...3600, default: 4, slider: 0.5...30, step: 0.5)
    static let zoom = SettingKey.number("zoom", help: "the largest scale (default 1.6 here, 1.3 in the component)", range: 0...20, default: 1.6, slider: 1...4, step: 0.05)
    static let from = SettingKey.unitPoint("from", help: "unit point the zoom starts about (default topLeading)", default: "topLeading")
    static let to = SettingKey.unitPoint("to", help: "unit point the zoom ends about (default bottomTrailing)", default: "bottomTrailing")
    public static let settings = [duration.setting, zoom.setting, from.setting, to.setting, DrawnPhotos.setting.setting]

    /// Zoom and anchors ease to their new values while the motion goes on; a new duration
    /// starts the motion again at that pace. (A user's photo decoded for the old zoom is
    /// built again for a deeper one.)
    public func apply(_ name: String, _ value: String) -> Bool {
        do {
            switch name {
            case Self.zoom.name:
                let z = try Self.zoom.parse(value)
                guard z <= hero.zoom || !showsUserPhoto else { return false }
                hero.zoom = z
            case Self.from.name: hero.from = try Self.from.parse(value)
            case Self.to.name: hero.to = try Self.to.parse(value)
            case Self.duration.name: hero.duration = try Self.duration.parse(value)
            default: return false
            }
            return true
        } catch { return false }
    }

    public init(context: SceneContext) throws(SettingError) {
        let duration = try context.setting(Self.duration)
        let zoom = try context.setting(Self.zoom)
        let from = try context.setting(Self.from)
        let to = try context.setting(Self.to)
        // The component's photo and strings, or the user's first photo with its title and folder.
        let drawn = try context.setting(DrawnPhotos.setting) == 1
        let photo = drawn ? nil : context.photos.map { $0.first }
        showsUserPhoto = photo != nil
        // A user's photo is decoded for the largest the window can be, at the deepest zoom.
        let most = Size(width: context.largestSize.width * max(zoom, 1), height: context.largestSize.height * max(zoom, 1))
        let asset = photo.map { p in p.map { context.userPhoto($0.path, shownIn: most) } ?? ImageAsset(name: "none", state: .failed("no photos")) }
            ?? (drawn ? DrawnPhotos.heroImage(in: context) : context.photo("hero/hero_sunset.jpg"))
        hero = KenBurnsImage(image: asset, label: photo.map { $0?.title ?? "" } ?? "Mountains at sunset",
                             duration: duration, zoom: zoom, from: from, to: to, motion: context.motion)
        if let photo, photo == nil {
            root = EmptyState.node(context.photoSource, listing: context.listingPhotos)
            return
        }
        let words = HeroScene.caption(for: photo ?? nil)
        let subtitle = TextNode(words.subtitle, style: .headline, color: .white)
        subtitle.opacity = 0.85
        let caption = VStack(spacing: 4, alignment: .leading, [TextNode(words.title, style: .largeTitle, weight: .bold, color: .white), subtitle])
        caption.contentShadow = ShadowStyle(color: Color.black.opacity(0.4), radius: 8, y: 2)
        root = hero.frame(maxWidth: .infinity, maxHeight: .infinity)
            .overlay(caption.padding(24), alignment: .bottomLeading)
    }

    /// The caption: the component's "Sunset Ridge" over "Golden hour in the valley", or a photo's
    /// title over its folder's name.
    static func caption(for photo: Photo?) -> (title: String, subtitle: String) {
        guard let photo else { return ("Sunset Ridge", "Golden hour in the valley") }
        return (photo.title, photo.path.split(separator: "/").dropLast().last.map(String.init) ?? "")
    }
}
