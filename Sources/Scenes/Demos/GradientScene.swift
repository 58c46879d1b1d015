import Animation
import Foundation
import Geometry
import Render
import Widgets

/// Seed 003's demo: the derived-gradient background behind a 240 pt photo with 36 pt
/// continuous corners and a large soft shadow, moving to the next photo every 1.5 s with a
/// 0.8 s cross-fade of photo and gradient. With Reduce Motion it does not advance by itself;
/// a click or tap (or Space / Return) advances. `--set bands=…`, `fallback=indigo,black`.
public final class GradientScene: Scene {
    public let root: Node
    let gradient: DerivedGradientBackground
    private let frontPhoto: ImageNode
    private let backPhoto: ImageNode
    private let context: SceneContext
    private let photos: [ImageAsset]
    private(set) var index = 0
    private var timer: Int?
    public static let name = "gradient"
    public static let summary = "seed 003: a gradient sampled from the photo, cross-fading as photos change every 1.5 s"

    /// Seconds between photos, and the cross-fade.
    static let interval = 1.5
    static let crossFade = Animation.easeInOut(duration: 0.8)

    static let bands = SettingKey.integer("bands", help: "gradient bands sampled from the photo (default 3)", range: 1...24)
    static let fallback = SettingKey.colors("fallback", help: "colours while no photo gives any (default indigo,black)")
    public static let settings = [bands.setting, fallback.setting]

    public init(context: SceneContext) throws(SettingError) {
        self.context = context
        let bands = try context.value(Self.bands) ?? 3
        let fallback = try context.value(Self.fallback) ?? [.indigo, .black]
        photos = GalleryScene.photos.map { context.photo($0.0) }
        gradient = DerivedGradientBackground(image: photos[0], bands: bands, fallback: fallback, motion: context.motion)
        frontPhoto = ImageNode(photos[0], contentMode: .fill, cornerRadius: 36, cornerStyle: .continuous)
        backPhoto = ImageNode(photos[0], contentMode: .fill, cornerRadius: 36, cornerStyle: .continuous)
        backPhoto.opacity = 0
        let card = ZStack([backPhoto, frontPhoto]).frame(width: 240, height: 240)
        card.shadow = ShadowStyle(color: Color.black.opacity(0.35), radius: 28, y: 16)
        card.clip = nil
        let button = Button(label: "Photo: \(GalleryScene.photos[0].1). Tap for the next one", content: card)
        root = Decorated(button.frame(maxWidth: .infinity, maxHeight: .infinity), backgrounds: [gradient])
        button.action = { [unowned self] in self.advance() }
        context.motion.observe { [weak self] _ in self?.schedule() }
        schedule()
    }

    /// The next photo: both it and the gradient cross-fade.
    func advance() {
        index = (index + 1) % photos.count
        let next = photos[index]
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
