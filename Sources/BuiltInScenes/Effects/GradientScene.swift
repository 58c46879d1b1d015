import Animation
import FoundationEssentials
import Geometry
import Render
import Scenes
import Widgets

/// The Image Derived Gradient Background demo: the derived-gradient background behind a 240 pt photo with 36 pt
/// continuous corners and a large soft shadow, moving to the next photo every 1.5 s with a
/// 0.8 s cross-fade of photo and gradient. With Reduce Motion it does not advance by itself;
/// a click or tap (or Space / Return) advances. `--set bands=…`, `fallback=indigo,black`.
public final class GradientScene: PhotoScene, ConfigurableScene, BenchmarkedScene {
    public let root: Node
    let gradient: DerivedGradientBackground
    let frontPhoto: ImageNode
    private let backPhoto: ImageNode
    private let context: SceneContext
    /// The photos to cycle through: the title of each and how to get its picture (bundled,
    /// the user's, or the component's drawn cards), each no larger than the 240-pt card needs.
    private let photos: [(title: String, load: () -> ImageAsset)]
    /// The photo after the current one, loading ahead so the cross-fade has its pixels.
    private var upcoming: ImageAsset?
    private var button: Button?
    private(set) var index = 0
    private var timer: Int?
    public static let name = "gradient"
    public static let title = "Photo gradient"
    public static let summary = "a gradient sampled from the photo, cross-fading as photos change every 1.5 s (ImageDerivedGradientBackground)"

    /// Seconds between photos, and the cross-fade.
    static let interval = 1.5
    static let crossFade = Animation.easeInOut(duration: 0.8)

    static let bands = SettingKey.integer("bands", help: "gradient bands sampled from the photo (default 3)", range: 1...24, default: 3)
    static let fallback = SettingKey.colors("fallback", help: "colours while no photo gives any (default indigo,black)", default: "indigo,black")
    public static let settings = [bands.setting, fallback.setting, DrawnPhotos.setting.setting]

    /// More or fewer bands are sampled again from the photo on screen.
    public func apply(_ name: String, _ value: String) -> Bool {
        guard name == Self.bands.name, let n = try? Self.bands.parse(value) else { return false }
        gradient.bands = n
        return true
    }

    public init(context: SceneContext) throws(SettingError) {
        self.context = context
        let bands = try context.setting(Self.bands)
        let fallback = try context.setting(Self.fallback)
        let cardSize = Size(width: 240, height: 240)
        if try context.setting(DrawnPhotos.setting) == 1 {
            // Image Derived Gradient Background's own three cards, drawn.
            photos = DrawnPhotos.gradientCards.enumerated().map { i, c in (c.title, { DrawnPhotos.gradientImage(i, in: context) }) }
        } else if let user = context.photos {
            photos = user.map { p in (p.title, { context.userPhoto(p.path, shownIn: cardSize) }) }
        } else {
            photos = GalleryScene.photos.map { path, title in (title, { context.photo(path, shownIn: cardSize) }) }
        }
        let first = photos.first.map { $0.load() } ?? ImageAsset(name: "none", state: .failed("no photos"))
        gradient = DerivedGradientBackground(image: first, bands: bands, fallback: fallback, motion: context.motion)
        frontPhoto = ImageNode(first, contentMode: .fill, cornerRadius: 36, cornerStyle: .continuous)
        backPhoto = ImageNode(first, contentMode: .fill, cornerRadius: 36, cornerStyle: .continuous)
        guard !photos.isEmpty else {
            root = Decorated(EmptyState.node(context.photoSource, listing: context.listingPhotos), backgrounds: [gradient])
            return
        }
        backPhoto.opacity = 0
        // Each photo casts its own shadow (Image Derived Gradient Background puts `.shadow` on the photo, inside its
        // opacity transition), so a photo's shadow fades with it.
        for p in [backPhoto, frontPhoto] { p.shadow = ShadowStyle(color: Color.black.opacity(0.35), radius: 28, y: 16) }
        let card = ZStack([backPhoto, frontPhoto]).frame(width: 240, height: 240)
        card.clip = nil
        let button = Button(label: GradientScene.label(photos[0].title), content: card)
        root = Decorated(button.frame(maxWidth: .infinity, maxHeight: .infinity), backgrounds: [gradient])
        button.action = { [unowned self] in self.advance() }
        self.button = button
        if photos.count > 1 { upcoming = photos[1].load() }
        context.motion.observe { [weak self] _ in self?.schedule() }
        schedule()
    }

    /// The next photo: both it and the gradient cross-fade.
    func advance() {
        guard !photos.isEmpty else { return }
        index = (index + 1) % photos.count
        let next = upcoming ?? photos[index].load()
        upcoming = photos.count > 1 ? photos[(index + 1) % photos.count].load() : nil
        button?.semantics.label = GradientScene.label(photos[index].title)
        // The outgoing photo moves to the back layer and fades out as the new one fades in.
        backPhoto.asset = frontPhoto.asset
        backPhoto.opacity = 1
        frontPhoto.asset = next
        frontPhoto.opacity = 0
        withAnimation(context.motion.reduceMotion ? nil : GradientScene.crossFade) {
            frontPhoto.opacity = 1
            backPhoto.opacity = 0
        }
        gradient.setImage(next)
        schedule()
    }

    /// What a screen reader says for the photo button.
    static func label(_ title: String) -> String { "Photo: \(title). Tap for the next one" }

    /// Every 1.5 s, unless Reduce Motion is on.
    private func schedule() {
        if let t = timer { context.clock.cancel(t); timer = nil }
        guard !context.motion.reduceMotion else { return }
        timer = context.clock.schedule(at: context.clock.now + GradientScene.interval) { [weak self] in
            self?.timer = nil
            self?.advance()
        }
    }

    /// For `lumen bench`: always mid-cross-fade (the next one starts as soon as one ends).
    public var benchMotion: BenchMotion {
        .custom { [unowned self] _ in if !context.clock.isAnimating { advance() } }
    }
}
